import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SessionInfo, authEndpoints } from '#contract/auth.ts';
import { api } from '#web/lib/api.ts';

export const sessionsQueryOptions = queryOptions({
  queryKey: ['sessions'],
  queryFn: ({ signal }) => api(authEndpoints.listSessions, { signal }).then((data) => data.sessions),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: SessionInfo) => api(authEndpoints.endSession, { params: { id: session.id } }),
    onSuccess: (_result, session) => {
      if (!session.current) void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    },
  });
}
