import { queryOptions, useQuery } from '@tanstack/react-query';
import type { authEndpoints } from '#contract/auth.ts';
import { api } from './api.ts';

/** Settings the web needs before anyone signs in (Google on or off, support address). */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api<typeof authEndpoints.publicConfig>({ method: 'GET', path: '/api/config' }, { signal }),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
