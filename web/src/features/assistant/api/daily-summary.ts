import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-fetch.ts';

export type DailySummary = { id: string; date: string; summary: string; loggedAt: string };

/**
 * `POST /api/assistant/daily-summary`: the assistant writes a short summary of one local day
 * from its logs, stored as that day's "Daily Summary" (writing it again replaces it).
 */
export function useWriteDailySummary() {
  return useMutation({
    mutationFn: (date: string) => apiFetch<DailySummary>('/api/assistant/daily-summary', { method: 'POST', body: { date } }),
  });
}
