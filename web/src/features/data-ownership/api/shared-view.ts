import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '#web/lib/api-fetch.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/share/{token}: no sign-in. Each load is one logged opening, so it is not refetched. */
export function sharedDataQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['shared-data', token],
    queryFn: ({ signal }) => api('GET /api/share/:token', { params: { token }, signal }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 1,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useSharedData(token: string) {
  return useQuery(sharedDataQueryOptions(token));
}
