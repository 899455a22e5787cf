import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '#contract/auth.ts';
import { api } from '#web/lib/api.ts';

export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactBody) => api('POST /api/contact', { body }),
  });
}
