import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#contract/auth.ts';
import { api } from '#web/lib/api.ts';
import { withReauth } from '#web/lib/reauth.ts';
import { refreshUser } from '#web/lib/session.ts';
import { sessionsQueryOptions } from './sessions.ts';

/** POST /api/auth/change-password; every other session ends, so the session list changes too. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    // An account without a password (Google only) needs a recent Google sign-in: the dialog offers one.
    mutationFn: (body: ChangePasswordBody) => withReauth(() => api('POST /api/auth/change-password', { body })),
    onSuccess: () => {
      void refreshUser(queryClient);
      void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    },
  });
}
