import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiomarkerCatalogueEntry } from '#contract/labs.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** The biomarkers a result can name, with their categories and accepted units (the review form's picker). */
export const biomarkerCatalogueQueryOptions = queryOptions({
  queryKey: ['biomarker-catalogue'],
  queryFn: ({ signal }) => apiFetch<BiomarkerCatalogueEntry[]>('/api/labs/biomarkers', { signal }),
  staleTime: 60 * 60 * 1000,
});

export function useBiomarkerCatalogue() {
  return useQuery(biomarkerCatalogueQueryOptions);
}
