import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferenceSortField, ReferenceSupplementBody } from '#contract/admin.ts';
import { api } from '#web/lib/api.ts';

export type ReferenceQuery = { q: string; sort: ReferenceSortField; order: 'asc' | 'desc'; page: number; pageSize: number };

const key = ['admin', 'supplements'] as const;

export const referenceSupplementsQueryOptions = (query: ReferenceQuery) =>
  queryOptions({
    queryKey: [...key, query],
    queryFn: ({ signal }) => {
      const { q, sort, order, page, pageSize } = query;
      return api('GET /api/admin/supplements', { query: { q, sort, order, page, pageSize }, signal });
    },
    placeholderData: keepPreviousData,
  });

export function useReferenceSupplements(query: ReferenceQuery) {
  return useQuery(referenceSupplementsQueryOptions(query));
}

export function useSaveReferenceSupplement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: ReferenceSupplementBody }) =>
      id
        ? api('PUT /api/admin/supplements/:id', { params: { id }, body })
        : api('POST /api/admin/supplements', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteReferenceSupplement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/admin/supplements/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
