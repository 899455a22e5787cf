import { QueryClient } from '@tanstack/react-query';

/**
 * General data fetching retries once and does not refetch on window focus.
 * An answer stays fresh for a few seconds, so that parts of a page that mount just after it
 * arrived (the dashboard's cards once their first data is in) read it instead of asking again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 3_000 },
      mutations: { retry: false },
    },
  });
}
