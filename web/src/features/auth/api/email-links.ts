import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResult } from '#contract/auth.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { refreshUser, setSignedInUser } from '#web/lib/session.ts';

type OkMessage = { ok: true; message: string };

/** Confirms the address from the e-mailed link; the server signs the user in on success. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiFetch<AuthResult>('/api/auth/verify-email', { method: 'POST', body: { token } }),
    onSuccess: (result) => {
      if (result.user) setSignedInUser(queryClient, result.user);
      void refreshUser(queryClient);
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => apiFetch<OkMessage>('/api/auth/resend-verification', { method: 'POST', body: { email } }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => apiFetch<OkMessage>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiFetch<OkMessage>('/api/auth/reset-password', { method: 'POST', body }),
  });
}
