import { Rss } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { BLOG_MESSAGES, BLOG_SECTION_PAGES, type BlogSection } from '#contract/blog-texts.ts';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { readPage } from '#web/lib/pagination.ts';
import { usePosts } from '../api/posts.ts';
import { formatPostDate, pageHref, postPath } from '../utils/format.ts';
import { PostThumbnail } from './post-thumbnail.tsx';

/** product.md, Blog (and product.md, Blog for research): a grid of published posts, 6 a page, with working pages. */
export function PostListPage({ section }: { section: BlogSection }) {
  const page = BLOG_SECTION_PAGES[section];
  const [params] = useSearchParams();
  const current = readPage(params.get('page'));
  const posts = usePosts(section, current);
  usePageMeta({ title: page.title, description: page.description, path: current > 1 ? `${page.path}?page=${current}` : page.path });

  return (
    <PageContainer>
      <PageHeader title={page.title} description={page.description} />
      {posts.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading posts" />
        </div>
      ) : posts.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-surface p-6 text-sm">
          <p className="font-medium text-destructive">{BLOG_MESSAGES.fetchPostsFailed}</p>
          <Button size="sm" variant="outline" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        </div>
      ) : posts.data.posts.length === 0 ? (
        current > 1 && posts.data.pagination.total > 0 ? (
          <EmptyState
            title={`There is no page ${current}.`}
            description={`The ${page.title.toLowerCase()} pages go up to page ${posts.data.pagination.totalPages}.`}
            action={
              <Button asChild variant="outline">
                <Link to={page.path}>Go to the first page</Link>
              </Button>
            }
          />
        ) : (
          <EmptyState title="Nothing here yet." description={section === 'learn' ? 'No articles have been published yet.' : 'No research pages have been published yet.'} />
        )
      ) : (
        <>
          <ul className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${posts.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={posts.isPlaceholderData}>
            {posts.data.posts.map((post, index) => (
              <li key={post.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
                  <PostThumbnail url={post.thumbnailUrl} section={post.section} className="rounded-none" eager={index < 3} />
                  <div className="flex flex-1 flex-col gap-2 p-5">
                    <h2 className="text-lg leading-snug font-semibold">
                      <Link to={postPath(post)} className="hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring">
                        {post.title}
                      </Link>
                    </h2>
                    <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
                    <time dateTime={post.publishedAt} className="mt-auto pt-2 text-xs text-muted-foreground">
                      {formatPostDate(post.publishedAt)}
                    </time>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <Pagination className="mt-10" label={page.title} page={current} totalPages={posts.data.pagination.totalPages} hrefFor={pageHref} />
        </>
      )}
      <p className="mt-10 text-center text-sm text-muted-foreground">
        <a href="/rss.xml" className="inline-flex items-center gap-1.5 hover:text-foreground hover:underline">
          <Rss aria-hidden="true" className="size-4" /> Follow new posts (RSS)
        </a>
      </p>
    </PageContainer>
  );
}
