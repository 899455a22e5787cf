import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** The biomarkers a result can name, with their categories and accepted units (the review form's picker). */
export const biomarkerCatalogueQueryOptions = queryOptions({
  queryKey: ['biomarker-catalogue'],
  queryFn: ({ signal }) => api('GET /api/labs/biomarkers', { signal }),
  staleTime: 60 * 60 * 1000,
});

export function useBiomarkerCatalogue() {
  return useQuery(biomarkerCatalogueQueryOptions);
}
