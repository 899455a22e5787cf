import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** `POST /api/stripe/portal`: the provider's page to change the card or cancel. */
export function createPortalSession(): Promise<{ url: string }> {
  return api('POST /api/stripe/portal');
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
