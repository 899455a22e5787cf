import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type StoredCitation = {
  title: string;
  authors: string;
  year: number;
  journal: string;
  doi: string | null;
  pubmedId: string | null;
  url: string | null;
};

/**
 * Learn articles and research pages. Written in Markdown; `content_html` is the sanitised HTML
 * made from it on every save, the only form ever served. Not user data: posts outlive their author.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    section: text('section', { enum: ['learn', 'research'] }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    contentMarkdown: text('content_markdown').notNull(),
    contentHtml: text('content_html').notNull(),
    citations: jsonb('citations').$type<StoredCitation[]>().notNull().default(sql`'[]'::jsonb`),
    /** The file store key of the thumbnail (`blog/...`) and its type; null when there is none. */
    thumbnailKey: text('thumbnail_key'),
    thumbnailContentType: text('thumbnail_content_type'),
    published: boolean('published').notNull().default(false),
    /** Set when first published and kept across unpublishing, so a post keeps its date. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_key').on(t.slug),
    // The public lists: one section's published posts, newest first.
    index('blog_posts_section_published_idx').on(t.section, t.published, t.publishedAt),
  ],
);

/**
 * Seed posts already added once, by slug. A seed post an admin deletes stays deleted: the seed
 * adds only posts it has never added before.
 */
export const blogSeededPosts = pgTable('blog_seeded_posts', {
  slug: text('slug').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A post's earlier slugs, so that links to a post whose slug an editor changed still reach it
 * (a permanent redirect). A live post's slug wins over an earlier one of another post.
 */
export const blogSlugRedirects = pgTable('blog_slug_redirects', {
  slug: text('slug').primaryKey(),
  postId: uuid('post_id')
    .notNull()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
