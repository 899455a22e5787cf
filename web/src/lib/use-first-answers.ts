import { type UseQueryOptions, useQueries } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';

/**
 * False until each query has its first answer (an error counts: the part that shows it says
 * so), then true for good, even when a query later starts again without data (a new day's
 * intake after midnight). A page shows its cards at once when this turns true, so that cards
 * drawn one by one as their data arrived do not push each other down (layout shift). The turn
 * is a transition: React draws the cards in slices of a few milliseconds instead of one long
 * task that would block the page (total blocking time).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options, whatever its data
export type AnyQueryOptions = UseQueryOptions<any, any, any, any>;

export function useFirstAnswers(queries: readonly AnyQueryOptions[]): boolean {
  const pending = useQueries({ queries: [...queries], combine: (results) => results.some((result) => result.isPending) });
  // Answered from the start when the data was in before the page first drew (startPage in app-routes.tsx).
  const [answered, setAnswered] = useState(!pending);
  useEffect(() => {
    if (!pending) startTransition(() => setAnswered(true));
  }, [pending]);
  return answered;
}
