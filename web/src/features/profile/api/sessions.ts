import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '#contract/auth.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export const sessionsQueryOptions = queryOptions({
  queryKey: ['sessions'],
  queryFn: ({ signal }) => apiFetch<{ sessions: SessionInfo[] }>('/api/sessions', { signal }).then((data) => data.sessions),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: SessionInfo) =>
      apiFetch<{ ok: true; message: string }>(`/api/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE' }),
    onSuccess: (_result, session) => {
      if (!session.current) void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    },
  });
}
