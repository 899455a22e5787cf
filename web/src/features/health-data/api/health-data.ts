import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HealthHistoryKind, HealthSource } from '#contract/health-data.ts';
import { api } from '#web/lib/api.ts';

/** Sleep, resting heart rate, HRV and steps for the last 30 days (the cards show 7 or 30). */
export const healthSummaryQueryOptions = queryOptions({
  queryKey: ['health-data', 'summary'],
  queryFn: ({ signal }) => api('GET /api/health-data/summary', { query: { days: 30 }, signal }),
});

export function useHealthSummary() {
  return useQuery(healthSummaryQueryOptions);
}

export function useHealthHistory(kind: HealthHistoryKind) {
  return useQuery({
    queryKey: ['health-data', 'history', kind],
    queryFn: ({ signal }) => api('GET /api/health-data/history', { query: { kind }, signal }),
  });
}

export function useHealthSources() {
  return useQuery({
    queryKey: ['health-data', 'sources'],
    queryFn: ({ signal }) => api('GET /api/health-data/sources', { signal }),
  });
}

/** The imports; polled every second while one is still being read. */
export function useHealthImports() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['health-imports'],
    queryFn: async ({ signal }) => {
      const answer = await api('GET /api/health-imports', { signal });
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
      return api('POST /api/health-imports', { body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['health-imports'] }),
  });
}

export function useDeleteHealthSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: HealthSource) => api('DELETE /api/health-data/sources/:source', { params: { source } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['health-data'] }),
  });
}
