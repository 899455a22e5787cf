import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** The five steps, computed on the server from the user's real data. */
export const profileCompletionQueryOptions = queryOptions({
  queryKey: ['profile-completion'],
  queryFn: ({ signal }) => api('GET /api/profile/completion', { signal }),
});

export function useProfileCompletion(enabled = true) {
  return useQuery({ ...profileCompletionQueryOptions, enabled });
}
