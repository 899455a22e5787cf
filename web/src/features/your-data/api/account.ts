import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '#contract/data-ownership.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** DELETE /api/account; the caller signs the browser out when it succeeds. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => apiFetch<{ ok: true; message: string }>('/api/account', { method: 'DELETE', body }),
  });
}
