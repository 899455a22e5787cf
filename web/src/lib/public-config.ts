import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** Settings the web needs before anyone signs in (Google on or off, support address). */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api('GET /api/config', { signal }),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
