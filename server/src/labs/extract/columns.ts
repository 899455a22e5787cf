import { matchNameAtStart } from './names.ts';

/**
 * Two-column pages under OCR (issue 17). Tesseract often joins a line of the left column with
 * the line of the right column at about the same height, and reads such joined lines worse
 * (stacked rows of two columns rarely share a baseline). The first reading's word boxes show
 * where the right column starts: test names that start again at one x in the middle of the
 * page, on several lines, with no word across that x. The band of the page where that holds is
 * then read again as two images, one a column, so that each line holds one column's text.
 */

/** A word of tesseract's TSV (level 5), in pixels of the whole image; `line` tells its line apart. */
export type OcrWord = { text: string; left: number; top: number; width: number; height: number; line: string };

/** A vertical cut at `gutter` (pixels) between rows `top` and `bottom`. */
export type ColumnBand = { gutter: number; top: number; bottom: number };

export function wordsOfTsv(tsv: string | null, offset: { top: number; tag: string }): OcrWord[] {
  if (!tsv) return [];
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== '5' || !cols[11]?.trim()) continue;
    const [left, top, width, height] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    words.push({ text: cols[11].trim(), left, top: top + offset.top, width, height, line: `${offset.tag}.${cols.slice(1, 5).join('.')}` });
  }
  return words;
}

/** After a name that starts a row: nothing (its value is below), or its value; not a unit ("mg/dL" is no magnesium). */
const NAME_ENDS_ROW_START = /^\s*(?:\([^)]{1,20}\)\s*)?[:=]?\s*(?:$|[<>]?\s*[0-9OolI|][0-9OolI|.,]*(?:\s|$))/;

/** Names starting at this many lines mark a column; fewer could be a stray word. */
const MIN_NAMES = 2;

export function findColumnBand(words: OcrWord[], imageWidth: number): ColumnBand | null {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  const gap = imageWidth * 0.012;
  // Where, in the middle of the page, a known test name starts after a gap (or alone on its line).
  const starts: OcrWord[] = [];
  for (const line of lines.values()) {
    line.sort((a, b) => a.left - b.left);
    for (let i = 0; i < line.length; i++) {
      const word = line[i] as OcrWord;
      if (word.left < imageWidth * 0.3 || word.left > imageWidth * 0.7) continue;
      const before = line[i - 1];
      if (before && word.left - (before.left + before.width) < gap) continue;
      const rest = line.slice(i).map((w) => w.text).join(' ');
      const name = matchNameAtStart(rest, { ocr: true });
      if (name && NAME_ENDS_ROW_START.test(rest.slice(name.end))) starts.push(word);
    }
  }
  const unit = imageWidth / 100;
  const buckets = new Map<number, OcrWord[]>();
  for (const word of starts) {
    const bucket = Math.round(word.left / unit);
    for (const b of [bucket - 1, bucket, bucket + 1]) buckets.set(b, [...(buckets.get(b) ?? []), word]);
  }
  const best = [...buckets.values()].sort((a, b) => b.length - a.length)[0];
  if (!best || best.length < MIN_NAMES) return null;
  const gutter = Math.min(...best.map((w) => w.left)) - gap / 2;
  const height = Math.max(...best.map((w) => w.height));
  // Above the first name, a column's title and headings; below the last, a stacked row's value line.
  let top = Math.min(...best.map((w) => w.top)) - height * 4;
  let bottom = Math.max(...best.map((w) => w.top + w.height)) + height * 2.5;
  // A word across the cut ends the band: the page is in one column there (a heading, a note).
  const across = words.filter((w) => w.left < gutter && w.left + w.width > gutter);
  const namesTop = Math.min(...best.map((w) => w.top));
  const namesBottom = Math.max(...best.map((w) => w.top + w.height));
  for (const w of across) {
    if (w.top + w.height <= namesTop) top = Math.max(top, w.top + w.height + 1);
    else if (w.top >= namesBottom) bottom = Math.min(bottom, w.top - 1);
    else return null;
  }
  return { gutter: Math.round(gutter), top: Math.max(0, Math.round(top)), bottom: Math.round(bottom) };
}
