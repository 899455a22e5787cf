import { type SQL, and, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { BlogSection } from '#contract/blog.ts';
import type { Db } from '#server/db/client.ts';
import { escapeLike } from '#server/db/sql.ts';
import { blogPosts, blogSeededPosts, blogSlugRedirects } from '#server/db/schema/index.ts';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  section: blogPosts.section,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  thumbnailKey: blogPosts.thumbnailKey,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};

const isPublic = and(eq(blogPosts.published, true), sql`${blogPosts.publishedAt} is not null`);

/** A page of one section's published posts, newest first, and how many there are in all. */
export async function listPublishedPosts(db: Db, section: BlogSection, limit: number, offset: number) {
  const where = and(eq(blogPosts.section, section), isPublic);
  const [rows, [count]] = await Promise.all([
    db.select(summaryColumns).from(blogPosts).where(where).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(blogPosts).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findPublishedPostBySlug(db: Db, slug: string): Promise<BlogPostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(and(eq(blogPosts.slug, slug), isPublic));
  return row;
}

/** Every published post, newest first, for the sitemap and the feed. */
export async function listAllPublishedPosts(db: Db, limit?: number) {
  const query = db
    .select({ ...summaryColumns, contentHtml: blogPosts.contentHtml })
    .from(blogPosts)
    .where(isPublic)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return limit ? query.limit(limit) : query;
}

export async function findPostById(db: Db, id: string): Promise<BlogPostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

export async function findThumbnailOwner(db: Db, key: string) {
  const [row] = await db
    .select({ published: blogPosts.published, contentType: blogPosts.thumbnailContentType })
    .from(blogPosts)
    .where(eq(blogPosts.thumbnailKey, key));
  return row;
}

export async function listPostsForAdmin(db: Db, options: { section?: BlogSection | undefined; q: string; limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (options.section) conditions.push(eq(blogPosts.section, options.section));
  if (options.q) {
    const pattern = `%${escapeLike(options.q)}%`;
    conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.slug, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        published: blogPosts.published,
        createdAt: blogPosts.createdAt,
        citationCount: sql<number>`jsonb_array_length(${blogPosts.citations})::int`,
      })
      .from(blogPosts)
      .where(where)
      // Drafts first (they are what an editor works on), then newest.
      .orderBy(blogPosts.published, desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(blogPosts).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug));
  return row !== undefined;
}

/** Slugs that are `base` or `base-<something>`, to find the first free `base-N`. */
export async function slugsStartingWith(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(or(eq(blogPosts.slug, base), sql`${blogPosts.slug} like ${`${escapeLike(base)}-%`}`));
  return rows.map((row) => row.slug);
}

export async function insertPost(db: Db, post: NewBlogPost): Promise<BlogPostRow> {
  const [row] = await db.insert(blogPosts).values(post).returning();
  return row!;
}

/** Saves a post's changes. A changed slug is kept as an earlier one, so that links to it still reach the post. */
export async function updatePost(db: Db, id: string, changes: Partial<NewBlogPost>): Promise<BlogPostRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    const [row] = await tx
      .update(blogPosts)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning();
    if (row && before && before.slug !== row.slug) {
      await tx
        .insert(blogSlugRedirects)
        .values({ slug: before.slug, postId: id })
        .onConflictDoUpdate({ target: blogSlugRedirects.slug, set: { postId: id, createdAt: new Date() } });
      // A slug given back to its post is its own again, not an earlier one.
      await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.slug, row.slug));
    }
    return row;
  });
}

/** The published post that once had this slug, when no post has it now. */
export async function findPublishedPostByEarlierSlug(db: Db, slug: string): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .select({ post: blogPosts })
    .from(blogSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
    .where(and(eq(blogSlugRedirects.slug, slug), isPublic));
  return row?.post;
}

/** Publishing keeps the first publication date; unpublishing keeps it for next time. */
export async function setPostPublished(db: Db, id: string, published: boolean): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .update(blogPosts)
    .set({
      published,
      updatedAt: new Date(),
      ...(published ? { publishedAt: sql`coalesce(${blogPosts.publishedAt}, now())` } : {}),
    })
    .where(eq(blogPosts.id, id))
    .returning();
  return row;
}

export async function deletePost(db: Db, id: string): Promise<{ thumbnailKey: string | null; slug: string } | undefined> {
  const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ thumbnailKey: blogPosts.thumbnailKey, slug: blogPosts.slug });
  return row;
}

// Seed

/** Records seed slugs as added and answers those that were not recorded before. */
export async function markSeeded(db: Db, slugs: string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .insert(blogSeededPosts)
    .values(slugs.map((slug) => ({ slug })))
    .onConflictDoNothing()
    .returning({ slug: blogSeededPosts.slug });
  return rows.map((row) => row.slug);
}

export async function insertPostsIfSlugFree(db: Db, posts: NewBlogPost[]): Promise<number> {
  if (posts.length === 0) return 0;
  const rows = await db.insert(blogPosts).values(posts).onConflictDoNothing().returning({ id: blogPosts.id });
  return rows.length;
}

export async function thumbnailKeysInUse(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: blogPosts.thumbnailKey }).from(blogPosts).where(inArray(blogPosts.thumbnailKey, keys));
  return rows.map((row) => row.key!).filter(Boolean);
}
