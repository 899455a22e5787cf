import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightsResponse } from '#contract/insights.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** Every comparison of the stack's supplements with the daily ratings (a preview below Pro and the trial). */
export const insightsQueryOptions = queryOptions({
  queryKey: ['insights'],
  queryFn: ({ signal }) => apiFetch<InsightsResponse>('/api/insights', { signal }),
});

export function useInsights() {
  return useQuery(insightsQueryOptions);
}
