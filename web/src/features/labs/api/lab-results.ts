import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabFileResults, LabResult, LabResultInput, OwnBiomarker } from '#contract/labs.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { LABS_QUERY_KEY } from './lab-files.ts';

type ResultBody = LabResultInput & { testDate?: string };

const fileResultsKey = (fileId: string) => [...LABS_QUERY_KEY, 'results', fileId] as const;

/** A file's results for review (`GET /api/labs/{id}/results`). */
export function fileResultsQueryOptions(fileId: string) {
  return queryOptions({
    queryKey: fileResultsKey(fileId),
    queryFn: ({ signal }) => apiFetch<LabFileResults>(`/api/labs/${encodeURIComponent(fileId)}/results`, { signal }),
  });
}

export function useFileResults(fileId: string) {
  return useQuery(fileResultsQueryOptions(fileId));
}

/** Results typed in with no file (`GET /api/labs/results/manual`). */
export const manualResultsQueryOptions = queryOptions({
  queryKey: [...LABS_QUERY_KEY, 'manual'],
  queryFn: ({ signal }) => apiFetch<LabResult[]>('/api/labs/results/manual', { signal }),
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
    apiFetch<LabResult>(`/api/labs/results/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  );
}

export function useDeleteResult() {
  return useLabsMutation((id: string) => apiFetch<{ ok: true; message: string }>(`/api/labs/results/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}

/** Add a result to a file by hand (`POST /api/labs/{id}/results`). */
export function useAddFileResult() {
  return useLabsMutation(({ fileId, body }: { fileId: string; body: ResultBody }) =>
    apiFetch<LabResult>(`/api/labs/${encodeURIComponent(fileId)}/results`, { method: 'POST', body }),
  );
}

/** Enter a result with no file (`POST /api/labs/results`); its test date is required. */
export function useAddManualResult() {
  return useLabsMutation((body: ResultBody & { testDate: string }) => apiFetch<LabResult>('/api/labs/results', { method: 'POST', body }));
}

/** Set a file's test date (`PUT /api/labs/{id}/test-date`); it applies to all its results. */
export function useSetTestDate() {
  return useLabsMutation(({ fileId, testDate }: { fileId: string; testDate: string }) =>
    apiFetch<LabFileResults>(`/api/labs/${encodeURIComponent(fileId)}/test-date`, { method: 'PUT', body: { testDate } }),
  );
}

/** Confirm a file's results (`POST /api/labs/{id}/confirm`): all become reviewed and the file is done. */
export function useConfirmFile() {
  return useLabsMutation((fileId: string) => apiFetch<LabFileResults>(`/api/labs/${encodeURIComponent(fileId)}/confirm`, { method: 'POST', body: {} }));
}

/** The user's own biomarkers (`GET /api/labs/own-biomarkers`), offered beside the catalogue's. */
export const ownBiomarkersQueryOptions = queryOptions({
  queryKey: [...LABS_QUERY_KEY, 'own-biomarkers'],
  queryFn: ({ signal }) => apiFetch<OwnBiomarker[]>('/api/labs/own-biomarkers', { signal }),
});

export function useOwnBiomarkers() {
  return useQuery(ownBiomarkersQueryOptions);
}

/** Save a row waiting for review as a result: mapped, confirmed or corrected (`PUT /api/labs/review-rows/{id}`). */
export function useSaveReviewRow() {
  return useLabsMutation(({ id, body }: { id: string; body: ResultBody }) =>
    apiFetch<LabResult>(`/api/labs/review-rows/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  );
}

/** Keep an unrecognised row as the user's own biomarker (`POST /api/labs/review-rows/{id}/own`). */
export function useKeepReviewRowAsOwn() {
  return useLabsMutation(({ id, name, unit }: { id: string; name: string; unit: string }) =>
    apiFetch<LabResult>(`/api/labs/review-rows/${encodeURIComponent(id)}/own`, { method: 'POST', body: { name, unit } }),
  );
}

/** Leave a row out (`DELETE /api/labs/review-rows/{id}`). */
export function useDismissReviewRow() {
  return useLabsMutation((id: string) => apiFetch<{ ok: true; message: string }>(`/api/labs/review-rows/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}

/** A page of a report as an image, for review beside the table. */
export function pageImageUrl(fileId: string, page: number): string {
  return `/api/labs/${encodeURIComponent(fileId)}/pages/${page}`;
}
