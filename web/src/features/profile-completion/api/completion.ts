import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileCompletion } from '#contract/profile.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** The five steps, computed on the server from the user's real data. */
export const profileCompletionQueryOptions = queryOptions({
  queryKey: ['profile-completion'],
  queryFn: ({ signal }) => apiFetch<ProfileCompletion>('/api/profile/completion', { signal }),
});

export function useProfileCompletion(enabled = true) {
  return useQuery({ ...profileCompletionQueryOptions, enabled });
}
