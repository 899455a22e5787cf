import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { LABS_QUERY_KEY } from './lab-files.ts';

/** Whether the AI model may read the text of the user's reports (`GET /api/labs/model-reading`). */
export const modelReadingQueryOptions = queryOptions({
  queryKey: [...LABS_QUERY_KEY, 'model-reading'],
  queryFn: ({ signal }) => api('GET /api/labs/model-reading', { signal }),
});

export function useModelReading() {
  return useQuery(modelReadingQueryOptions);
}

export function useSetModelReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api('PUT /api/labs/model-reading', { body: { enabled } }),
    onSuccess: (reading) => queryClient.setQueryData(modelReadingQueryOptions.queryKey, reading),
  });
}
