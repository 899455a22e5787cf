import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/**
 * Interactions and allergy warnings of the whole stack. Under the `supplements` key, so that
 * adding, editing or deleting a supplement (or a medication) asks again.
 */
export const stackInteractionsQueryOptions = queryOptions({
  queryKey: ['supplements', 'interactions', 'stack'],
  queryFn: ({ signal }) => api('GET /api/interactions', { signal }),
});

export function useStackInteractions() {
  return useQuery(stackInteractionsQueryOptions);
}
