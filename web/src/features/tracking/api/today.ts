import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayView, EffectsBody, Effects, SupplementLogEntry, Streak } from '#contract/tracking.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** One local day: intake, notes, the effects rating and the day's intake warnings. */
export function dayQueryOptions(date: string) {
  return queryOptions({
    queryKey: ['supplement-logs', 'day', date],
    queryFn: ({ signal }) => apiFetch<DayView>(`/api/supplement-logs/${encodeURIComponent(date)}`, { signal }),
  });
}

export function useDay(date: string) {
  return useQuery(dayQueryOptions(date));
}

export const streakQueryOptions = queryOptions({
  queryKey: ['streak'],
  queryFn: ({ signal }) => apiFetch<Streak>('/api/supplements/streak', { signal }),
});

export function useStreak() {
  return useQuery(streakQueryOptions);
}

/** "Save Today": the day named by the entries' time has its intake replaced, so saving again edits it. */
export function useSaveIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logs: SupplementLogEntry[]) =>
      apiFetch<{ id: string; takenAt: string }[]>('/api/supplement-logs', { method: 'POST', body: { logs } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['supplement-logs'] }),
        queryClient.invalidateQueries({ queryKey: streakQueryOptions.queryKey }),
      ]),
  });
}

/** The day's energy, mood and sleep; one per local day, saving again replaces it. */
export function useSaveEffects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EffectsBody) => apiFetch<Effects>('/api/effects', { method: 'POST', body }),
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: dayQueryOptions(saved.date).queryKey }),
  });
}
