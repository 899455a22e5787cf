import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InteractionBody } from '#contract/interactions.ts';
import { api } from '#web/lib/api.ts';

const key = ['admin', 'interactions'] as const;

/** The whole table (a few hundred rows at most) and the agents its rows may name. */
export const adminInteractionsQueryOptions = queryOptions({
  queryKey: key,
  queryFn: ({ signal }) => api('GET /api/admin/interactions', { signal }),
});

export function useAdminInteractions() {
  return useQuery(adminInteractionsQueryOptions);
}

export function useSaveInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: InteractionBody }) =>
      id
        ? api('PUT /api/admin/interactions/:id', { params: { id }, body })
        : api('POST /api/admin/interactions', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/admin/interactions/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
