import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#contract/auth.ts';
import { apiFetch } from './api-fetch.ts';
import { takeDocumentAnswer } from './page-data.ts';

export const userQueryKey = ['user'] as const;

async function readSession(signal?: AbortSignal): Promise<User | null> {
  const { user } = await apiFetch<{ user: User | null }>('/api/session', { signal });
  return user;
}

/**
 * The signed-in user as the page's document names it (lib/page-data.ts), so that the app knows
 * before it draws; undefined where the document names no session (Vite's development server),
 * and the user query asks the API instead.
 */
export function userInDocument(): User | null | undefined {
  const answer = takeDocumentAnswer('/api/session');
  return answer ? (answer.value as { user: User | null }).user : undefined;
}

/**
 * The signed-in user, or null when nobody is. Read from `/api/session`, which answers a signed-out
 * visitor with 200 and no user, so that no failed request is logged in the browser's console.
 * Never retried, never stale (product.md, Accounts).
 */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: ({ signal }) => readSession(signal),
  retry: false,
  staleTime: Infinity,
});

export function useUser() {
  return useQuery(userQueryOptions);
}

/** After login, register, verification or logout: store the answer we already have, then re-read. */
export function setSignedInUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(userQueryKey, user);
}

export async function refreshUser(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: userQueryKey });
}
