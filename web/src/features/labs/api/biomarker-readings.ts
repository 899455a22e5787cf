import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '#web/lib/api-fetch.ts';
import { api } from '#web/lib/api.ts';
import { LABS_QUERY_KEY } from './lab-files.ts';

/** A biomarker's own page: its name and every reading of it, newest first (`GET /api/labs/biomarkers/{biomarker}/readings`). */
export function biomarkerReadingsQueryOptions(biomarker: string) {
  return queryOptions({
    queryKey: [...LABS_QUERY_KEY, 'biomarker', biomarker],
    queryFn: ({ signal }) => api('GET /api/labs/biomarkers/:biomarker/readings', { params: { biomarker }, signal }),
    // Readings change only by the user's own edits, which re-read every lab query (LABS_QUERY_KEY):
    // the answer the page's document carried stays good while the page draws, however long that takes.
    staleTime: 5 * 60 * 1000,
    // A biomarker that is not there stays not there: the page says so at once.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });
}

export function useBiomarkerReadings(biomarker: string) {
  return useQuery(biomarkerReadingsQueryOptions(biomarker));
}

/** The address of a biomarker's own page. */
export function biomarkerPagePath(biomarker: string): string {
  return `/labs/biomarkers/${encodeURIComponent(biomarker)}`;
}
