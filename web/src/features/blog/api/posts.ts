import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogSection } from '#contract/blog.ts';
import { isApiError } from '#web/lib/api-fetch.ts';
import { api } from '#web/lib/api.ts';

/** A page of a section's published posts (product.md, Blog: real pagination, 6 a page). */
export const postsQueryOptions = (section: BlogSection, page: number) =>
  queryOptions({
    queryKey: ['blog', section, 'page', page],
    queryFn: ({ signal }) => api('GET /api/blog', { query: { section, page }, signal }),
    placeholderData: keepPreviousData,
  });

export function usePosts(section: BlogSection, page: number) {
  return useQuery(postsQueryOptions(section, page));
}

/** One published post; a missing one is null ("Post not found"), other failures are errors. */
export const postQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['blog', 'post', slug],
    queryFn: async ({ signal }) => {
      try {
        return await api('GET /api/blog/:slug', { params: { slug }, signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

export function usePost(slug: string) {
  return useQuery(postQueryOptions(slug));
}
