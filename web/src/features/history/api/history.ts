import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayView, MonthDays } from '#contract/supplement-logs.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { streakQueryOptions } from '#web/lib/streak.ts';

/** One local day (product.md, Tracking: retries once, the default). */
export function historyDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: ['history', 'day', date],
    queryFn: ({ signal }) => apiFetch<DayView>(`/api/supplement-logs/${encodeURIComponent(date)}`, { signal }),
  });
}

export function useHistoryDay(date: string) {
  return useQuery(historyDayQueryOptions(date));
}

/** The days of a month with something logged, to mark them in the day row. */
export function useMonthDays(month: string) {
  return useQuery({
    queryKey: ['history', 'month', month],
    queryFn: ({ signal }) => apiFetch<MonthDays>(`/api/supplement-logs/days?month=${encodeURIComponent(month)}`, { signal }),
  });
}

/**
 * Removes one supplement from the day it was logged on (product.md, Tracking, "Any day"); the day,
 * the dashboard's copy of it (`['supplement-logs', …]`) and the streak are asked again.
 */
export function useDeleteLogEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true; message: string }>(`/api/supplement-logs/entries/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['history'] }),
        queryClient.invalidateQueries({ queryKey: ['supplement-logs'] }),
        queryClient.invalidateQueries({ queryKey: streakQueryOptions.queryKey }),
      ]),
  });
}
