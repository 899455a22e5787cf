import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { type FirstQuery, firstQueriesOf, type PageUser } from '#contract/page-data.ts';
import type { Screen } from '#contract/routes.ts';
import { apiFetch } from './api-fetch.ts';

/**
 * A page's first queries are the contract's list (`contract/page-data.ts`), the one the server
 * answers in the page's document: the web keeps no list of its own. The cache holds each answer
 * as the API sent it (decision 050), so asking for a missing one by its path puts in the cache
 * what the feature's own query would; the feature's hooks then read it under the same key.
 */
function firstQueryOptions({ queryKey, path }: FirstQuery) {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<unknown>(path, { signal }),
    // Only what the cache lacks: an answer the document carried is never asked again here.
    staleTime: Infinity,
    // A failure shows in the part that reads it, which asks again with its own query's retries.
    retry: false,
  };
}

/** Asks for the page's first answers that the cache does not hold; resolves once each has answered or failed. */
export async function fetchFirstAnswers(queryClient: QueryClient, queries: readonly FirstQuery[]): Promise<void> {
  await Promise.all(queries.map((query) => queryClient.prefetchQuery(firstQueryOptions(query))));
}

/**
 * False until each of the page's first queries has its first answer (an error counts: the part
 * that shows it says so), then true for good, even when a query later starts again without data
 * (a new day's intake after midnight). A page shows its sections at once when this turns true, so
 * that sections drawn one by one as their data arrived do not push each other down (layout
 * shift). The turn is a transition: React draws the sections in slices of a few milliseconds
 * instead of one long task that would block the page (total blocking time). It watches the cache
 * rather than observing the queries, so that the features' own query options (retries, error
 * texts) stay the ones their queries run with.
 */
export function useFirstAnswers(screen: Screen, user: PageUser, params: Record<string, string | undefined> = {}): boolean {
  const queryClient = useQueryClient();
  const queries = firstQueriesOf(screen, user, { params: definedOnly(params) });
  const keys = JSON.stringify(queries.map((query) => query.queryKey));
  const pending = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queries.some((query) => (queryClient.getQueryState(query.queryKey)?.status ?? 'pending') === 'pending'),
  );
  useEffect(() => {
    void fetchFirstAnswers(queryClient, queries);
    // The queries change only with their keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, keys]);
  // Answered from the start when the data was in before the page first drew (startPage in app-routes.tsx).
  const [answered, setAnswered] = useState(!pending);
  useEffect(() => {
    if (!pending) startTransition(() => setAnswered(true));
  }, [pending]);
  return answered;
}

function definedOnly(params: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
