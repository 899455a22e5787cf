import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayIntakeBody, DayView, EffectsBody, Effects, MarkTodayResult, MonthDays, SupplementLogEntry } from '#contract/supplement-logs.ts';
import { streakQueryOptions } from '#web/features/streaks/public.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** One local day: intake, notes, the effects rating and the day's intake warnings (dashboard and history alike). */
export function dayQueryOptions(date: string) {
  return queryOptions({
    queryKey: ['supplement-logs', 'day', date],
    queryFn: ({ signal }) => apiFetch<DayView>(`/api/supplement-logs/${encodeURIComponent(date)}`, { signal }),
  });
}

export function useDay(date: string) {
  return useQuery(dayQueryOptions(date));
}

/** The days of a month with something logged, to mark them in the history's day row. */
export function useMonthDays(month: string) {
  return useQuery({
    queryKey: ['supplement-logs', 'month', month],
    queryFn: ({ signal }) => apiFetch<MonthDays>(`/api/supplement-logs/days?month=${encodeURIComponent(month)}`, { signal }),
  });
}

/** "Save Today": the day named by the entries' time has its intake replaced, so saving again edits it. */
export function useSaveIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logs: SupplementLogEntry[]) =>
      apiFetch<{ id: string; takenAt: string }[]>('/api/supplement-logs', { method: 'POST', body: { logs } }),
    onSuccess: () => refreshDays(queryClient),
  });
}

/** After any change to a day: every day and month asked under `['supplement-logs']`, and the streak, which counts the same rows. */
function refreshDays(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['supplement-logs'] }),
    queryClient.invalidateQueries({ queryKey: streakQueryOptions.queryKey }),
  ]);
}

/** A past day's intake (product.md, Tracking, "Any day"): each supplement sent is taken that day or not. */
export function useSaveDay(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logs: DayIntakeBody['logs']) => apiFetch<DayView>(`/api/supplement-logs/${encodeURIComponent(date)}`, { method: 'PUT', body: { logs } }),
    onSuccess: () => refreshDays(queryClient),
  });
}

/** Deletes a day's intake (its notes and rating stay). */
export function useDeleteDayIntake(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ ok: true; message: string }>(`/api/supplement-logs/${encodeURIComponent(date)}`, { method: 'DELETE' }),
    onSuccess: () => refreshDays(queryClient),
  });
}

/** The day's energy, mood and sleep; one per local day, saving again replaces it. */
export function useSaveEffects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EffectsBody) => apiFetch<Effects>('/api/effects', { method: 'POST', body }),
    onSuccess: () => refreshDays(queryClient),
  });
}

export function useDeleteEffects(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ ok: true; message: string }>(`/api/effects/${encodeURIComponent(date)}`, { method: 'DELETE' }),
    onSuccess: () => refreshDays(queryClient),
  });
}

/** One tap in "Today": one supplement taken (or not) today, the rest of the day left as it is. */
export function useMarkToday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ supplementId, taken }: { supplementId: string; taken: boolean }) =>
      apiFetch<MarkTodayResult>(`/api/supplement-logs/today/${encodeURIComponent(supplementId)}`, { method: 'PUT', body: { taken } }),
    onSuccess: () => refreshDays(queryClient),
  });
}

/** Removes one supplement from the day it was logged on (product.md, Tracking, "Any day"). */
export function useDeleteLogEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true; message: string }>(`/api/supplement-logs/entries/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refreshDays(queryClient),
  });
}
