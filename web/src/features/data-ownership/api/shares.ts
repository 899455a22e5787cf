import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateShareBody,
  type CreateShareResult,
  type ShareLink,
  createShareResultSchema,
  shareListSchema,
} from '#contract/data-ownership.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { withReauth } from '#web/lib/reauth.ts';

export const sharesQueryOptions = queryOptions({
  queryKey: ['shares'],
  queryFn: async ({ signal }): Promise<ShareLink[]> => shareListSchema.parse(await apiFetch('/api/shares', { signal })).links,
});

export function useShares() {
  return useQuery(sharesQueryOptions);
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    // A new link needs a recent sign-in: the password is asked for when it is not.
    mutationFn: async (body: CreateShareBody): Promise<CreateShareResult> =>
      createShareResultSchema.parse(await withReauth(() => apiFetch('/api/shares', { method: 'POST', body }))),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharesQueryOptions.queryKey }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: ShareLink) => apiFetch<{ ok: true; message: string }>(`/api/shares/${encodeURIComponent(link.id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharesQueryOptions.queryKey }),
  });
}
