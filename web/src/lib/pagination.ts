/** A page number, or a gap between page numbers. */
export type PageItem = number | 'gap';

/**
 * The page links to show: always the first and last page, the current one with `around` pages
 * on each side, and a gap where pages are left out. A gap never stands for a single page (that
 * page is shown instead), so the list is as short as it can be without hiding one number.
 */
export function pageItems(page: number, totalPages: number, around = 1): PageItem[] {
  if (totalPages <= 1) return [1];
  const current = Math.min(Math.max(1, page), totalPages);
  const shown = new Set([1, totalPages]);
  for (let p = current - around; p <= current + around; p += 1) if (p >= 1 && p <= totalPages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const p of sorted) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && p - previous === 2) items.push(previous + 1);
    else if (typeof previous === 'number' && p - previous > 2) items.push('gap');
    items.push(p);
  }
  return items;
}

/** A page number from the address bar: a whole number from 1, else 1. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
