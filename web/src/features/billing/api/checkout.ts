import { useMutation } from '@tanstack/react-query';
import type { CheckoutUrl, CreateCheckoutBody } from '#contract/billing.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** `POST /api/stripe/create-checkout-session`: the provider's payment page to send the browser to. */
export function createCheckoutSession(body: CreateCheckoutBody): Promise<CheckoutUrl> {
  return apiFetch<CheckoutUrl>('/api/stripe/create-checkout-session', { method: 'POST', body });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
