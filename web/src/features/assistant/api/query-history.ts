import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

const historyKey = ['assistant', 'query-history'] as const;

/**
 * `GET /api/query/history`: the signed-in user's earlier questions and answers on /ask, newest
 * first (product.md, Assistant). A failure is logged only and reads as an empty list.
 */
export function useQueryHistory(enabled: boolean) {
  return useQuery({
    queryKey: historyKey,
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await api('GET /api/query/history', { signal });
      } catch (error) {
        console.warn('Could not load the question history', error);
        return [];
      }
    },
  });
}

/** Clear Chat, signed in: the kept questions and answers are deleted on the server too. */
export function useClearQueryHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/query/history'),
    onSuccess: () => queryClient.setQueryData(historyKey, []),
  });
}
