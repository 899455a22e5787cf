import type { ExtractedBiomarker, UnreadRow } from '#contract/biomarkers.ts';
import { computeFlag } from '#contract/lab-values.ts';
import { getMarker } from '#server/labs/extract/catalogue.ts';
import { extractDocument } from '#server/labs/extract/extract-document.ts';
import type { OcrEngine } from '#server/labs/extract/ocr.ts';
import { findUnit, toCanonical } from '#server/labs/extract/units.ts';
import { renderDocx } from './render-docx.ts';
import { renderPhoto, renderScannedPdf } from './render-images.ts';
import { renderTextPdf } from './render-pdf.ts';
import { generateReport, type ExpectedRow, type GeneratedReport, type ReportOptions } from './report.ts';
import type { Language } from './vocabulary.ts';

/** A generated report in one format, read back and compared with the rows it was made from. */

export const FORMATS = ['text-pdf', 'docx', 'scanned-pdf', 'photo'] as const;
export type Format = (typeof FORMATS)[number];
export const isImageFormat = (format: Format) => format === 'scanned-pdf' || format === 'photo';

export type GeneratedCase = { report: GeneratedReport; format: Format; bytes: Uint8Array; expected: ExpectedRow[] };

export async function makeCase(seed: number, format: Format, opts: ReportOptions = {}): Promise<GeneratedCase> {
  const report = generateReport(seed, opts);
  if (format === 'docx') return { report, format, bytes: renderDocx(report), expected: report.rows };
  const pdf = await renderTextPdf(report);
  if (format === 'text-pdf') return { report, format, bytes: pdf.bytes, expected: report.rows };
  if (format === 'scanned-pdf') return { report, format, bytes: await renderScannedPdf(pdf.bytes, seed), expected: report.rows };
  // A photo shows the first page only.
  return { report, format, bytes: await renderPhoto(pdf.bytes, seed), expected: report.rows.filter((_, i) => pdf.rowPages[i] === 1) };
}

/** `listed`: review lists the row's test for the user to type its value (an unread row). */
export type Miss = { row: ExpectedRow; kind: string; listed: boolean };
export type Wrong = { result: ExtractedBiomarker; kind: 'wrong value' | 'wrong unit' | 'not in the report'; expected?: ExpectedRow };
/** `notPrinted`: tests listed as unread that the report does not print (review would ask about nothing). */
/** `wrongRanges`: rows found whose range was not read as printed; `wrongFlags`: those of them flagged otherwise than the printed range would (no flag is not wrong). */
export type CaseOutcome = { seed: number; format: Format; language: Language; expected: number; found: number; missed: Miss[]; wrong: Wrong[]; notPrinted: string[]; wrongRanges: string[]; wrongFlags: string[] };

const sameNumber = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
/** The same number, and a limit read as the same limit ("< 0,5" is not 0,5). */
const sameValue = (result: ExtractedBiomarker, row: ExpectedRow) => sameNumber(result.value, row.value) && (result.comparator ?? null) === (row.comparator ?? null);

const sameBound = (read: number | null, printed: number | null) => (read === null || printed === null ? read === printed : sameNumber(read, printed));

/** The printed value in the catalogue's unit: a value read with another unit than the printed one is wrong. */
function sameQuantity(result: ExtractedBiomarker, row: ExpectedRow): boolean {
  const unit = findUnit(getMarker(row.key), row.unit);
  return unit !== null && sameNumber(result.canonicalValue, toCanonical(unit, row.value));
}

export async function readCase(testCase: GeneratedCase, ocr: OcrEngine | false): Promise<CaseOutcome> {
  const rejects: Array<{ line: string; reason: string }> = [];
  const { results, unread } = await extractDocument(testCase.bytes, { ocr, onReject: (line, reason) => rejects.push({ line, reason }) });
  return compareRows(testCase, results, rejects, unread);
}

/**
 * A row is found when a result has its name, value and unit. A result with the row's name and
 * value in another unit is a wrong unit (counted wrong, never found).
 */
export function compareRows(testCase: GeneratedCase, results: ExtractedBiomarker[], rejects: Array<{ line: string; reason: string }>, unread: UnreadRow[] = []): CaseOutcome {
  const { report, format, expected } = testCase;
  const missed: Miss[] = [];
  const wrong: Wrong[] = [];
  let found = 0;
  const wrongRanges: string[] = [];
  const wrongFlags: string[] = [];
  for (const row of expected) {
    const sameReading = results.filter((r) => r.name === row.name && sameValue(r, row));
    const read = sameReading.find((r) => sameQuantity(r, row));
    if (read) {
      found++;
      if (!sameBound(read.referenceRange.low, row.low) || !sameBound(read.referenceRange.high, row.high)) wrongRanges.push(`${row.printedName} ${row.range}: read ${read.referenceRange.text ?? 'none'}`);
      if (read.flag !== null && !printedFlags(row).includes(read.flag)) wrongFlags.push(`${row.printedName} ${row.printedValue} by ${row.range}: flagged ${read.flag}`);
    } else missed.push({ row, kind: sameReading.length > 0 ? 'read with another unit' : missKind(row, rejects), listed: unread.some((u) => u.name === row.name) });
  }
  for (const result of results) {
    const rows = report.rows.filter((row) => row.name === result.name);
    if (rows.some((row) => sameValue(result, row) && sameQuantity(result, row))) continue;
    // A value marked implausible is not stored until the user confirms or corrects it in review: shown, never silently wrong.
    // (On a photo, a row of page 2 is not expected but may still be read: report.rows holds every page.)
    if (result.implausible) continue;
    const sameReading = rows.find((row) => sameValue(result, row));
    if (sameReading) wrong.push({ result, kind: 'wrong unit', expected: sameReading });
    else if (rows[0]) wrong.push({ result, kind: 'wrong value', expected: rows[0] });
    else wrong.push({ result, kind: 'not in the report' });
  }
  const notPrinted = unread.filter((u) => !report.rows.some((row) => row.name === u.name)).map((u) => u.name);
  return { seed: report.seed, format, language: report.language, expected: expected.length, found, missed, wrong, notPrinted, wrongRanges, wrongFlags };
}

/** The flags the printed range gives the value, whether or not its ends are in range ("< 5" or "up to 5"). */
const printedFlags = (row: ExpectedRow) => [true, false].map((strict) => computeFlag(row.value, row.low, row.high, strict, row.comparator ?? null));

/** Why a row was lost, from the reader's own reasons for the line that printed it (or, when OCR changed the value, for a line with its name). */
function missKind(row: ExpectedRow, rejects: Array<{ line: string; reason: string }>): string {
  const value = row.printedValue.replace(/\u00a0/g, ' ');
  const name = row.printedName.slice(0, 4).toLowerCase();
  const reject = rejects.find((r) => r.line.replace(/\u00a0/g, ' ').includes(value) && r.line.toLowerCase().includes(name)) ?? rejects.find((r) => r.line.toLowerCase().startsWith(name));
  if (!reject) return 'not read as a row (name or layout)';
  if (reject.reason.startsWith('unit')) return 'unit not known';
  if (reject.reason.includes('decimal separator')) return 'decimal separator lost by OCR (left out)';
  if (reject.reason.startsWith('unreadable value')) return 'value unreadable';
  if (reject.reason.startsWith('reference range')) return 'reference range rejected';
  if (reject.reason.startsWith('value') || reject.reason.startsWith('OCR value')) return 'value judged implausible';
  return reject.reason.replace(/"[^"]*"/g, '"…"');
}
