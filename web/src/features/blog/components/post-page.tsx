import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { BLOG_MESSAGES, BLOG_SECTION_PAGES, type BlogSection } from '#contract/blog-texts.ts';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { usePost } from '../api/posts.ts';
import { formatPostDate, postPath } from '../utils/format.ts';
import { CitationList } from './citation-list.tsx';
import { PostContent } from './post-content.tsx';
import { PostThumbnail } from './post-thumbnail.tsx';

/** product.md, Blog (and product.md, Blog for research): thumbnail, title, date, content and cited studies. */
export function PostPage({ section }: { section: BlogSection }) {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  const list = BLOG_SECTION_PAGES[section];
  const data = post.data;
  usePageMeta(
    data
      ? { title: data.title, description: data.excerpt, path: postPath(data), image: data.thumbnailUrl, type: 'article' }
      : data === null
        ? { title: BLOG_MESSAGES.postNotFound, description: list.description }
        : null,
  );

  const back = (
    <Link to={list.path} className="mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to {list.title}
    </Link>
  );

  if (post.isPending) return <PageSpinner />;
  // A post has one address: the other section, or a slug it had before an editor changed it, is sent there.
  if (data && (data.section !== section || data.slug !== slug)) return <Navigate to={postPath(data)} replace />;

  return (
    <PageContainer className="max-w-3xl">
      {back}
      {post.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-surface p-6 text-sm">
          <h1 className="font-medium text-destructive">{BLOG_MESSAGES.fetchPostFailed}</h1>
          <Button size="sm" variant="outline" onClick={() => void post.refetch()}>
            Try again
          </Button>
        </div>
      ) : !data ? (
        <>
          <h1 className="sr-only">{BLOG_MESSAGES.postNotFound}</h1>
          <EmptyState
            title={BLOG_MESSAGES.postNotFound}
            description="This post does not exist or has not been published yet."
            action={
              <Button asChild variant="outline">
                <Link to={list.path}>See all {list.title.toLowerCase()} posts</Link>
              </Button>
            }
          />
        </>
      ) : (
        <article>
          <PostThumbnail url={data.thumbnailUrl} section={data.section} eager />
          <header className="mt-8">
            <p className="text-sm font-medium text-primary">{list.title}</p>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{data.title}</h1>
            <time dateTime={data.publishedAt} className="mt-3 block text-sm text-muted-foreground">
              {formatPostDate(data.publishedAt)}
            </time>
          </header>
          <PostContent html={data.content} className="mt-8" />
          <CitationList citations={data.citations} />
        </article>
      )}
    </PageContainer>
  );
}
