import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShareBody, ShareLink } from '#contract/data-ownership.ts';
import { api } from '#web/lib/api.ts';
import { withReauth } from '#web/lib/reauth.ts';

export const sharesQueryOptions = queryOptions({
  queryKey: ['shares'],
  queryFn: async ({ signal }) => (await api('GET /api/shares', { signal })).links,
});

export function useShares() {
  return useQuery(sharesQueryOptions);
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    // A new link needs a recent sign-in: the password is asked for when it is not.
    mutationFn: (body: CreateShareBody) => withReauth(() => api('POST /api/shares', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharesQueryOptions.queryKey }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: ShareLink) => api('DELETE /api/shares/:id', { params: { id: link.id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharesQueryOptions.queryKey }),
  });
}
