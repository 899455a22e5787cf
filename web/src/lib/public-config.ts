import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#contract/auth.ts';
import { apiFetch } from './api-fetch.ts';

/** Settings the web needs before anyone signs in (Google on or off, support address). */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiFetch<PublicConfig>('/api/config', { signal }),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
