import type { PageBox } from '#contract/biomarkers.ts';

/**
 * Where a row was read on its page, as fractions of the page, so review can highlight it over
 * the page's image at any size (product.md, Labs, review beside the page).
 */
export type { PageBox };

export function clampBox(box: PageBox): PageBox {
  const x = clamp01(box.x);
  const y = clamp01(box.y);
  return { page: box.page, x, y, width: clamp01(Math.min(box.width, 1 - x)), height: clamp01(Math.min(box.height, 1 - y)) };
}

/** The smallest box holding both (rows joined from lines on one page); the first when pages differ. */
export function unionBoxes(a: PageBox | undefined, b: PageBox | undefined): PageBox | undefined {
  if (!a || !b) return a ?? b;
  if (a.page !== b.page) return a;
  const x0 = Math.min(a.x, b.x);
  const y0 = Math.min(a.y, b.y);
  const x1 = Math.max(a.x + a.width, b.x + b.width);
  const y1 = Math.max(a.y + a.height, b.y + b.height);
  return { page: a.page, x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0) };
}

function clamp01(value: number): number {
  return round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)));
}

/** Four decimals: a tenth of a point on an A4 page; keeps the stored JSON small. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
