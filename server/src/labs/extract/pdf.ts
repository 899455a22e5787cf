import { getDocument, PasswordResponses, type PDFDocumentProxy } from './pdfjs.ts';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ExtractionError } from './errors.ts';
import type { TextCell, TextLine } from './parser.ts';
import { clampBox, type PageBox } from './boxes.ts';

/**
 * PDF text layer to lines. pdf.js hands out text items in file order (footers may come first),
 * so lines are rebuilt from each item's position: items whose baselines lie within a small
 * tolerance form a line, sorted by x; a wide horizontal gap starts a new cell (column).
 */

const require = createRequire(import.meta.url);

type Item = { str: string; x: number; y: number; width: number; height: number };

export type PdfPageText = { page: number; lines: TextLine[]; itemCount: number; charCount: number };

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js may detach the buffer it is given; keep the caller's bytes intact.
  const data = bytes.slice();
  const task = getDocument({
    data,
    ...standardFontOption(),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    const code = (error as { code?: number }).code;
    if (name === 'PasswordException') {
      const message = code === PasswordResponses.INCORRECT_PASSWORD ? 'This PDF is password-protected' : 'This PDF is password-protected';
      throw new ExtractionError('password-protected', message, { cause: error });
    }
    throw new ExtractionError('corrupt-file', 'This PDF could not be read; it may be damaged', { cause: error });
  }
}

/** pdf.js needs its own font files to draw the 14 standard fonts when a PDF does not embed them. */
function standardFontOption(): { standardFontDataUrl?: string } {
  try {
    const dir = path.dirname(require.resolve('pdfjs-dist/package.json'));
    return { standardFontDataUrl: `${path.join(dir, 'standard_fonts')}${path.sep}` };
  } catch {
    return {};
  }
}

export async function readPdfPageText(doc: PDFDocumentProxy, pageNumber: number): Promise<PdfPageText> {
  const page = await doc.getPage(pageNumber);
  const content = await page.getTextContent();
  const items: Item[] = [];
  for (const raw of content.items) {
    if (!('str' in raw) || raw.str.trim() === '') continue;
    const [a, b, c, d, x, y] = raw.transform as number[];
    // Rotated or skewed text is a watermark or a stamp, never a result row.
    if (Math.abs(b ?? 0) > 0.01 || Math.abs(c ?? 0) > 0.01 || (a ?? 1) <= 0 || (d ?? 1) <= 0) continue;
    items.push({ str: raw.str, x: x ?? 0, y: y ?? 0, width: raw.width, height: raw.height || Math.abs(d ?? 0) });
  }
  const [left = 0, bottom = 0, right = 612, top = 792] = page.view;
  page.cleanup();
  const frame = { page: pageNumber, left, bottom, width: right - left || 1, height: top - bottom || 1 };
  const lines = buildLines(dropWatermarks(items), frame).map((line) => ({ ...line, page: pageNumber }));
  const charCount = items.reduce((sum, item) => sum + item.str.replace(/\s/g, '').length, 0);
  return { page: pageNumber, lines, itemCount: items.length, charCount };
}

/** Text far larger than the body (a "SAMPLE" or lab-name watermark) is dropped. */
function dropWatermarks(items: Item[]): Item[] {
  if (items.length < 5) return items;
  const heights = items.map((i) => i.height).sort((p, q) => p - q);
  const median = heights[Math.floor(heights.length / 2)] as number;
  return items.filter((item) => item.height <= median * 2.5);
}

/** The page's frame in PDF points, for boxes as fractions of the page (review highlights the row there). */
type PageFrame = { page: number; left: number; bottom: number; width: number; height: number };

export function buildLines(items: Item[], frame?: PageFrame): TextLine[] {
  const sorted = [...items].sort((p, q) => q.y - p.y || p.x - q.x);
  const groups: Item[][] = [];
  for (const item of sorted) {
    const current = groups[groups.length - 1];
    const anchor = current?.[0];
    const tolerance = anchor ? Math.max(1, 0.3 * Math.min(anchor.height, item.height)) : 0;
    if (current && anchor && Math.abs(anchor.y - item.y) <= tolerance) current.push(item);
    else groups.push([item]);
  }
  return groups.map((group) => {
    const row = group.sort((p, q) => p.x - q.x);
    const cells: TextCell[] = [];
    let cellEnd = -Infinity;
    for (const item of row) {
      const gap = item.x - cellEnd;
      const last = cells[cells.length - 1];
      if (last && gap < Math.max(2.5, item.height * 0.9)) {
        last.text += (gap > item.height * 0.15 && !last.text.endsWith(' ') ? ' ' : '') + item.str;
      } else {
        cells.push({ text: item.str, x: item.x });
      }
      cellEnd = Math.max(cellEnd, item.x + item.width);
    }
    for (const cell of cells) cell.text = cell.text.replace(/\s+/g, ' ').trim();
    const height = Math.max(...row.map((i) => i.height));
    const line: TextLine = {
      text: cells.map((c) => c.text).join('  '),
      cells,
      y: (row[0] as Item).y,
      height,
      source: 'text' as const,
    };
    if (frame) line.box = boxOf(row, frame);
    return line;
  });
}

function boxOf(row: Item[], frame: PageFrame): PageBox {
  const x0 = Math.min(...row.map((i) => i.x));
  const x1 = Math.max(...row.map((i) => i.x + i.width));
  // Baselines: descenders reach about a fifth of the font height below, capitals about its height above.
  const top = Math.max(...row.map((i) => i.y + i.height));
  const bottom = Math.min(...row.map((i) => i.y - i.height * 0.2));
  return clampBox({
    page: frame.page,
    x: (x0 - frame.left) / frame.width,
    y: (frame.bottom + frame.height - top) / frame.height,
    width: (x1 - x0) / frame.width,
    height: (top - bottom) / frame.height,
  });
}

/**
 * Renders one page to a PNG for OCR; the scale is capped so a huge page stays within `maxPixels`.
 * The canvas comes from pdf.js's own factory: pdf.js bundles its own @napi-rs/canvas, and a
 * canvas from another copy fails on its Path2D objects.
 */
export async function renderPdfPage(doc: PDFDocumentProxy, pageNumber: number, opts: { scale?: number; maxPixels?: number } = {}): Promise<Buffer> {
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const maxPixels = opts.maxPixels ?? 25_000_000;
  const wanted = opts.scale ?? Math.max(2.5, 2000 / base.width);
  const scale = Math.min(wanted, Math.sqrt(maxPixels / (base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const factory = doc.canvasFactory as { create(w: number, h: number): { canvas: unknown; context: unknown }; destroy(c: unknown): void };
  const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const canvas = target.canvas as HTMLCanvasElement & { encode(format: 'png'): Promise<Buffer> };
  const context = target.context as CanvasRenderingContext2D;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  try {
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    return await canvas.encode('png');
  } finally {
    page.cleanup();
    factory.destroy(target);
  }
}
