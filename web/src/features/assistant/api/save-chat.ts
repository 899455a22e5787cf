import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '#contract/assistant.ts';
import { api } from '#web/lib/api.ts';

/** Tags of a conversation saved from the dashboard panel (product.md, Assistant, "Saved chat": includes ai_conversation). */
export const DASHBOARD_CHAT_TAGS = ['ai_conversation', 'dashboard'];

/**
 * `POST /api/chat/save`: a finished conversation becomes a chat note of today, shown as
 * "AI Chat" in the history. The day views (history, today) are refetched so it appears there.
 */
export function useSaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messages: ChatMessage[]) =>
      api('POST /api/chat/save', { body: { content: JSON.stringify(messages), type: 'chat', tags: DASHBOARD_CHAT_TAGS } }),
    // The history day and the dashboard's today both read the day's notes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['history'] }),
        queryClient.invalidateQueries({ queryKey: ['supplement-logs'] }),
      ]),
  });
}
