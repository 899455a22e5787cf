import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '#contract/auth.ts';
import { api } from '#web/lib/api.ts';

export const sessionsQueryOptions = queryOptions({
  queryKey: ['sessions'],
  queryFn: ({ signal }) => api('GET /api/sessions', { signal }).then((data) => data.sessions),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: SessionInfo) => api('DELETE /api/sessions/:id', { params: { id: session.id } }),
    onSuccess: (_result, session) => {
      if (!session.current) void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    },
  });
}
