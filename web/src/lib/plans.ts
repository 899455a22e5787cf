import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponse } from '#contract/plans.ts';
import { apiFetch } from './api-fetch.ts';

/** The plan catalogue: every price, limit and the trial length come from here, never a literal. */
export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => apiFetch<PlansResponse>('/api/plans', { signal }),
  staleTime: 5 * 60 * 1000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
