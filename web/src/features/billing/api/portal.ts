import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** `POST /api/stripe/portal`: the provider's page to change the card or cancel. */
export function createPortalSession(): Promise<{ url: string }> {
  return apiFetch<{ url: string }>('/api/stripe/portal', { method: 'POST' });
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
