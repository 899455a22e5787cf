import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HealthHistory, HealthHistoryKind, HealthImport, HealthSource, HealthSourceSummary, HealthSummary } from '#contract/health-data.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** Sleep, resting heart rate, HRV and steps for the last 30 days (the cards show 7 or 30). */
export const healthSummaryQueryOptions = queryOptions({
  queryKey: ['health-data', 'summary'],
  queryFn: ({ signal }) => apiFetch<HealthSummary>('/api/health-data/summary?days=30', { signal }),
});

export function useHealthSummary() {
  return useQuery(healthSummaryQueryOptions);
}

export function useHealthHistory(kind: HealthHistoryKind) {
  return useQuery({
    queryKey: ['health-data', 'history', kind],
    queryFn: ({ signal }) => apiFetch<HealthHistory>(`/api/health-data/history?kind=${kind}`, { signal }),
  });
}

export function useHealthSources() {
  return useQuery({
    queryKey: ['health-data', 'sources'],
    queryFn: ({ signal }) => apiFetch<{ sources: HealthSourceSummary[] }>('/api/health-data/sources', { signal }),
  });
}

/** The imports; polled every second while one is still being read. */
export function useHealthImports() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['health-imports'],
    queryFn: async ({ signal }) => {
      const answer = await apiFetch<{ imports: HealthImport[] }>('/api/health-imports', { signal });
      if (answer.imports.every((item) => item.status === 'done' || item.status === 'failed')) {
        void queryClient.invalidateQueries({ queryKey: ['health-data'] });
      }
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.imports.some((item) => item.status === 'queued' || item.status === 'reading') ? 1000 : false),
  });
}

export function useUploadHealthExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiFetch<HealthImport>('/api/health-imports', { method: 'POST', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['health-imports'] }),
  });
}

export function useDeleteHealthSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: HealthSource) => apiFetch<{ deleted: number }>(`/api/health-data/sources/${source}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['health-data'] }),
  });
}
