import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { type AdminBlogPostSummary, BLOG_MESSAGES, type BlogSection } from '#contract/blog.ts';
import { AdminTable, useConfirmDelete, useSearchPaging } from '#web/components/admin/admin-table.tsx';
import { AdminNav } from '#web/components/layout/admin-nav.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { TableCell, TableHead } from '#web/components/ui/table.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
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
  const paging = useSearchPaging();
  const posts = useAdminPosts({ section, q: paging.q, page: paging.page, pageSize: PAGE_SIZE });
  const publish = useTogglePublished();
  const remove = useDeletePost();
  const del = useConfirmDelete<AdminBlogPostSummary>({
    remove: (post) => remove.mutateAsync(post.id),
    success: () => toast.success('Post deleted successfully'),
    failure: 'Failed to delete post',
  });
  const q = paging.q;

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
      <AdminTable
        query={posts}
        rows={posts.data?.posts}
        toolbar={
          <>
            <SectionFilter
              section={section}
              onChange={(value) => {
                setSection(value);
                paging.setPage(1);
              }}
            />
            <SearchInput className="sm:max-w-xs" label="Search posts by title or slug" placeholder="Search posts" value={paging.search} onSearch={paging.onSearch} />
          </>
        }
        loadingLabel="Loading posts"
        failedMessage={BLOG_MESSAGES.fetchPostsFailed}
        empty={{ title: q ? 'No posts match your search.' : 'No posts yet.', description: q ? undefined : 'Write the first one.' }}
        caption="Posts, drafts first"
        head={
          <>
            <TableHead>Title</TableHead>
            <TableHead>Section</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Published</TableHead>
            <TableHead className="text-right">Studies</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </>
        }
        rowKey={(post) => post.id}
        renderRow={(post) => (
          <PostCells
            post={post}
            publishing={publish.isPending}
            onTogglePublished={() => void publish.toggle(post)}
            onOpen={onOpen}
            onDelete={() => del.setDeleting(post)}
          />
        )}
        pagination={{ label: 'Posts', page: paging.page, totalPages: posts.data?.pagination.totalPages, onPageChange: paging.setPage }}
      />
      <DeletePostConfirm
        open={del.deleting !== null}
        title={del.deleting?.title ?? ''}
        onOpenChange={(open) => (open ? undefined : del.setDeleting(null))}
        onConfirm={() => void del.confirm()}
      />
    </PageContainer>
  );
}

/** Publish or unpublish a post, with the toast that says which. */
function useTogglePublished() {
  const setPublished = useSetPublished();
  const toggle = async (post: AdminBlogPostSummary) => {
    try {
      await setPublished.mutateAsync({ id: post.id, published: !post.published });
      toast.success(post.published ? 'Post unpublished' : 'Post published');
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to change the post') });
    }
  };
  return { isPending: setPublished.isPending, toggle };
}

function SectionFilter({ section, onChange }: { section: BlogSection | undefined; onChange: (section: BlogSection | undefined) => void }) {
  return (
    <div role="group" aria-label="Section" className="inline-flex w-fit rounded-lg bg-muted p-1 text-sm">
      {FILTERS.map((filter) => (
        <button
          key={filter.label}
          type="button"
          aria-pressed={section === filter.value}
          onClick={() => onChange(filter.value)}
          className="h-8 rounded-md px-3 font-medium text-muted-foreground aria-pressed:bg-surface aria-pressed:text-foreground aria-pressed:shadow-sm"
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}

type PostCellsProps = { post: AdminBlogPostSummary; publishing: boolean; onTogglePublished: () => void; onOpen: (params: Record<string, string>) => void; onDelete: () => void };

function PostCells({ post, publishing, onTogglePublished, onOpen, onDelete }: PostCellsProps) {
  return (
    <>
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
        <Button variant="outline" size="sm" className="mr-1" disabled={publishing} onClick={onTogglePublished}>
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
        <Button variant="ghost" size="icon" aria-label={`Delete ${post.title}`} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </>
  );
}
