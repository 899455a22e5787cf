import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BiomarkerTargetBody } from '#contract/labs.ts';
import { api } from '#web/lib/api.ts';
import { LABS_QUERY_KEY } from './lab-files.ts';

/** The dashboard's latest results out of range or off target (`GET /api/labs/attention`, decision 040). */
export const attentionQueryOptions = queryOptions({
  queryKey: [...LABS_QUERY_KEY, 'attention'],
  queryFn: ({ signal }) => api('GET /api/labs/attention', { signal }),
});

export function useAttention() {
  return useQuery(attentionQueryOptions);
}

/** A target moves the chart's band and the dashboard's list: every lab query is read again. */
export function useSaveTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BiomarkerTargetBody) => api('PUT /api/labs/targets', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LABS_QUERY_KEY }),
  });
}

export function useRemoveTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (biomarker: string) => api('DELETE /api/labs/targets', { body: { biomarker } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LABS_QUERY_KEY }),
  });
}

export function useAcceptRetest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resultId: string) => api('POST /api/labs/retests', { body: { resultId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attentionQueryOptions.queryKey }),
  });
}

/** Cancelling takes the retest off the card (it is suggested again) and its reminder is not sent. */
export function useCancelRetest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retestId: string) => api('DELETE /api/labs/retests/:id', { params: { id: retestId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attentionQueryOptions.queryKey }),
  });
}
