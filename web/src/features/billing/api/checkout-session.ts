import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '#web/lib/api-fetch.ts';
import { api } from '#web/lib/api.ts';

/** `GET /api/stripe/checkout-session/{id}`: what was paid on the way back from checkout. */
export function checkoutSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['billing', 'checkout-session', sessionId],
    queryFn: ({ signal }) => api('GET /api/stripe/checkout-session/:sessionId', { params: { sessionId }, signal }),
    // An unknown or malformed id will not become known by asking again; a network hiccup may pass.
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    staleTime: 0,
  });
}

export function useCheckoutSession(sessionId: string) {
  return useQuery(checkoutSessionQueryOptions(sessionId));
}
