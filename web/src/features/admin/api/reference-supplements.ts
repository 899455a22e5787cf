import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferenceSortField, ReferenceSupplement, ReferenceSupplementBody, ReferenceSupplementList } from '#contract/admin.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export type ReferenceQuery = { q: string; sort: ReferenceSortField; order: 'asc' | 'desc'; page: number; pageSize: number };

const key = ['admin', 'supplements'] as const;

export const referenceSupplementsQueryOptions = (query: ReferenceQuery) =>
  queryOptions({
    queryKey: [...key, query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q: query.q, sort: query.sort, order: query.order, page: String(query.page), pageSize: String(query.pageSize) });
      return apiFetch<ReferenceSupplementList>(`/api/admin/supplements?${params}`, { signal });
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
        ? apiFetch<ReferenceSupplement>(`/api/admin/supplements/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<ReferenceSupplement>('/api/admin/supplements', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteReferenceSupplement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true; message: string }>(`/api/admin/supplements/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
