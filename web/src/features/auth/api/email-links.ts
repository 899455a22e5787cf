import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '#contract/auth.ts';
import { api } from '#web/lib/api.ts';
import { refreshUser, setSignedInUser } from '#web/lib/session.ts';

/** Confirms the address from the e-mailed link; the server signs the user in on success. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api(authEndpoints.verifyEmail, { body: { token } }),
    onSuccess: (result) => {
      if (result.user) setSignedInUser(queryClient, result.user);
      void refreshUser(queryClient);
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => api(authEndpoints.resendVerification, { body: { email } }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api(authEndpoints.forgotPassword, { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api(authEndpoints.resetPassword, { body }),
  });
}
