import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayIntakeBody, EffectsBody, SupplementLogEntry } from '#contract/supplement-logs.ts';
import { streakQueryOptions } from '#web/features/streaks/public.ts';
import { api } from '#web/lib/api.ts';

/** One local day: intake, notes, the effects rating and the day's intake warnings (dashboard and history alike). */
export function dayQueryOptions(date: string) {
  return queryOptions({
    queryKey: ['supplement-logs', 'day', date],
    queryFn: ({ signal }) => api('GET /api/supplement-logs/:date', { params: { date }, signal }),
  });
}

export function useDay(date: string) {
  return useQuery(dayQueryOptions(date));
}

/** The days of a month with something logged, to mark them in the history's day row. */
export function useMonthDays(month: string) {
  return useQuery({
    queryKey: ['supplement-logs', 'month', month],
    queryFn: ({ signal }) => api('GET /api/supplement-logs/days', { query: { month }, signal }),
  });
}

/** "Save Today": the day named by the entries' time has its intake replaced, so saving again edits it. */
export function useSaveIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logs: SupplementLogEntry[]) => api('POST /api/supplement-logs', { body: { logs } }),
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
    mutationFn: (logs: DayIntakeBody['logs']) => api('PUT /api/supplement-logs/:date', { params: { date }, body: { logs } }),
    onSuccess: () => refreshDays(queryClient),
  });
}

/** Deletes a day's intake (its notes and rating stay). */
export function useDeleteDayIntake(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/supplement-logs/:date', { params: { date } }),
    onSuccess: () => refreshDays(queryClient),
  });
}

/** The day's energy, mood and sleep; one per local day, saving again replaces it. */
export function useSaveEffects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EffectsBody) => api('POST /api/effects', { body }),
    onSuccess: () => refreshDays(queryClient),
  });
}

export function useDeleteEffects(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/effects/:date', { params: { date } }),
    onSuccess: () => refreshDays(queryClient),
  });
}

/** One tap in "Today": one supplement taken (or not) today, the rest of the day left as it is. */
export function useMarkToday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ supplementId, taken }: { supplementId: string; taken: boolean }) =>
      api('PUT /api/supplement-logs/today/:supplementId', { params: { supplementId }, body: { taken } }),
    onSuccess: () => refreshDays(queryClient),
  });
}

/** Removes one supplement from the day it was logged on (product.md, Tracking, "Any day"). */
export function useDeleteLogEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/supplement-logs/entries/:id', { params: { id } }),
    onSuccess: () => refreshDays(queryClient),
  });
}
