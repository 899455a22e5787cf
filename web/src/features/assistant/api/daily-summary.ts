import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/**
 * `POST /api/assistant/daily-summary`: the assistant writes a short summary of one local day
 * from its logs, stored as that day's "Daily Summary" (writing it again replaces it).
 */
export function useWriteDailySummary() {
  return useMutation({
    mutationFn: (date: string) => api('POST /api/assistant/daily-summary', { body: { date } }),
  });
}
