import { queryOptions, useQuery } from '@tanstack/react-query';
import { insightsEndpoints } from '#contract/insights.ts';
import { api } from '#web/lib/api.ts';

/** Every comparison of the stack's supplements with the daily ratings (a preview below Pro and the trial). */
export const insightsQueryOptions = queryOptions({
  queryKey: ['insights'],
  queryFn: ({ signal }) => api(insightsEndpoints.insights, { signal }),
});

export function useInsights() {
  return useQuery(insightsQueryOptions);
}
