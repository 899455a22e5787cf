import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#contract/auth.ts';
import { apiFetch } from './api-fetch.ts';

export const userQueryKey = ['user'] as const;

async function readSession(signal?: AbortSignal): Promise<User | null> {
  const { user } = await apiFetch<{ user: User | null }>('/api/session', { signal });
  return user;
}

let earlySession: Promise<User | null> | undefined;

/**
 * Starts reading the session before React draws anything (main.tsx), so that the page's data can
 * follow it at once; the user query's first read takes this answer. Not the query itself: an
 * answer arriving during React's first render would make React wait for the page's code before
 * drawing anything (first paint).
 */
export function readSessionEarly(): Promise<User | null> {
  earlySession = readSession();
  return earlySession;
}

/**
 * The signed-in user, or null when nobody is. Read from `/api/session`, which answers a signed-out
 * visitor with 200 and no user, so that no failed request is logged in the browser's console.
 * Never retried, never stale (spec 9).
 */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: ({ signal }): Promise<User | null> => {
    const early = earlySession;
    earlySession = undefined;
    return early ?? readSession(signal);
  },
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
