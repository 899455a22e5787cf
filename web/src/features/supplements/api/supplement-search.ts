import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { uniqueById } from '../utils/supplement-form.ts';

/** product.md, Tracking: at most 20 suggestions. */
export const SUGGESTION_LIMIT = 20;

export function supplementSearchQueryOptions(text: string) {
  const q = text.trim();
  return queryOptions({
    queryKey: ['supplement-search', q],
    queryFn: async ({ signal }) =>
      uniqueById(await api('GET /api/supplements/search', { query: { q, limit: SUGGESTION_LIMIT }, signal })),
    staleTime: 5 * 60 * 1000,
  });
}

/** Suggestions for a name; nothing is asked while the text is empty (product.md, Tracking). */
export function useSupplementSearch(text: string) {
  return useQuery({ ...supplementSearchQueryOptions(text), enabled: text.trim().length > 0, placeholderData: keepPreviousData });
}
