import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminBlogPost, BLOG_THUMBNAIL_FIELD, type BlogPostBody, type BlogSection } from '#contract/blog.ts';
import { api } from '#web/lib/api.ts';

export type AdminPostsQuery = { section?: BlogSection | undefined; q: string; page: number; pageSize: number };

const adminKey = ['admin', 'blog'] as const;

export const adminPostsQueryOptions = (query: AdminPostsQuery) =>
  queryOptions({
    queryKey: [...adminKey, 'list', query],
    queryFn: ({ signal }) =>
      api('GET /api/admin/blog', { query: { q: query.q, page: query.page, pageSize: query.pageSize, section: query.section || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminPosts(query: AdminPostsQuery) {
  return useQuery(adminPostsQueryOptions(query));
}

export const adminPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminKey, 'post', id],
    queryFn: ({ signal }) => api('GET /api/admin/blog/:id', { params: { id }, signal }),
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
      id ? api('PUT /api/admin/blog/:id', { params: { id }, body }) : api('POST /api/admin/blog', { body }),
    onSuccess: (post) => invalidate(post),
  });
}

export function useSetPublished() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      api(published ? 'POST /api/admin/blog/:id/publish' : 'POST /api/admin/blog/:id/unpublish', { params: { id } }),
    onSuccess: (post) => invalidate(post),
  });
}

export function useDeletePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/admin/blog/:id', { params: { id } }),
    onSuccess: () => invalidate(),
  });
}

export function useUploadThumbnail() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append(BLOG_THUMBNAIL_FIELD, file);
      return api('PUT /api/admin/blog/:id/thumbnail', { params: { id }, body: form });
    },
    onSuccess: (post) => invalidate(post),
  });
}

export function useRemoveThumbnail() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/admin/blog/:id/thumbnail', { params: { id } }),
    onSuccess: (post) => invalidate(post),
  });
}

/** The Markdown as the server renders and sanitises it, for the editor's live preview. */
export function previewMarkdown(contentMarkdown: string, signal?: AbortSignal) {
  return api('POST /api/admin/blog/preview', { body: { contentMarkdown }, signal });
}
