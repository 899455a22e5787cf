import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { idParamsSchema, okMessageSchema } from './auth.ts';
import { BLOG_MESSAGES, BLOG_SECTIONS } from './blog-texts.ts';

/**
 * The blog: "learn" articles and "research" evidence pages (product.md, Blog,
 * product.md, Blog). Content is written in Markdown and served as sanitised HTML; research pages list
 * the studies they cite.
 */

export { BLOG_MESSAGES, BLOG_PAGE_SIZE, BLOG_SECTIONS, BLOG_SECTION_PAGES, BLOG_THUMBNAIL_FIELD, BLOG_THUMBNAIL_MAX_BYTES, BLOG_THUMBNAIL_MAX_WIDTH, citationLink } from './blog-texts.ts';
export type { BlogSection } from './blog-texts.ts';
export const blogSectionSchema = z.enum(BLOG_SECTIONS, { error: 'Section must be learn or research' });

export function slugTakenMessage(suggestion: string): string {
  return `This slug is already used by another post. "${suggestion}" is free.`;
}

// ─── Input ──────────────────────────────────────────────────────────────────────────────────────

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Path segments the blog's own addresses use (`/api/blog/thumbnails/...`). */
export const RESERVED_SLUGS: readonly string[] = ['thumbnails', 'rss', 'feed'];

export const slugSchema = z
  .string({ error: BLOG_MESSAGES.slugFormat })
  .trim()
  .toLowerCase()
  .min(1, BLOG_MESSAGES.slugFormat)
  .max(100, 'Slug must be at most 100 characters')
  .regex(SLUG_PATTERN, BLOG_MESSAGES.slugFormat)
  .refine((slug) => !RESERVED_SLUGS.includes(slug), 'This slug is reserved; please choose another');

/** "Vitamin D: A Guide!" → "vitamin-d-a-guide"; accents dropped; at most 80 characters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** "https://doi.org/10.1000/xyz" and "doi:10.1000/xyz" are read as "10.1000/xyz". */
export function normaliseDoi(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '');
}

export const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;

export const citationInputSchema = z
  .strictObject({
    title: z.string({ error: 'Study title is required' }).trim().min(1, 'Study title is required').max(500, 'Study title must be at most 500 characters'),
    authors: z.string({ error: 'Authors are required' }).trim().min(1, 'Authors are required').max(1000, 'Authors must be at most 1000 characters'),
    year: z.coerce
      .number({ error: 'Year must be a year like 2019' })
      .int('Year must be a year like 2019')
      .min(1800, 'Year must be a year like 2019')
      .max(2100, 'Year must be a year like 2019'),
    journal: z.string({ error: 'Journal is required' }).trim().min(1, 'Journal is required').max(300, 'Journal must be at most 300 characters'),
    doi: z
      .string()
      .nullish()
      .transform((value) => (value ? normaliseDoi(value) : null))
      .refine((value) => value === null || DOI_PATTERN.test(value), 'DOI must look like 10.1056/NEJMoa1809944'),
    pubmedId: z
      .string()
      .nullish()
      .transform((value) => (value ? value.trim() : null))
      .refine((value) => value === null || /^\d{1,9}$/.test(value), 'PubMed id must be a number like 30415629'),
    url: z
      .string()
      .nullish()
      .transform((value) => (value ? value.trim() : null))
      .refine((value) => value === null || isWebUrl(value), 'Link must be a web address starting with http:// or https://'),
  })
  .refine((c) => c.doi !== null || c.pubmedId !== null || c.url !== null, {
    path: ['url'],
    message: 'Give a DOI, a PubMed id or a link for each study',
  });
export type CitationInput = z.input<typeof citationInputSchema>;

export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const citationSchema = z.object({
  title: z.string(),
  authors: z.string(),
  year: z.number().int(),
  journal: z.string(),
  doi: z.string().nullable(),
  pubmedId: z.string().nullable(),
  /** The study's link: as given, else from the DOI, else from the PubMed id. */
  url: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

/** POST /api/admin/blog and PUT /api/admin/blog/:id. A missing slug is made from the title. */
export const blogPostBodySchema = z.strictObject({
  section: blogSectionSchema,
  title: z.string({ error: BLOG_MESSAGES.titleRequired }).trim().min(1, BLOG_MESSAGES.titleRequired).max(200, 'Title must be at most 200 characters'),
  slug: z
    .string()
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(slugSchema.nullable()),
  excerpt: z
    .string({ error: BLOG_MESSAGES.excerptRequired })
    .trim()
    .min(1, BLOG_MESSAGES.excerptRequired)
    .max(500, 'Excerpt must be at most 500 characters'),
  contentMarkdown: z
    .string({ error: BLOG_MESSAGES.contentRequired })
    .trim()
    .min(1, BLOG_MESSAGES.contentRequired)
    .max(100_000, 'Content must be at most 100,000 characters'),
  citations: z.array(citationInputSchema).max(50, 'At most 50 cited studies').default([]),
});
export type BlogPostBody = z.input<typeof blogPostBodySchema>;
export type BlogPostInput = z.output<typeof blogPostBodySchema>;

export const blogPreviewBodySchema = z.strictObject({ contentMarkdown: z.string().max(100_000, 'Content must be at most 100,000 characters') });
export const blogPreviewSchema = z.object({ html: z.string() });

export const blogListQuerySchema = z.object({
  section: blogSectionSchema.default('learn'),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').max(10_000).default(1),
});

export const adminBlogListQuerySchema = z.object({
  section: blogSectionSchema.optional(),
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const blogSlugParamsSchema = z.strictObject({ slug: z.string().max(200) });

// ─── Output ─────────────────────────────────────────────────────────────────────────────────────

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** product.md, Blog without its content: what a list shows. */
export const blogPostSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  section: blogSectionSchema,
  title: z.string(),
  excerpt: z.string(),
  thumbnailUrl: z.string().nullable(),
  publishedAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** product.md, Blog: `content` is sanitised HTML. */
export const blogPostSchema = blogPostSummarySchema.extend({
  content: z.string(),
  citations: z.array(citationSchema),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListResponseSchema = z.object({ posts: z.array(blogPostSummarySchema), pagination: paginationSchema });
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

export const adminBlogPostSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  section: blogSectionSchema,
  title: z.string(),
  excerpt: z.string(),
  thumbnailUrl: z.string().nullable(),
  published: z.boolean(),
  /** When it was first published; kept when it is unpublished and published again. */
  publishedAt: z.string().nullable(),
  citationCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBlogPostSummary = z.infer<typeof adminBlogPostSummarySchema>;

export const adminBlogPostSchema = adminBlogPostSummarySchema.extend({
  contentMarkdown: z.string(),
  content: z.string(),
  citations: z.array(citationSchema),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

export const adminBlogListResponseSchema = z.object({ posts: z.array(adminBlogPostSummarySchema), pagination: paginationSchema });
export type AdminBlogListResponse = z.infer<typeof adminBlogListResponseSchema>;

export function totalPagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export const blogEndpoints = defineEndpoints({
  list: { method: 'GET', path: '/api/blog', query: blogListQuerySchema, response: blogListResponseSchema },
  post: { method: 'GET', path: '/api/blog/:slug', params: blogSlugParamsSchema, response: blogPostSchema },
  adminList: { method: 'GET', path: '/api/admin/blog', query: adminBlogListQuerySchema, response: adminBlogListResponseSchema },
  preview: { method: 'POST', path: '/api/admin/blog/preview', body: blogPreviewBodySchema, response: blogPreviewSchema },
  adminPost: { method: 'GET', path: '/api/admin/blog/:id', params: idParamsSchema, response: adminBlogPostSchema },
  create: { method: 'POST', path: '/api/admin/blog', body: blogPostBodySchema, response: adminBlogPostSchema },
  update: { method: 'PUT', path: '/api/admin/blog/:id', params: idParamsSchema, body: blogPostBodySchema, response: adminBlogPostSchema },
  remove: { method: 'DELETE', path: '/api/admin/blog/:id', params: idParamsSchema, response: okMessageSchema },
  publish: { method: 'POST', path: '/api/admin/blog/:id/publish', params: idParamsSchema, response: adminBlogPostSchema },
  unpublish: { method: 'POST', path: '/api/admin/blog/:id/unpublish', params: idParamsSchema, response: adminBlogPostSchema },
  setThumbnail: { method: 'PUT', path: '/api/admin/blog/:id/thumbnail', params: idParamsSchema, body: 'form', response: adminBlogPostSchema },
  removeThumbnail: { method: 'DELETE', path: '/api/admin/blog/:id/thumbnail', params: idParamsSchema, response: adminBlogPostSchema },
});
