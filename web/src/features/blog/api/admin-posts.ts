import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogListResponse, AdminBlogPost, BlogPostBody, BlogSection } from '#contract/blog.ts';
import { BLOG_THUMBNAIL_FIELD } from '#contract/blog.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export type AdminPostsQuery = { section?: BlogSection | undefined; q: string; page: number; pageSize: number };

const adminKey = ['admin', 'blog'] as const;

export const adminPostsQueryOptions = (query: AdminPostsQuery) =>
  queryOptions({
    queryKey: [...adminKey, 'list', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q: query.q, page: String(query.page), pageSize: String(query.pageSize) });
      if (query.section) params.set('section', query.section);
      return apiFetch<AdminBlogListResponse>(`/api/admin/blog?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export function useAdminPosts(query: AdminPostsQuery) {
  return useQuery(adminPostsQueryOptions(query));
}

export const adminPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminKey, 'post', id],
    queryFn: ({ signal }) => apiFetch<AdminBlogPost>(`/api/admin/blog/${encodeURIComponent(id)}`, { signal }),
  });

export function useAdminPost(id: string | null) {
  return useQuery({ ...adminPostQueryOptions(id ?? ''), enabled: id !== null });
}

/** After any change: the admin lists and the public pages are read again. */
function useInvalidateBlog() {
  const queryClient = useQueryClient();
  return (post?: AdminBlogPost) => {
    if (post) queryClient.setQueryData(adminPostQueryOptions(post.id).queryKey, post);
    void queryClient.invalidateQueries({ queryKey: adminKey });
    void queryClient.invalidateQueries({ queryKey: ['blog'] });
  };
}

export function useSavePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: BlogPostBody }) =>
      id
        ? apiFetch<AdminBlogPost>(`/api/admin/blog/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<AdminBlogPost>('/api/admin/blog', { method: 'POST', body }),
    onSuccess: (post) => invalidate(post),
  });
}

export function useSetPublished() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      apiFetch<AdminBlogPost>(`/api/admin/blog/${encodeURIComponent(id)}/${published ? 'publish' : 'unpublish'}`, { method: 'POST' }),
    onSuccess: (post) => invalidate(post),
  });
}

export function useDeletePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true; message: string }>(`/api/admin/blog/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(),
  });
}

export function useUploadThumbnail() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append(BLOG_THUMBNAIL_FIELD, file);
      return apiFetch<AdminBlogPost>(`/api/admin/blog/${encodeURIComponent(id)}/thumbnail`, { method: 'PUT', body: form });
    },
    onSuccess: (post) => invalidate(post),
  });
}

export function useRemoveThumbnail() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (id: string) => apiFetch<AdminBlogPost>(`/api/admin/blog/${encodeURIComponent(id)}/thumbnail`, { method: 'DELETE' }),
    onSuccess: (post) => invalidate(post),
  });
}

/** The Markdown as the server renders and sanitises it, for the editor's live preview. */
export function previewMarkdown(contentMarkdown: string, signal?: AbortSignal): Promise<{ html: string }> {
  return apiFetch<{ html: string }>('/api/admin/blog/preview', { method: 'POST', body: { contentMarkdown }, signal });
}
