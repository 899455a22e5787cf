import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupplementBody } from '#contract/supplements.ts';
import { api } from '#web/lib/api.ts';

/** The user's stack. product.md, Tracking: cached 5 minutes, 2 retries. */
export const supplementsQueryOptions = queryOptions({
  queryKey: ['supplements'],
  queryFn: ({ signal }) => api('GET /api/supplements', { signal }),
  staleTime: 5 * 60 * 1000,
  retry: 2,
});

export function useSupplements() {
  return useQuery(supplementsQueryOptions);
}

/** Nutrients whose daily total from the stack is above the adult upper limit. */
export const stackWarningsQueryOptions = queryOptions({
  queryKey: ['supplements', 'warnings'],
  queryFn: ({ signal }) => api('GET /api/supplements/warnings', { signal }),
});

export function useStackWarnings() {
  return useQuery(stackWarningsQueryOptions);
}

/** Adds a supplement (no id) or updates one; either way the stack and its warnings are re-read. */
export function useSaveSupplement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SupplementBody }) =>
      id ? api('PUT /api/supplements/:id', { params: { id }, body }) : api('POST /api/supplements', { body }),
    // The warnings' key starts with the stack's, so both are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplementsQueryOptions.queryKey }),
  });
}

export function useDeleteSupplement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/supplements/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplementsQueryOptions.queryKey }),
  });
}

/** Puts a nutrient's warning away until a dose behind it changes; the server answers the warnings. */
export function useDismissWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nutrient: string) => api('POST /api/supplements/warnings/:nutrient/dismiss', { params: { nutrient } }),
    onSuccess: (warnings) => queryClient.setQueryData(stackWarningsQueryOptions.queryKey, warnings),
  });
}
