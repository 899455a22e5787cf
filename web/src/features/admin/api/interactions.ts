import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type InteractionBody, interactionsEndpoints } from '#contract/interactions.ts';
import { api } from '#web/lib/api.ts';

const key = ['admin', 'interactions'] as const;

/** The whole table (a few hundred rows at most) and the agents its rows may name. */
export const adminInteractionsQueryOptions = queryOptions({
  queryKey: key,
  queryFn: ({ signal }) => api(interactionsEndpoints.adminList, { signal }),
});

export function useAdminInteractions() {
  return useQuery(adminInteractionsQueryOptions);
}

export function useSaveInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: InteractionBody }) =>
      id
        ? api(interactionsEndpoints.adminUpdate, { params: { id }, body })
        : api(interactionsEndpoints.adminCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(interactionsEndpoints.adminRemove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
