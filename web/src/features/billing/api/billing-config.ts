import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** `GET /api/billing/config`: the live provider (local test mode or Stripe) and the fallback payment links. */
export const billingConfigQueryOptions = queryOptions({
  queryKey: ['billing', 'config'],
  queryFn: ({ signal }) => api('GET /api/billing/config', { signal }),
  staleTime: 5 * 60 * 1000,
});

export function useBillingConfig() {
  return useQuery(billingConfigQueryOptions);
}
