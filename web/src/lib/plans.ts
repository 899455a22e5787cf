import { queryOptions, useQuery } from '@tanstack/react-query';
import type { plansEndpoints } from '#contract/plans.ts';
import { api } from './api.ts';

/** The plan catalogue: every price, limit and the trial length come from here, never a literal. */
export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => api<typeof plansEndpoints.plans>({ method: 'GET', path: '/api/plans' }, { signal }),
  staleTime: 5 * 60 * 1000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
