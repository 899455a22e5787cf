import type { FastifyBaseLogger } from 'fastify';
import {
  type AdminBlogListResponse,
  type AdminBlogPost,
  type AdminBlogPostSummary,
  type BlogListResponse,
  type BlogPost,
  type BlogPostInput,
  type BlogPostSummary,
  type BlogSection,
  type Citation,
  BLOG_MESSAGES,
  BLOG_PAGE_SIZE,
  RESERVED_SLUGS,
  citationLink,
  slugify,
  slugTakenMessage,
  totalPagesOf,
} from '#contract/blog.ts';
import type { Db } from '#server/db/client.ts';
import type { StoredCitation } from '#server/db/schema/index.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { isUniqueViolation } from '#server/features/auth/auth.service.ts';
import { AppError } from '#server/http/app-error.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { renderMarkdown } from './blog.markdown.ts';
import {
  type BlogPostRow,
  deletePost,
  findPostById,
  findPublishedPostByEarlierSlug,
  findPublishedPostBySlug,
  findThumbnailOwner,
  insertPost,
  listAllPublishedPosts,
  listPostsForAdmin,
  listPublishedPosts,
  setPostPublished,
  slugTaken,
  slugsStartingWith,
  updatePost,
} from './blog.repository.ts';
import { THUMBNAIL_KEY_PREFIX, newThumbnailKey, prepareThumbnail, thumbnailUrl } from './blog.thumbnails.ts';

type Dependencies = {
  db: Db;
  store: FileStore;
  audit: AuditLog;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

/** Who did an admin action, for the audit log. */
export type Actor = { id: string; ipAddress: string };

const THUMBNAIL_NAME = /^[a-z0-9][a-z0-9-]{0,150}$/;

/** Learn and research posts: the public pages read published posts; admins write them. */
export class BlogService {
  constructor(private readonly deps: Dependencies) {}

  // ─── Public ──────────────────────────────────────────────────────────────────────────────────

  async listPublished(section: BlogSection, page: number): Promise<BlogListResponse> {
    const { rows, total } = await listPublishedPosts(this.deps.db, section, BLOG_PAGE_SIZE, (page - 1) * BLOG_PAGE_SIZE);
    return {
      posts: rows.map(toSummary),
      pagination: { page, pageSize: BLOG_PAGE_SIZE, total, totalPages: totalPagesOf(total, BLOG_PAGE_SIZE) },
    };
  }

  /** A published post by its slug, or by a slug it had before an editor changed it (it answers with its current one). */
  async getPublished(slug: string): Promise<BlogPost> {
    const wanted = slug.toLowerCase();
    const row = (await findPublishedPostBySlug(this.deps.db, wanted)) ?? (await findPublishedPostByEarlierSlug(this.deps.db, wanted));
    if (!row) throw AppError.notFound(BLOG_MESSAGES.postNotFound);
    return { ...toSummary(row), content: row.contentHtml, citations: toCitations(row.citations), updatedAt: row.updatedAt.toISOString() };
  }

  /** Published posts newest first (sitemap, feed), with their HTML. */
  async listAllPublished(limit?: number) {
    return (await listAllPublishedPosts(this.deps.db, limit)).map((row) => ({ ...toSummary(row), content: row.contentHtml, updatedAt: row.updatedAt.toISOString() }));
  }

  /** A thumbnail's bytes: anyone may see a published post's, only admins a draft's. */
  async thumbnail(name: string, viewerIsAdmin: boolean): Promise<{ bytes: Buffer; contentType: string; published: boolean }> {
    if (!THUMBNAIL_NAME.test(name)) throw AppError.notFound();
    const key = `${THUMBNAIL_KEY_PREFIX}${name}`;
    const owner = await findThumbnailOwner(this.deps.db, key);
    if (!owner || (!owner.published && !viewerIsAdmin) || !owner.contentType) throw AppError.notFound();
    try {
      return { bytes: await this.deps.store.get(key), contentType: owner.contentType, published: owner.published };
    } catch (error) {
      this.deps.log.warn({ err: error, storageKey: key }, 'blog thumbnail missing from the file store');
      throw AppError.notFound();
    }
  }

  // ─── Admin ───────────────────────────────────────────────────────────────────────────────────

  async adminList(options: { section?: BlogSection | undefined; q: string; page: number; pageSize: number }): Promise<AdminBlogListResponse> {
    const { rows, total } = await listPostsForAdmin(this.deps.db, {
      section: options.section,
      q: options.q,
      limit: options.pageSize,
      offset: (options.page - 1) * options.pageSize,
    });
    return {
      posts: rows.map((row) => ({
        ...adminSummaryOf(row),
        citationCount: row.citationCount,
      })),
      pagination: { page: options.page, pageSize: options.pageSize, total, totalPages: totalPagesOf(total, options.pageSize) },
    };
  }

  async adminGet(id: string): Promise<AdminBlogPost> {
    return toAdminPost(await this.require(id));
  }

  preview(markdown: string): { html: string } {
    return { html: renderMarkdown(markdown) };
  }

  async create(actor: Actor, input: BlogPostInput): Promise<AdminBlogPost> {
    const slug = input.slug ?? (await this.freeSlug(slugify(input.title) || 'post'));
    if (input.slug && (await slugTaken(this.deps.db, slug))) throw await this.slugConflict(slug);
    const row = await this.write(slug, () =>
      insertPost(this.deps.db, { ...this.contentOf(input), slug, authorId: actor.id, published: false }),
    );
    await this.record(actor, 'admin.blog.created', row);
    return toAdminPost(row);
  }

  async update(actor: Actor, id: string, input: BlogPostInput): Promise<AdminBlogPost> {
    const current = await this.require(id);
    const slug = input.slug ?? current.slug;
    if (slug !== current.slug && (await slugTaken(this.deps.db, slug, id))) throw await this.slugConflict(slug);
    if (current.published) assertPublishable(input.section, input.citations.length);
    const row = await this.write(slug, () => updatePost(this.deps.db, id, { ...this.contentOf(input), slug }));
    if (!row) throw AppError.notFound(BLOG_MESSAGES.postNotFound);
    await this.record(actor, 'admin.blog.updated', row);
    return toAdminPost(row);
  }

  async setPublished(actor: Actor, id: string, published: boolean): Promise<AdminBlogPost> {
    const current = await this.require(id);
    if (published) assertPublishable(current.section, current.citations.length);
    const row = await setPostPublished(this.deps.db, id, published);
    if (!row) throw AppError.notFound(BLOG_MESSAGES.postNotFound);
    await this.record(actor, published ? 'admin.blog.published' : 'admin.blog.unpublished', row);
    return toAdminPost(row);
  }

  /** The row goes first; a thumbnail the store then fails to delete is only an orphan, logged. */
  async remove(actor: Actor, id: string): Promise<void> {
    const deleted = await deletePost(this.deps.db, id);
    if (!deleted) throw AppError.notFound(BLOG_MESSAGES.postNotFound);
    if (deleted.thumbnailKey) await this.deleteStored(deleted.thumbnailKey);
    await this.deps.audit.record({
      action: 'admin.blog.deleted',
      actorId: actor.id,
      ipAddress: actor.ipAddress,
      targetType: 'blog_post',
      targetId: id,
      details: { slug: deleted.slug },
    });
  }

  /** Stores the new image first, points the post at it, then removes the old one. */
  async setThumbnail(actor: Actor, id: string, read: () => Promise<Uint8Array>): Promise<AdminBlogPost> {
    const current = await this.require(id);
    const prepared = await prepareThumbnail(await read());
    const key = newThumbnailKey();
    await this.deps.store.put(key, prepared.bytes, prepared.contentType);
    let row: BlogPostRow | undefined;
    try {
      row = await updatePost(this.deps.db, id, { thumbnailKey: key, thumbnailContentType: prepared.contentType });
    } catch (error) {
      await this.deleteStored(key);
      throw error;
    }
    if (!row) {
      await this.deleteStored(key);
      throw AppError.notFound(BLOG_MESSAGES.postNotFound);
    }
    if (current.thumbnailKey) await this.deleteStored(current.thumbnailKey);
    await this.record(actor, 'admin.blog.thumbnail_set', row);
    return toAdminPost(row);
  }

  async removeThumbnail(actor: Actor, id: string): Promise<AdminBlogPost> {
    const current = await this.require(id);
    const row = await updatePost(this.deps.db, id, { thumbnailKey: null, thumbnailContentType: null });
    if (!row) throw AppError.notFound(BLOG_MESSAGES.postNotFound);
    if (current.thumbnailKey) await this.deleteStored(current.thumbnailKey);
    await this.record(actor, 'admin.blog.thumbnail_removed', row);
    return toAdminPost(row);
  }

  // ─── Helpers ─────────────────────────────────────────────────────────────────────────────────

  private contentOf(input: BlogPostInput) {
    return {
      section: input.section,
      title: input.title,
      excerpt: input.excerpt,
      contentMarkdown: input.contentMarkdown,
      contentHtml: renderMarkdown(input.contentMarkdown),
      citations: input.citations.map(
        (citation): StoredCitation => ({
          title: citation.title,
          authors: citation.authors,
          year: citation.year,
          journal: citation.journal,
          doi: citation.doi,
          pubmedId: citation.pubmedId,
          url: citation.url,
        }),
      ),
    };
  }

  /** Two editors racing for one slug: the unique index decides, and the loser gets the same answer as a taken slug. */
  private async write<T>(slug: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw await this.slugConflict(slug);
      throw error;
    }
  }

  private async slugConflict(slug: string): Promise<AppError> {
    const message = slugTakenMessage(await this.freeSlug(slug));
    return new AppError('CONFLICT', message, { details: [{ field: 'slug', message }] });
  }

  /** `base` if free, else the first free `base-2`, `base-3`, ... */
  private async freeSlug(base: string): Promise<string> {
    const trimmed = base.replace(/-\d+$/, '') || base;
    const taken = new Set([...(await slugsStartingWith(this.deps.db, trimmed)), ...RESERVED_SLUGS]);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) {
      const candidate = `${trimmed.slice(0, 100 - String(n).length - 1).replace(/-+$/, '')}-${n}`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  private async require(id: string): Promise<BlogPostRow> {
    const row = await findPostById(this.deps.db, id);
    if (!row) throw AppError.notFound(BLOG_MESSAGES.postNotFound);
    return row;
  }

  private async deleteStored(key: string): Promise<void> {
    await this.deps.store.delete(key).catch((error: unknown) => {
      this.deps.log.warn({ err: error, storageKey: key }, 'blog thumbnail could not be removed from the file store');
    });
  }

  private async record(actor: Actor, action: `admin.blog.${string}`, row: BlogPostRow): Promise<void> {
    await this.deps.audit.record({
      action,
      actorId: actor.id,
      ipAddress: actor.ipAddress,
      targetType: 'blog_post',
      targetId: row.id,
      details: { slug: row.slug },
    });
  }
}

function assertPublishable(section: BlogSection, citationCount: number): void {
  if (section === 'research' && citationCount === 0) throw AppError.validation('citations', BLOG_MESSAGES.researchNeedsCitation);
}

type SummaryRow = Pick<BlogPostRow, 'id' | 'slug' | 'section' | 'title' | 'excerpt' | 'thumbnailKey' | 'publishedAt'>;

function toSummary(row: SummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    section: row.section,
    title: row.title,
    excerpt: row.excerpt,
    thumbnailUrl: thumbnailUrl(row.thumbnailKey),
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
  };
}

function adminSummaryOf(row: SummaryRow & Pick<BlogPostRow, 'published' | 'createdAt' | 'updatedAt'>): Omit<AdminBlogPostSummary, 'citationCount'> {
  return {
    id: row.id,
    slug: row.slug,
    section: row.section,
    title: row.title,
    excerpt: row.excerpt,
    thumbnailUrl: thumbnailUrl(row.thumbnailKey),
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminPost(row: BlogPostRow): AdminBlogPost {
  return {
    ...adminSummaryOf(row),
    citationCount: row.citations.length,
    contentMarkdown: row.contentMarkdown,
    content: row.contentHtml,
    citations: toCitations(row.citations),
  };
}

function toCitations(citations: StoredCitation[]): Citation[] {
  return citations.map((citation) => ({
    title: citation.title,
    authors: citation.authors,
    year: citation.year,
    journal: citation.journal,
    doi: citation.doi,
    pubmedId: citation.pubmedId,
    url: citationLink(citation),
  }));
}
