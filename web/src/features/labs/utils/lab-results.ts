import type { ValueComparator } from '#contract/biomarker-lists.ts';
import type { BiomarkerFlag } from '#contract/biomarkers.ts';
import { splitLimitSign, withLimitSign } from '#contract/lab-values.ts';
import type { BiomarkerCatalogueEntry, LabFile, LabFileStatus, LabResult, LabResultInput, OwnBiomarker } from '#contract/labs.ts';
import { formatValue } from './chart-rows.ts';

export const STATUS_LABELS: Record<LabFileStatus, string> = {
  queued: 'Queued',
  reading: 'Reading',
  needs_review: 'Needs review',
  done: 'Done',
  failed: 'Failed',
};

/** Still being read: the list is polled while any file is. */
export function isBeingRead(file: Pick<LabFile, 'status'>): boolean {
  return file.status === 'queued' || file.status === 'reading';
}

export function anyBeingRead(files: readonly Pick<LabFile, 'status'>[] | undefined): boolean {
  return Boolean(files?.some(isBeingRead));
}

/** Ids of files that were being read before and are not any more: their results have arrived. */
export function finishedReading(before: readonly Pick<LabFile, 'id' | 'status'>[], after: readonly Pick<LabFile, 'id' | 'status'>[]): string[] {
  const wasReading = new Set(before.filter(isBeingRead).map((file) => file.id));
  return after.filter((file) => wasReading.has(file.id) && !isBeingRead(file)).map((file) => file.id);
}

/**
 * The hint under a report's test date: asked for when confirming without one, a warning when it
 * is the report's own date rather than a collection date.
 */
export function testDateHint(testDate: string | null, review: LabFile['testDateReview'], askForDate: boolean): string {
  if (askForDate) return 'Set the test date before confirming: the date the sample was taken.';
  if (!testDate) return 'No collection date was found in the report: set the date the sample was taken.';
  if (review === 'not-collection-date') return 'This is the date the report was issued or received, not a collection date: check it against your report.';
  return 'The date the sample was taken; it applies to every result of this report.';
}

export const FLAG_LABELS: Record<BiomarkerFlag, string> = { low: 'Low', high: 'High', normal: 'Normal' };

/** Said beside an unreviewed result whose unit could not be read and was taken from its range. */
export const UNIT_FROM_RANGE_NOTE = 'Unit unreadable on the report, taken from the range: check it';

/** Said beside a result the AI model read from the report's text (until the user corrects it). */
export const READ_BY_MODEL_NOTE = 'Read by the AI model';

/** The range as printed, else built from its ends ("70 - 99", "< 200", "> 40"); "" when none. */
export function rangeText(range: LabResult['referenceRange']): string {
  if (range.text) return range.text;
  if (range.low !== null && range.high !== null) return `${formatValue(range.low)} - ${formatValue(range.high)}`;
  if (range.high !== null) return `< ${formatValue(range.high)}`;
  if (range.low !== null) return `> ${formatValue(range.low)}`;
  return '';
}

/** What the result form edits; numbers stay text until sent, so a half-typed value is not lost. */
export type ResultFormValues = {
  biomarker: string;
  value: string;
  unit: string;
  referenceLow: string;
  referenceHigh: string;
  testDate: string;
};

export function emptyResultForm(testDate = ''): ResultFormValues {
  return { biomarker: '', value: '', unit: '', referenceLow: '', referenceHigh: '', testDate };
}

export function resultToForm(result: LabResult): ResultFormValues {
  return {
    biomarker: result.biomarker,
    value: withLimitSign(String(result.value), result.comparator),
    unit: result.unit,
    referenceLow: result.referenceRange.low === null ? '' : String(result.referenceRange.low),
    referenceHigh: result.referenceRange.high === null ? '' : String(result.referenceRange.high),
    testDate: result.testDate,
  };
}

/** A number as typed ("5,2" as well as "5.2"); null when empty, NaN when not a number. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed) ? Number(trimmed) : Number.NaN;
}


/**
 * A lab value as typed: a number as parseNumber reads it, after an optional sign of a limit the
 * report prints ("< 0,5", ">=2000", "≤ 3"). A sign with no number reads as NaN, like any non-number.
 */
export function parseLabValue(text: string): { value: number | null; comparator: ValueComparator | null } {
  const { comparator, number } = splitLimitSign(text);
  if (!comparator) return { value: parseNumber(text), comparator: null };
  return { value: parseNumber(number) ?? Number.NaN, comparator };
}

/** The value as typed with its sign set to `comparator` (none for an exact value), the number kept as typed. */
export function withTypedSign(text: string, comparator: ValueComparator | null): string {
  const { number } = splitLimitSign(text);
  return withLimitSign(number, comparator);
}

/**
 * The request body from the form. A corrected result keeps its printed range text when its ends
 * are unchanged ("< 200" stays "< 200"); otherwise the server writes it from the new ends. The
 * comparator is always sent, null for an exact value, so a limit corrected to one loses its sign.
 */
export function formToResultInput(values: ResultFormValues, original?: LabResult): LabResultInput & { testDate?: string } {
  const referenceLow = parseNumber(values.referenceLow);
  const referenceHigh = parseNumber(values.referenceHigh);
  const { value, comparator } = parseLabValue(values.value);
  const body: LabResultInput & { testDate?: string } = {
    biomarker: values.biomarker,
    value: value ?? Number.NaN,
    comparator,
    unit: values.unit,
    referenceLow,
    referenceHigh,
  };
  if (original && original.referenceRange.text && original.referenceRange.low === referenceLow && original.referenceRange.high === referenceHigh) {
    body.referenceText = original.referenceRange.text;
  }
  if (values.testDate) body.testDate = values.testDate;
  return body;
}

const FORM_FIELDS = ['biomarker', 'value', 'unit', 'referenceLow', 'referenceHigh', 'testDate'] as const;

/** A server field error's form field, if the form has it. */
export function resultFormField(field: string): (typeof FORM_FIELDS)[number] | undefined {
  return (FORM_FIELDS as readonly string[]).includes(field) ? (field as (typeof FORM_FIELDS)[number]) : undefined;
}

/** Pages read of all when the reader has said how many there are (Word files have none). */
export function readingText(file: Pick<LabFile, 'status' | 'progress' | 'pagesRead' | 'pageCount'>): string {
  if (file.status === 'queued') return 'Waiting to be read...';
  if (file.pageCount !== null && file.pagesRead !== null && file.pageCount > 0) {
    const noun = file.pageCount === 1 ? 'page' : 'pages';
    return `Reading the report... ${file.pagesRead} of ${file.pageCount} ${noun} read`;
  }
  return `Reading the report... ${file.progress}%`;
}

/** The warning beside a value far outside what is possible (the server's words for the same check). */
export function implausibleText(value: number, unit: string, name: string): string {
  return `${formatValue(value)} ${unit} is far outside what is possible for ${name}. Check it against your report: correct it, or confirm it is what the report prints.`;
}

export type BiomarkerOption = { key: string; name: string; units: string[]; own: boolean };

/**
 * The biomarkers whose name contains every typed word (ignoring case and accents), the user's own
 * first, then names that start with the search; everything when the search is empty.
 */
export function matchBiomarkers(query: string, catalogue: BiomarkerCatalogueEntry[], own: OwnBiomarker[]): BiomarkerOption[] {
  const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  const options: BiomarkerOption[] = [
    ...own.map((o) => ({ key: o.key, name: o.name, units: [o.unit], own: true })),
    ...[...catalogue].sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ key: c.key, name: c.name, units: c.units, own: false })),
  ];
  const matching = options.filter((option) => words.every((word) => fold(option.name).includes(word) || fold(option.key).includes(word)));
  const starts = (option: BiomarkerOption) => (words[0] && fold(option.name).startsWith(words[0]) ? 0 : 1);
  return matching.sort((a, b) => Number(b.own) - Number(a.own) || starts(a) - starts(b));
}
