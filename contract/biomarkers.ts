import { z } from 'zod';
import { BIOMARKER_CATEGORIES, BIOMARKER_FLAGS, TEST_DATE_REVIEWS, VALUE_COMPARATORS } from './biomarker-lists.ts';

/**
 * Biomarker categories and the shape of one document's extraction result.
 * Shared by the server (which produces it) and the web (which shows it).
 */

// The lists are zod-free, in their own module, which the web can import without zod.
export { BIOMARKER_CATEGORIES, BIOMARKER_FLAGS, TEST_DATE_REVIEWS, VALUE_COMPARATORS, type ValueComparator } from './biomarker-lists.ts';

export const biomarkerCategorySchema = z.enum(BIOMARKER_CATEGORIES);
export type BiomarkerCategory = z.infer<typeof biomarkerCategorySchema>;

export const biomarkerFlagSchema = z.enum(BIOMARKER_FLAGS);
export type BiomarkerFlag = z.infer<typeof biomarkerFlagSchema>;

export const testDateReviewSchema = z.enum(TEST_DATE_REVIEWS);

export const valueComparatorSchema = z.enum(VALUE_COMPARATORS, { error: 'The sign before a value must be <, <=, > or >=' });

/** A reference range as printed, in the same unit as the printed value. */
export const referenceRangeSchema = z.object({
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** The range as printed ("13.00 - 17.00", "< 200", "Negative"); null when none was printed. */
  text: z.string().nullable(),
});
export type ReferenceRange = z.infer<typeof referenceRangeSchema>;

/**
 * Where a row was read on its page, as fractions of the page's width and height from its top left
 * (text position for a PDF's text layer, the OCR box for scans and photos). `page` counts from 1.
 */
export const pageBoxSchema = z.object({
  page: z.number().int().min(1),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});
export type PageBox = z.infer<typeof pageBoxSchema>;

export const extractedBiomarkerSchema = z.object({
  /** Canonical catalogue name ("Hemoglobin"), not the printed one. */
  name: z.string().min(1),
  loinc: z.string().nullable(),
  /** Value as printed (after decimal-comma and thousands handling), in `unit`. */
  value: z.number().finite(),
  /** The value is a limit, as printed ("< 0.5": below 0.5); absent for an exact value. */
  comparator: valueComparatorSchema.optional(),
  /** Unit as printed, tidied ("U/I" stays recognisable, OCR "iL" becomes "fL"); "" when none. */
  unit: z.string(),
  canonicalValue: z.number().finite(),
  canonicalUnit: z.string(),
  referenceRange: referenceRangeSchema,
  /** Recomputed from value and range; null when no numeric range was printed. */
  flag: biomarkerFlagSchema.nullable(),
  /** The flag as the report printed it ("L", "High", "NORMAL"); may contradict `flag`. */
  printedFlag: z.string().nullable(),
  /** Outside what a living person can have for this biomarker (a misread decimal?): review asks the user to confirm or correct it. */
  implausible: z.literal(true).optional(),
  /** The unit was unreadable on a scan or photo and is the one unit the printed range and the value both fit: review says so. */
  unitFromRange: z.literal(true).optional(),
  /** Placed by the AI model's reading of the report's text, and borne out by that text: review says so. */
  readByModel: z.literal(true).optional(),
  box: pageBoxSchema.optional(),
});
export type ExtractedBiomarker = z.infer<typeof extractedBiomarkerSchema>;

/** A row that looks like a result (a name, a number, a unit or a range) whose name the catalogue does not know. */
export const unrecognisedRowSchema = z.object({
  /** The name as printed. */
  name: z.string().min(1),
  value: z.number().finite(),
  unit: z.string(),
  referenceRange: referenceRangeSchema,
  printedFlag: z.string().nullable(),
  box: pageBoxSchema.optional(),
});
export type UnrecognisedRow = z.infer<typeof unrecognisedRowSchema>;

/** A row of a known test whose value OCR could not read surely: review asks the user to type it from the report. */
export const unreadRowSchema = z.object({
  /** Canonical catalogue name, as in results. */
  name: z.string().min(1),
  /** The unit and range OCR read beside the value, when only the value was in doubt (its readings disagreed). */
  unit: z.string().optional(),
  referenceRange: referenceRangeSchema.optional(),
  box: pageBoxSchema.optional(),
});
export type UnreadRow = z.infer<typeof unreadRowSchema>;

export const extractionResultSchema = z.object({
  /** ISO date (yyyy-MM-dd) of the test: a labelled collection date, else see testDateReview; null rather than a guess. */
  collectedAt: z.iso.date().nullable(),
  /** Set when review must look at the date (see TEST_DATE_REVIEWS); absent for a labelled collection date. */
  testDateReview: testDateReviewSchema.optional(),
  results: z.array(extractedBiomarkerSchema),
  /** Rows that look like results but name no biomarker of the catalogue, as printed; review maps or keeps them. */
  unrecognised: z.array(unrecognisedRowSchema).optional(),
  /** Tests printed on the report whose value could not be read surely, and not read elsewhere on it. */
  unread: z.array(unreadRowSchema).optional(),
  /** Pages (or images) read; absent for Word files. */
  pageCount: z.number().int().min(0).optional(),
});
export type ExtractionResult = z.infer<typeof extractionResultSchema>;
