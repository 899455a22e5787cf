/**
 * The blog's constants and texts, without zod, so that the public pages can use them without
 * loading the schemas (contract/blog.ts re-exports all of it).
 */

export const BLOG_SECTIONS = ['learn', 'research'] as const;
export type BlogSection = (typeof BLOG_SECTIONS)[number];

/** The list pages' titles and descriptions (the page, its meta tags and the server's copy of them). */
export const BLOG_SECTION_PAGES: Record<BlogSection, { title: string; description: string; path: string }> = {
  learn: { title: 'Learn', description: 'Articles on supplements, nutrients and lab markers, written to help you read your own results.', path: '/learn' },
  research: {
    title: 'Research',
    description: 'Evidence pages: what the studies behind common supplements found, each listing the studies it cites.',
    path: '/research',
  },
};

/** product.md, Blog: real pagination, 6 a page (product.md, Blog, "Blog page size"). */
export const BLOG_PAGE_SIZE = 6;
/** Largest thumbnail upload; it is re-encoded (and shrunk) before it is stored. */
export const BLOG_THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
/** Thumbnails are stored at most this wide (16:9 cards on any screen). */
export const BLOG_THUMBNAIL_MAX_WIDTH = 1600;
export const BLOG_THUMBNAIL_FIELD = 'file';

export const BLOG_MESSAGES = {
  postNotFound: 'Post not found',
  fetchPostsFailed: 'Failed to fetch posts',
  fetchPostFailed: 'Failed to fetch post',
  titleRequired: 'Title is required',
  excerptRequired: 'Excerpt is required',
  contentRequired: 'Content is required',
  slugFormat: 'Slug may use lower-case letters, digits and single dashes, like "vitamin-d-basics"',
  researchNeedsCitation: 'A research post needs at least one cited study before it can be published',
  thumbnailMissing: 'Please choose an image file',
  thumbnailEmpty: 'The image file is empty',
  thumbnailType: 'The thumbnail must be a PNG, JPEG, WebP or SVG image',
  thumbnailUnreadable: 'This image could not be read; it may be damaged',
} as const;

/** The link readers follow for a cited study. */
export function citationLink(citation: { doi: string | null; pubmedId: string | null; url: string | null }): string {
  if (citation.url) return citation.url;
  if (citation.doi) return `https://doi.org/${citation.doi}`;
  return `https://pubmed.ncbi.nlm.nih.gov/${citation.pubmedId ?? ''}/`;
}

