import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { type AdminBlogPostSummary, BLOG_MESSAGES, type BlogSection } from '#contract/blog.ts';
import { AdminNav } from '#web/components/layout/admin-nav.tsx';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableCell, TableHead } from '#web/components/ui/table.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useAdminPosts, useDeletePost, useSetPublished } from '../api/admin-posts.ts';
import { formatPostDate, postPath } from '../utils/format.ts';
import { DeletePostConfirm } from './delete-post-confirm.tsx';
import { PostEditor } from './post-editor.tsx';

const PAGE_SIZE = 20;
const FILTERS: { value: BlogSection | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'learn', label: 'Learn' },
  { value: 'research', label: 'Research' },
];

/**
 * /admin/blog: the posts, drafts first, and the editor. `?edit=<id>` opens a post and
 * `?new=learn|research` a new one, so Back returns to the list.
 */
export function BlogAdmin() {
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const newSection = params.get('new');
  const open = (next: Record<string, string>) => setParams(next);
  const close = () => setParams({});

  if (editId || newSection === 'learn' || newSection === 'research') {
    return (
      <PageContainer className="max-w-5xl">
        <PageHeader title={editId ? 'Edit Post' : newSection === 'research' ? 'New Research Post' : 'New Learn Post'} />
        <AdminNav />
        <PostEditor
          postId={editId}
          newSection={newSection === 'research' ? 'research' : 'learn'}
          onClose={close}
          onCreated={(id) => setParams({ edit: id }, { replace: true })}
        />
      </PageContainer>
    );
  }
  return <PostList onOpen={open} />;
}

function PostList({ onOpen }: { onOpen: (params: Record<string, string>) => void }) {
  const [section, setSection] = useState<BlogSection | undefined>(undefined);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminBlogPostSummary | null>(null);
  const posts = useAdminPosts({ section, q, page, pageSize: PAGE_SIZE });
  const setPublished = useSetPublished();
  const remove = useDeletePost();

  const togglePublished = async (post: AdminBlogPostSummary) => {
    try {
      await setPublished.mutateAsync({ id: post.id, published: !post.published });
      toast.success(post.published ? 'Post unpublished' : 'Post published');
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to change the post') });
    }
  };

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      toast.success('Post deleted successfully');
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete post') });
    }
  };

  return (
    <PageContainer>
      <PageHeader
        title="Blog Management"
        description="Learn articles and research pages. Drafts are listed first; only published posts are public."
        actions={
          <>
            <Button variant="outline" onClick={() => onOpen({ new: 'research' })}>
              <Plus aria-hidden="true" /> Research post
            </Button>
            <Button onClick={() => onOpen({ new: 'learn' })}>
              <Plus aria-hidden="true" /> Learn post
            </Button>
          </>
        }
      />
      <AdminNav />
      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
          <div role="group" aria-label="Section" className="inline-flex w-fit rounded-lg bg-muted p-1 text-sm">
            {FILTERS.map((filter) => (
              <button
                key={filter.label}
                type="button"
                aria-pressed={section === filter.value}
                onClick={() => {
                  setSection(filter.value);
                  setPage(1);
                }}
                className="h-8 rounded-md px-3 font-medium text-muted-foreground aria-pressed:bg-surface aria-pressed:text-foreground aria-pressed:shadow-sm"
              >
                {filter.label}
              </button>
            ))}
          </div>
          <SearchInput
            className="sm:max-w-xs"
            label="Search posts by title or slug"
            placeholder="Search posts"
            value={search}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
        </div>
        {posts.isPending ? (
          <div className="flex justify-center p-12">
            <Spinner label="Loading posts" />
          </div>
        ) : posts.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 p-6 text-sm">
            <p className="font-medium text-destructive">{BLOG_MESSAGES.fetchPostsFailed}</p>
            <Button size="sm" variant="outline" onClick={() => void posts.refetch()}>
              Try again
            </Button>
          </div>
        ) : posts.data.posts.length === 0 ? (
          <EmptyState className="m-4" title={q ? 'No posts match your search.' : 'No posts yet.'} description={q ? undefined : 'Write the first one.'} />
        ) : (
          <Table aria-busy={posts.isPlaceholderData} className={posts.isPlaceholderData ? 'opacity-60' : undefined}>
            <caption className="sr-only">Posts, drafts first</caption>
            <thead>
              <tr>
                <TableHead>Title</TableHead>
                <TableHead>Section</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Published</TableHead>
                <TableHead className="text-right">Studies</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </tr>
            </thead>
            <tbody>
              {posts.data.posts.map((post) => (
                <tr key={post.id} className="hover:bg-muted/40">
                  <TableCell className="min-w-56">
                    <button type="button" onClick={() => onOpen({ edit: post.id })} className="text-left font-medium hover:text-primary hover:underline">
                      {post.title}
                    </button>
                    <span className="block text-xs text-muted-foreground">/{post.section}/{post.slug}</span>
                  </TableCell>
                  <TableCell>{post.section === 'learn' ? 'Learn' : 'Research'}</TableCell>
                  <TableCell>
                    <Badge variant={post.published ? 'default' : 'outline'}>{post.published ? 'Published' : 'Draft'}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{post.publishedAt ? formatPostDate(post.publishedAt) : '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{post.citationCount}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    <Button variant="outline" size="sm" className="mr-1" disabled={setPublished.isPending} onClick={() => void togglePublished(post)}>
                      {post.published ? 'Unpublish' : 'Publish'}
                      <span className="sr-only">: {post.title}</span>
                    </Button>
                    {post.published ? (
                      <Button asChild variant="ghost" size="icon">
                        <Link to={postPath(post)} target="_blank" aria-label={`View ${post.title} (opens in a new tab)`}>
                          <ExternalLink aria-hidden="true" />
                        </Link>
                      </Button>
                    ) : null}
                    <Button variant="ghost" size="icon" aria-label={`Edit ${post.title}`} onClick={() => onOpen({ edit: post.id })}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Delete ${post.title}`} onClick={() => setDeleting(post)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </TableCell>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {posts.data ? <Pagination className="p-4" label="Posts" page={page} totalPages={posts.data.pagination.totalPages} onPageChange={setPage} /> : null}
      </Card>
      <DeletePostConfirm open={deleting !== null} title={deleting?.title ?? ''} onOpenChange={(open) => (open ? undefined : setDeleting(null))} onConfirm={() => void confirmDelete()} />
    </PageContainer>
  );
}
