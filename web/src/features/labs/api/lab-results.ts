import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabResultInput } from '#contract/labs.ts';
import { api } from '#web/lib/api.ts';
import { LABS_QUERY_KEY } from './lab-files.ts';

type ResultBody = LabResultInput & { testDate?: string };

const fileResultsKey = (fileId: string) => [...LABS_QUERY_KEY, 'results', fileId] as const;

/** A file's results for review (`GET /api/labs/{id}/results`). */
export function fileResultsQueryOptions(fileId: string) {
  return queryOptions({
    queryKey: fileResultsKey(fileId),
    queryFn: ({ signal }) => api('GET /api/labs/:id/results', { params: { id: fileId }, signal }),
  });
}

export function useFileResults(fileId: string) {
  return useQuery(fileResultsQueryOptions(fileId));
}

/** Results typed in with no file (`GET /api/labs/results/manual`). */
export const manualResultsQueryOptions = queryOptions({
  queryKey: [...LABS_QUERY_KEY, 'manual'],
  queryFn: ({ signal }) => api('GET /api/labs/results/manual', { signal }),
});

export function useManualResults() {
  return useQuery(manualResultsQueryOptions);
}

/**
 * Every change to results touches the file list's counts, the review table and the chart, so all
 * lab queries are re-read (the catalogue has its own key and stays).
 */
function useLabsMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: LABS_QUERY_KEY }) });
}

/** Correct a result (`PUT /api/labs/results/{id}`); it becomes reviewed. */
export function useUpdateResult() {
  return useLabsMutation(({ id, body }: { id: string; body: ResultBody }) =>
    api('PUT /api/labs/results/:id', { params: { id }, body }),
  );
}

export function useDeleteResult() {
  return useLabsMutation((id: string) => api('DELETE /api/labs/results/:id', { params: { id } }));
}

/** Add a result to a file by hand (`POST /api/labs/{id}/results`). */
export function useAddFileResult() {
  return useLabsMutation(({ fileId, body }: { fileId: string; body: ResultBody }) =>
    api('POST /api/labs/:id/results', { params: { id: fileId }, body }),
  );
}

/** Enter a result with no file (`POST /api/labs/results`); its test date is required. */
export function useAddManualResult() {
  return useLabsMutation((body: ResultBody & { testDate: string }) => api('POST /api/labs/results', { body }));
}

/** Set a file's test date (`PUT /api/labs/{id}/test-date`); it applies to all its results. */
export function useSetTestDate() {
  return useLabsMutation(({ fileId, testDate }: { fileId: string; testDate: string }) =>
    api('PUT /api/labs/:id/test-date', { params: { id: fileId }, body: { testDate } }),
  );
}

/** Confirm a file's results (`POST /api/labs/{id}/confirm`): all become reviewed and the file is done. */
export function useConfirmFile() {
  return useLabsMutation((fileId: string) => api('POST /api/labs/:id/confirm', { params: { id: fileId }, body: {} }));
}

/** The user's own biomarkers (`GET /api/labs/own-biomarkers`), offered beside the catalogue's. */
export const ownBiomarkersQueryOptions = queryOptions({
  queryKey: [...LABS_QUERY_KEY, 'own-biomarkers'],
  queryFn: ({ signal }) => api('GET /api/labs/own-biomarkers', { signal }),
});

export function useOwnBiomarkers() {
  return useQuery(ownBiomarkersQueryOptions);
}

/** Save a row waiting for review as a result: mapped, confirmed or corrected (`PUT /api/labs/review-rows/{id}`). */
export function useSaveReviewRow() {
  return useLabsMutation(({ id, body }: { id: string; body: ResultBody }) =>
    api('PUT /api/labs/review-rows/:id', { params: { id }, body }),
  );
}

/** Keep an unrecognised row as the user's own biomarker (`POST /api/labs/review-rows/{id}/own`). */
export function useKeepReviewRowAsOwn() {
  return useLabsMutation(({ id, name, unit }: { id: string; name: string; unit: string }) =>
    api('POST /api/labs/review-rows/:id/own', { params: { id }, body: { name, unit } }),
  );
}

/** Leave a row out (`DELETE /api/labs/review-rows/{id}`). */
export function useDismissReviewRow() {
  return useLabsMutation((id: string) => api('DELETE /api/labs/review-rows/:id', { params: { id } }));
}

/** A page of a report as an image, for review beside the table. */
export function pageImageUrl(fileId: string, page: number): string {
  return `/api/labs/${encodeURIComponent(fileId)}/pages/${page}`;
}
