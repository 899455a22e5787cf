import type { ExtractedBiomarker } from '#contract/biomarkers.ts';
import type { PrintedRow } from '#server/ai/lab-rows-reader.ts';
import type { Leftovers } from './extract-document.ts';
import { detectNumberConvention } from './number-convention.ts';
import { parseRow } from './parser.ts';

/**
 * The rows a model proposed that the report bears out, as results (product.md, Labs). A row is
 * kept only when one line of the report's text prints its value and its unit, with its name on
 * that line or one of the few above (a name printed over its value); it is then read by
 * our own parser, as if printed on that line's kind of text (OCR keeps its misreading checks), so
 * names, units, number format and plausibility follow the same rules as every other row. A
 * biomarker the reading already found keeps its own reading. The row is outlined in review where
 * its value line was read.
 */
export function placeModelRows(rows: readonly PrintedRow[], leftovers: Leftovers, found: readonly ExtractedBiomarker[]): ExtractedBiomarker[] {
  const convention = detectNumberConvention(leftovers.lines.map((line) => line.text));
  const taken = new Set(found.map((result) => result.name));
  const placed: ExtractedBiomarker[] = [];
  for (const row of rows) {
    const line = lineOf(row, leftovers.lines);
    if (!line) continue;
    const outcome = parseRow([row.name, row.value, row.unit, row.range].map((part) => part.trim()).join(' '), line.source, convention);
    if (outcome.kind !== 'ok' || outcome.ocrValue?.doubt || outcome.result.implausible || taken.has(outcome.result.name)) continue;
    taken.add(outcome.result.name);
    placed.push({ ...outcome.result, readByModel: true, ...(line.box ? { box: line.box } : {}) });
  }
  return placed;
}

/** Lines above a value where its name may be printed. */
const NAME_LINES_ABOVE = 3;

function lineOf(row: PrintedRow, lines: Leftovers['lines']): Leftovers['lines'][number] | undefined {
  const name = row.name.trim().toLowerCase();
  if (name === '') return undefined;
  const at = lines.findIndex(
    (line, index) =>
      printsValueAndUnit(line.text, row.value.trim(), row.unit.trim()) &&
      lines.slice(Math.max(0, index - NAME_LINES_ABOVE), index + 1).some((above) => above.text.toLowerCase().includes(name)),
  );
  return lines[at];
}

/**
 * Whether `line` prints `value` as a whole number and `unit` as a whole unit (not a piece of a
 * longer one: "mL" of "ng/mL"). A number printed as a limit ("< 0.5") is not that value.
 */
export function printsValueAndUnit(line: string, value: string, unit: string): boolean {
  if (!/^\d[\d.,]*$/.test(value)) return false;
  const number = new RegExp(`(?<![\\d.,])(?<![<>≤≥=]\\s*)${value.replaceAll('.', '\\.')}(?![\\d]|[.,]\\d)`);
  return number.test(line) && (unit === '' || printsWord(line, unit));
}

function printsWord(line: string, word: string): boolean {
  for (let at = line.indexOf(word); at >= 0; at = line.indexOf(word, at + 1)) {
    const before = line[at - 1] ?? ' ';
    const after = line[at + word.length] ?? ' ';
    if (!/[\p{L}\d/^.]/u.test(before) && !/[\p{L}/^]/u.test(after)) return true;
  }
  return false;
}
