import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResult, LoginBody } from '#contract/auth.ts';
import { api } from '#web/lib/api.ts';
import { refreshUser, setSignedInUser } from '#web/lib/session.ts';

export function login(body: LoginBody): Promise<AuthResult> {
  return api('POST /api/login', { body });
}

/** Signs in; the caller decides where to go, then the session query is refreshed. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (result.user) setSignedInUser(queryClient, result.user);
      void refreshUser(queryClient);
    },
  });
}
