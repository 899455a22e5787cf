import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Medication, MedicationBody } from '#contract/interactions.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export const medicationsQueryOptions = queryOptions({
  queryKey: ['medications'],
  queryFn: ({ signal }) => apiFetch<Medication[]>('/api/medications', { signal }),
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
      id
        ? apiFetch<Medication>(`/api/medications/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<Medication>('/api/medications', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useDeleteMedication() {
  const refresh = useRefreshStack();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true; message: string }>(`/api/medications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
