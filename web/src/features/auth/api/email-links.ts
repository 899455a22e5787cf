import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { refreshUser, setSignedInUser } from '#web/lib/session.ts';

/** Confirms the address from the e-mailed link; the server signs the user in on success. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api('POST /api/auth/verify-email', { body: { token } }),
    onSuccess: (result) => {
      if (result.user) setSignedInUser(queryClient, result.user);
      void refreshUser(queryClient);
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => api('POST /api/auth/resend-verification', { body: { email } }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api('POST /api/auth/forgot-password', { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api('POST /api/auth/reset-password', { body }),
  });
}
