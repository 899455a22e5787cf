import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#contract/auth.ts';
import { USER_QUERY_KEY } from '#contract/page-data.ts';
import { api } from './api.ts';

async function readSession(signal?: AbortSignal): Promise<User | null> {
  const { user } = await api('GET /api/session', { signal });
  return user;
}

/**
 * The signed-in user, or null when nobody is. Read from `/api/session`, which answers a signed-out
 * visitor with 200 and no user, so that no failed request is logged in the browser's console.
 * Never retried, never stale (product.md, Accounts).
 */
export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: ({ signal }) => readSession(signal),
  retry: false,
  staleTime: Infinity,
});

export function useUser() {
  return useQuery(userQueryOptions);
}

/** After login, register, verification or logout: store the answer we already have, then re-read. */
export function setSignedInUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

export async function refreshUser(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
}
