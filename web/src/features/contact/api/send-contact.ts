import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '#contract/auth.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactBody) => apiFetch<{ ok: true; message: string }>('/api/contact', { method: 'POST', body }),
  });
}
