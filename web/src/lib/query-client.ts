import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: general data fetching retries once and does not refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
