import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportResult, importResultSchema } from '#contract/data-ownership.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** POST /api/import: a StackLab export (JSON or zip) or a CSV of biomarker results. */
export function useImportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<ImportResult> => {
      const form = new FormData();
      form.append('file', file);
      return importResultSchema.parse(await apiFetch('/api/import', { method: 'POST', body: form }));
    },
    // Everything the user sees may have grown: supplements, logs, labs, stats.
    onSuccess: () => void queryClient.invalidateQueries({ predicate: (query) => !['user', 'config', 'plans', 'shares', 'sessions'].includes(String(query.queryKey[0])) }),
  });
}
