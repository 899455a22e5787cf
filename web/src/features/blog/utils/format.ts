import type { Citation } from '#contract/blog.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "February 10, 2025": publication dates are days, shown the same in every time zone. */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "Manson JE, Cook NR, et al. Title. Journal. 2019." as a reference list shows it. */
export function citationText(citation: Pick<Citation, 'authors' | 'title' | 'journal' | 'year'>): string {
  const end = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`);
  return [end(citation.authors.trim()), end(citation.title.trim()), end(citation.journal.trim()), `${citation.year}.`].join(' ');
}

/** The page address of a post, by its section. */
export function postPath(post: { section: 'learn' | 'research'; slug: string }): string {
  return `/${post.section}/${post.slug}`;
}

/** `?page=N` for pages after the first; the first page is the plain address. */
export function pageHref(page: number): string {
  return page <= 1 ? '?' : `?page=${page}`;
}
