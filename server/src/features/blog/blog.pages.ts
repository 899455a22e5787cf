import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_SECTION_PAGES } from '#contract/blog.ts';
import { AppError } from '#server/http/app-error.ts';
import { escapeAttribute, PAGE_ROUTE_CONFIG, type PageDocuments } from '#server/http/page-document.ts';
import type { ZodRoutes } from '#server/http/zod-routes.ts';
import type { BlogService } from './blog.service.ts';

type Options = { blog: BlogService; publicUrl: string; pages: PageDocuments | undefined };

/** Public pages that are not part of the SPA's own routing: besides these, the sitemap lists every published post. */
const STATIC_PAGES = ['/', '/about', '/learn', '/research', '/ask', '/contact', '/terms-of-service', '/privacy-policy'];
const FEED_ITEMS = 30;

/**
 * The blog's addresses outside the API: `/sitemap.xml`, the RSS feed `/rss.xml`, and the learn
 * and research pages. Those pages are the page document with the post's title, description and
 * Open Graph tags written in by the server, so that links shared elsewhere show the right card
 * (crawlers do not run the SPA, which sets the same tags itself as the reader navigates).
 */
export async function blogPageRoutes(app: FastifyInstance, { blog, publicUrl, pages }: Options): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const site = publicUrl.replace(/\/$/, '');

  r.get('/sitemap.xml', { config: { access: 'public', readsSession: false }, schema: { hide: true } }, async (_request, reply) => {
    const posts = await blog.listAllPublished();
    const urls = [
      ...STATIC_PAGES.map((page) => ({ loc: `${site}${page}`, lastmod: undefined as string | undefined })),
      ...posts.map((post) => ({ loc: `${site}/${post.section}/${post.slug}`, lastmod: post.updatedAt.slice(0, 10) })),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((url) => `  <url><loc>${xml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
  });

  r.get('/rss.xml', { config: { access: 'public', readsSession: false }, schema: { hide: true } }, async (_request, reply) => {
    const posts = await blog.listAllPublished(FEED_ITEMS);
    const items = posts.map((post) => {
      const link = `${site}/${post.section}/${post.slug}`;
      return [
        '    <item>',
        `      <title>${xml(post.title)}</title>`,
        `      <link>${xml(link)}</link>`,
        `      <guid isPermaLink="true">${xml(link)}</guid>`,
        `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
        `      <category>${post.section === 'learn' ? 'Learn' : 'Research'}</category>`,
        `      <description>${xml(post.excerpt)}</description>`,
        `      <content:encoded>${cdata(absoluteLinks(post.content, site))}</content:encoded>`,
        '    </item>',
      ].join('\n');
    });
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
      '  <channel>',
      '    <title>StackLab: Learn and Research</title>',
      `    <link>${xml(`${site}/learn`)}</link>`,
      `    <atom:link href="${xml(`${site}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
      '    <description>Articles on supplements, nutrients and lab markers, and evidence pages with the studies they cite. Education only, not medical advice.</description>',
      '    <language>en</language>',
      ...(posts[0] ? [`    <lastBuildDate>${new Date(posts[0].updatedAt).toUTCString()}</lastBuildDate>`] : []),
      ...items,
      '  </channel>',
      '</rss>',
      '',
    ].join('\n');
    return reply.header('content-type', 'application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
  });

  if (pages) sectionPages(r, blog, pages);
}

/** The learn and research pages, with their titles and descriptions in the page document. */
function sectionPages(r: ZodRoutes, blog: BlogService, pages: PageDocuments): void {
  for (const section of ['learn', 'research'] as const) {
    const page = BLOG_SECTION_PAGES[section];
    r.get(`/${section}`, { config: PAGE_ROUTE_CONFIG, schema: { hide: true } }, async (request, reply) =>
      pages.send(request, reply, { meta: { title: page.title, description: page.description, path: `/${section}`, type: 'website' } }),
    );

    r.get(`/${section}/:slug`, {
      config: PAGE_ROUTE_CONFIG,
      schema: { hide: true, params: z.object({ slug: z.string().max(200) }) },
    }, async (request, reply) => {
      const post = await findPost(blog, request.params.slug);
      if (!post) {
        return pages.send(request, reply, { meta: { title: 'Post not found', description: page.description, path: `/${section}`, type: 'website' }, status: 404 });
      }
      // A post has one address: an earlier slug, or the other section, is sent there for good.
      if (post.section !== section || post.slug !== request.params.slug) return reply.redirect(`/${post.section}/${post.slug}`, 301);
      return pages.send(request, reply, {
        meta: {
          title: post.title,
          description: post.excerpt,
          path: `/${section}/${post.slug}`,
          type: 'article',
          image: post.thumbnailUrl ?? undefined,
          publishedAt: post.publishedAt,
        },
      });
    });
  }
}

async function findPost(blog: BlogService, slug: string) {
  try {
    return await blog.getPublished(slug);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

function xml(value: string): string {
  return escapeAttribute(value).replace(/'/g, '&apos;');
}

function cdata(value: string): string {
  return `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** Feed readers show content away from our site: our own paths become absolute. */
function absoluteLinks(html: string, site: string): string {
  return html.replace(/(href|src)="\/(?!\/)/g, `$1="${site}/`);
}
