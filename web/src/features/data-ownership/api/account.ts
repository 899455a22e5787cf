import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '#contract/data-ownership.ts';
import { api } from '#web/lib/api.ts';
import { withReauth } from '#web/lib/reauth.ts';

/** DELETE /api/account; the caller signs the browser out when it succeeds. */
export function useDeleteAccount() {
  return useMutation({
    // An account without a password needs a recent Google sign-in: the dialog offers one.
    mutationFn: (body: DeleteAccountBody) => withReauth(() => api('DELETE /api/account', { body })),
  });
}
