import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayView, MonthDays } from '#contract/tracking.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** One local day (spec section 7: retries once, the default). */
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
