import type { Path } from 'react-hook-form';
import {
  type AdminBlogPost,
  type BlogPostBody,
  type BlogSection,
  blogPostBodySchema,
  slugify,
} from '#contract/blog.ts';
import { type FieldOf, bodySchema } from '#web/lib/forms.ts';

/** One cited study as the editor holds it: every field text, the year too, until it is sent. */
export type CitationFormValues = { title: string; authors: string; year: string; journal: string; doi: string; pubmedId: string; url: string };

export type PostFormValues = {
  section: BlogSection;
  title: string;
  slug: string;
  /** False while the slug follows the title; typing in the slug field takes it over. */
  slugEdited: boolean;
  excerpt: string;
  contentMarkdown: string;
  citations: CitationFormValues[];
};

export const emptyCitation = (): CitationFormValues => ({ title: '', authors: '', year: '', journal: '', doi: '', pubmedId: '', url: '' });

export function emptyPostForm(section: BlogSection = 'learn'): PostFormValues {
  return { section, title: '', slug: '', slugEdited: false, excerpt: '', contentMarkdown: '', citations: [] };
}

export function postToForm(post: AdminBlogPost): PostFormValues {
  return {
    section: post.section,
    title: post.title,
    slug: post.slug,
    slugEdited: true,
    excerpt: post.excerpt,
    contentMarkdown: post.contentMarkdown,
    citations: post.citations.map((citation) => ({
      title: citation.title,
      authors: citation.authors,
      year: String(citation.year),
      journal: citation.journal,
      doi: citation.doi ?? '',
      pubmedId: citation.pubmedId ?? '',
      url: citation.url,
    })),
  };
}

/** A new title moves the slug along with it until the slug has been edited by hand. */
export function withTitle(values: PostFormValues, title: string): PostFormValues {
  return { ...values, title, slug: values.slugEdited ? values.slug : slugify(title) };
}

export function formToPostBody(values: PostFormValues): BlogPostBody {
  return {
    section: values.section,
    title: values.title,
    slug: values.slug.trim() || null,
    excerpt: values.excerpt,
    contentMarkdown: values.contentMarkdown,
    citations: values.citations.map((citation) => ({
      title: citation.title,
      authors: citation.authors,
      year: citation.year.trim() === '' ? Number.NaN : Number(citation.year),
      journal: citation.journal,
      doi: citation.doi.trim() || null,
      pubmedId: citation.pubmedId.trim() || null,
      url: citation.url.trim() || null,
    })),
  };
}

const POST_FIELDS = ['section', 'title', 'slug', 'excerpt', 'contentMarkdown', 'citations'] as const;

/** The body's paths are the form's (`title`, `citations.0.doi`): each message lands on the field that shows it. */
export const postFieldOf: FieldOf<PostFormValues> = (bodyField) =>
  POST_FIELDS.some((field) => bodyField === field || bodyField.startsWith(`${field}.`)) ? (bodyField as Path<PostFormValues>) : null;

/** The editor's schema: the server's rules, run on the body the form would send. */
export const postFormSchema = bodySchema(blogPostBodySchema, formToPostBody, postFieldOf);

/** The free slug the server suggests in a 409 answer ("... "vitamin-d-2" is free."). */
export function suggestedSlug(message: string): string | undefined {
  return /"([a-z0-9]+(?:-[a-z0-9]+)*)" is free/.exec(message)?.[1];
}
