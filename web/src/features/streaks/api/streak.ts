import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/**
 * `GET /api/supplements/streak`, under one query key for every screen that shows it (the streak
 * card, the reminder, the trial extension), so that logging a day refreshes all of them.
 */
export const streakQueryOptions = queryOptions({
  queryKey: ['streak'],
  queryFn: ({ signal }) => api('GET /api/supplements/streak', { signal }),
});

export function useStreak(enabled = true) {
  return useQuery({ ...streakQueryOptions, enabled });
}
