import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** Every comparison of the stack's supplements with the daily ratings (a preview below Pro and the trial). */
export const insightsQueryOptions = queryOptions({
  queryKey: ['insights'],
  queryFn: ({ signal }) => api('GET /api/insights', { signal }),
});

export function useInsights() {
  return useQuery(insightsQueryOptions);
}
