import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Streak } from '#contract/tracking.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** `GET /api/supplements/streak`: the logging streak that can earn extra trial days. */
export const streakQueryOptions = queryOptions({
  queryKey: ['billing', 'streak'],
  queryFn: ({ signal }) => apiFetch<Streak>('/api/supplements/streak', { signal }),
});

export function useStreak(enabled = true) {
  return useQuery({ ...streakQueryOptions, enabled });
}
