import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** The plan catalogue: every price, limit and the trial length come from here, never a literal. */
export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => api('GET /api/plans', { signal }),
  staleTime: 5 * 60 * 1000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
