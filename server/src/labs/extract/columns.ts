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

/** After a name that starts a row (its closing bracket, which the match leaves out): nothing (its value is below), or its value; not a unit ("mg/dL" is no magnesium). */
const NAME_ENDS_ROW_START = /^\)?\s*(?:\([^)]{1,20}\)\s*)?[:=]?\s*(?:$|[<>]?\s*[0-9OolI|][0-9OolI|.,]*(?:\s|$))/;

/** Names starting at this many lines mark a column; fewer could be a stray word. */
const MIN_NAMES = 2;

/** Words, in the middle of the page, that start after a gap or alone on their line; with the words before them and the rest of their line. */
function midPageStarts(lines: Iterable<OcrWord[]>, imageWidth: number, gap: number): Array<{ word: OcrWord; before: OcrWord[]; rest: string }> {
  const found: Array<{ word: OcrWord; before: OcrWord[]; rest: string }> = [];
  for (const line of lines) {
    line.sort((a, b) => a.left - b.left);
    line.forEach((word, i) => {
      const before = line[i - 1];
      if (word.left < imageWidth * 0.3 || word.left > imageWidth * 0.7 || (before && word.left - (before.left + before.width) < gap)) return;
      found.push({ word, before: line.slice(0, i), rest: line.slice(i).map((w) => w.text).join(' ') });
    });
  }
  return found;
}

const NUMBER = /^[<>]?\d[\d.,]*$/;

/**
 * A row's name and its value alone ("Lymphozyten absolut 1,16"): what follows mid-page is that
 * row's unit, whatever OCR made of it ("G/l" read "Gh", growth hormone), not a column's test.
 */
function endsWithLoneValue(before: OcrWord[]): boolean {
  const numbers = before.filter((w) => NUMBER.test(w.text));
  return numbers.length === 1 && before.at(-1) === numbers[0];
}

/**
 * One name read where OCR garbled the column's others: it marks a column when words start at its
 * x on several more lines (the column's headings, its other names), in letters as no number or unit is.
 */
function headsAColumn(name: OcrWord, candidates: Array<{ word: OcrWord }>, unit: number): boolean {
  const aligned = candidates.filter(({ word }) => word.line !== name.line && Math.abs(word.left - name.left) <= unit && /^\p{L}{4,}$/u.test(word.text));
  return aligned.length >= MIN_HEADINGS;
}

/** Words of letters starting at a lone name's x on this many other lines mark a column. */
const MIN_HEADINGS = 3;

export function findColumnBand(words: OcrWord[], imageWidth: number): ColumnBand | null {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  const gap = imageWidth * 0.012;
  const candidates = midPageStarts(lines.values(), imageWidth, gap);
  // Where a known test name starts.
  const starts = candidates
    .filter(({ before, rest }) => {
      if (endsWithLoneValue(before)) return false;
      const name = matchNameAtStart(rest, { ocr: true });
      return name !== null && NAME_ENDS_ROW_START.test(rest.slice(name.end));
    })
    .map(({ word }) => word);
  const unit = imageWidth / 100;
  const buckets = new Map<number, OcrWord[]>();
  for (const word of starts) {
    const bucket = Math.round(word.left / unit);
    for (const b of [bucket - 1, bucket, bucket + 1]) buckets.set(b, [...(buckets.get(b) ?? []), word]);
  }
  const best = [...buckets.values()].sort((a, b) => b.length - a.length)[0];
  if (!best || (best.length < MIN_NAMES && !headsAColumn(best[0] as OcrWord, candidates, unit))) return null;
  const columnStart = Math.min(...best.map((w) => w.left));
  const gutter = columnStart - gap / 2;
  const height = Math.max(...best.map((w) => w.height));
  const namesTop = Math.min(...best.map((w) => w.top));
  const namesBottom = Math.max(...best.map((w) => w.top + w.height));
  // The right column's rows whose names OCR garbled; above them, a column's title and headings,
  // below, a stacked row's value line.
  const reach = columnReach(words, columnStart, { top: namesTop, bottom: namesBottom }, height, unit);
  let top = reach.top - height * 4;
  let bottom = reach.bottom + height * 2.5;
  // A word across the cut ends the band: the page is in one column there (a heading, a note).
  const across = words.filter((w) => w.left < gutter && w.left + w.width > gutter);
  for (const w of across) {
    if (w.top + w.height <= namesTop) top = Math.max(top, w.top + w.height + 1);
    else if (w.top >= namesBottom) bottom = Math.min(bottom, w.top - 1);
    else return null;
  }
  return { gutter: Math.round(gutter), top: Math.max(0, Math.round(top)), bottom: Math.round(bottom) };
}

/** A column's lines further apart than this (in text heights) are no longer its rows: the column has ended. */
const COLUMN_GAP = 6;

/**
 * How far the right column's lines reach above and below its names: lines starting where the
 * names do (headings, names OCR garbled), each within COLUMN_GAP lines of the next.
 */
function columnReach(words: OcrWord[], columnStart: number, names: { top: number; bottom: number }, height: number, unit: number): { top: number; bottom: number } {
  const aligned = words.filter((w) => Math.abs(w.left - columnStart) <= unit);
  let { top, bottom } = names;
  for (const word of aligned.filter((w) => w.top >= names.bottom).sort((a, b) => a.top - b.top)) {
    if (word.top > bottom + height * COLUMN_GAP) break;
    bottom = Math.max(bottom, word.top + word.height);
  }
  for (const word of aligned.filter((w) => w.top + w.height <= names.top).sort((a, b) => b.top - a.top)) {
    if (word.top + word.height < top - height * COLUMN_GAP) break;
    top = Math.min(top, word.top);
  }
  return { top, bottom };
}
