import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabFile } from '#contract/labs.ts';
import { LAB_UPLOAD_FIELD } from '#contract/lab-upload.ts';
import { MESSAGES } from '#contract/messages.ts';
import { ApiError, errorFromResponse } from '#web/lib/api-fetch.ts';
import { api, routeParts } from '#web/lib/api.ts';
import { markTrialExpired } from '#web/lib/trial-expired.ts';
import { anyBeingRead } from '../utils/lab-results.ts';

export const LABS_QUERY_KEY = ['labs'] as const;

/** While a file is queued or being read, its status and progress are re-read this often. */
export const LAB_STATUS_POLL_MS = 1500;

/** The user's lab files, newest first, polled while any of them is being read. */
export const labFilesQueryOptions = queryOptions({
  queryKey: [...LABS_QUERY_KEY, 'files'],
  queryFn: ({ signal }) => api('GET /api/labs', { signal }),
  refetchInterval: (query) => (anyBeingRead(query.state.data) ? LAB_STATUS_POLL_MS : false),
});

export function useLabFiles() {
  return useQuery(labFilesQueryOptions);
}

/** product.md, Labs: the upload failure's text when the server said nothing (a proxy's bare 413 or 502). */
export const UPLOAD_FAILED = 'Failed to upload lab results';

function hasMessage(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { message, error } = body as { message?: unknown; error?: unknown };
  return (typeof message === 'string' && message !== '') || (typeof error === 'string' && error !== '');
}

/**
 * Uploads one file (`POST /api/labs`, multipart field "file"). XMLHttpRequest rather than
 * `apiFetch` because only it reports upload progress, which a 20 MB scan on a phone needs; its
 * answers are read exactly as `apiFetch` reads them.
 */
export function uploadLabFile(file: File, options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {}): Promise<LabFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const { method, path } = routeParts('POST /api/labs');
    request.open(method, path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as LabFile);
        return;
      }
      const error = errorFromResponse(request.status, body);
      if (error.code === 'TRIAL_EXPIRED') markTrialExpired();
      reject(hasMessage(body) || error.code === 'TRIAL_EXPIRED' ? error : new ApiError({ code: error.code, status: error.status, message: UPLOAD_FAILED }));
    });
    request.addEventListener('error', () => reject(new ApiError({ code: 'CONNECTION_ERROR', message: MESSAGES.connectionError, status: 0 })));
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append(LAB_UPLOAD_FIELD, file, file.name);
    request.send(form);
  });
}

/** Deletes a file, its stored bytes and its results; the list and the chart are re-read. */
export function useDeleteLabFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/labs/:id', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<LabFile[]>(labFilesQueryOptions.queryKey, (files) => files?.filter((file) => file.id !== id));
      return queryClient.invalidateQueries({ queryKey: LABS_QUERY_KEY });
    },
  });
}
