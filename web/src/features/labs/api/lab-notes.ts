import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LabInterference } from '#contract/interactions.ts';
import { api } from '#web/lib/api.ts';
import { LABS_QUERY_KEY } from './lab-files.ts';

/** Results taken while a supplement known to distort that test was in the stack (product.md, Medications and interactions). */
export const labNotesQueryOptions = queryOptions({
  queryKey: [...LABS_QUERY_KEY, 'interference'],
  queryFn: ({ signal }) => api('GET /api/interactions/lab-notes', { signal }),
  staleTime: 60_000,
});

/** The notes of one result; none while they load. */
export function useResultNotes(resultId: string): LabInterference[] {
  const notes = useQuery(labNotesQueryOptions);
  return notes.data?.notes.filter((note) => note.resultId === resultId) ?? [];
}
