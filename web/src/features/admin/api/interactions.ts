import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInteraction, AdminInteractionList, InteractionBody } from '#contract/interactions.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

const key = ['admin', 'interactions'] as const;

/** The whole table (a few hundred rows at most) and the agents its rows may name. */
export const adminInteractionsQueryOptions = queryOptions({
  queryKey: key,
  queryFn: ({ signal }) => apiFetch<AdminInteractionList>('/api/admin/interactions', { signal }),
});

export function useAdminInteractions() {
  return useQuery(adminInteractionsQueryOptions);
}

export function useSaveInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: InteractionBody }) =>
      id
        ? apiFetch<AdminInteraction>(`/api/admin/interactions/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<AdminInteraction>('/api/admin/interactions', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true; message: string }>(`/api/admin/interactions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
