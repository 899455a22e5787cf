import { useMutation } from '@tanstack/react-query';
import type { CheckoutUrl, CreateCheckoutBody } from '#contract/billing.ts';
import { api } from '#web/lib/api.ts';

/** `POST /api/stripe/create-checkout-session`: the provider's payment page to send the browser to. */
export function createCheckoutSession(body: CreateCheckoutBody): Promise<CheckoutUrl> {
  return api('POST /api/stripe/create-checkout-session', { body });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
