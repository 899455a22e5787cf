import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HealthStatsBody } from '#contract/health.ts';
import { api } from '#web/lib/api.ts';

/** Weight in pounds, height in inches, sleep in minutes (product.md, Profile and health stats); nulls until set. */
export const healthStatsQueryOptions = queryOptions({
  queryKey: ['health-stats'],
  queryFn: ({ signal }) => api('GET /api/health-stats', { signal }),
});

export function useHealthStats() {
  return useQuery(healthStatsQueryOptions);
}

/** A partial update: fields left out keep their stored value. */
export function useSaveHealthStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HealthStatsBody) => api('POST /api/health-stats', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(healthStatsQueryOptions.queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: healthStatsQueryOptions.queryKey });
    },
  });
}
