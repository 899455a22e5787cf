import type { BiomarkerFlag } from '#contract/biomarkers.ts';
import type { LabFile, LabFileStatus, LabResult, LabResultInput } from '#contract/labs.ts';
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

export const FLAG_LABELS: Record<BiomarkerFlag, string> = { low: 'Low', high: 'High', normal: 'Normal' };

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
    value: String(result.value),
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
 * The request body from the form. A corrected result keeps its printed range text when its ends
 * are unchanged ("< 200" stays "< 200"); otherwise the server writes it from the new ends.
 */
export function formToResultInput(values: ResultFormValues, original?: LabResult): LabResultInput & { testDate?: string } {
  const referenceLow = parseNumber(values.referenceLow);
  const referenceHigh = parseNumber(values.referenceHigh);
  const body: LabResultInput & { testDate?: string } = {
    biomarker: values.biomarker,
    value: parseNumber(values.value) ?? Number.NaN,
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
