import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MedicationBody } from '#contract/interactions.ts';
import { api } from '#web/lib/api.ts';

export const medicationsQueryOptions = queryOptions({
  queryKey: ['medications'],
  queryFn: ({ signal }) => api('GET /api/medications', { signal }),
  staleTime: 5 * 60 * 1000,
});

export function useMedications() {
  return useQuery(medicationsQueryOptions);
}

/** The stack's interactions live under `supplements` (features/interactions): ask them again too. */
function useRefreshStack() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: medicationsQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['supplements', 'interactions'] }),
    ]);
}

export function useSaveMedication() {
  const refresh = useRefreshStack();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: MedicationBody }) =>
      id ? api('PUT /api/medications/:id', { params: { id }, body }) : api('POST /api/medications', { body }),
    onSuccess: refresh,
  });
}

export function useDeleteMedication() {
  const refresh = useRefreshStack();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/medications/:id', { params: { id } }),
    onSuccess: refresh,
  });
}
