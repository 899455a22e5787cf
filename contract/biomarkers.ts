import { z } from 'zod';
import { BIOMARKER_CATEGORIES, BIOMARKER_FLAGS } from './biomarker-lists.ts';

/**
 * Biomarker categories and the shape of one document's extraction result.
 * Shared by the server (which produces it) and the web (which shows it).
 */

// The lists are zod-free, in their own module, which the web can import without zod.
export { BIOMARKER_CATEGORIES, BIOMARKER_FLAGS } from './biomarker-lists.ts';

export const biomarkerCategorySchema = z.enum(BIOMARKER_CATEGORIES);
export type BiomarkerCategory = z.infer<typeof biomarkerCategorySchema>;

export const biomarkerFlagSchema = z.enum(BIOMARKER_FLAGS);
export type BiomarkerFlag = z.infer<typeof biomarkerFlagSchema>;

/** A reference range as printed, in the same unit as the printed value. */
export const referenceRangeSchema = z.object({
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** The range as printed ("13.00 - 17.00", "< 200", "Negative"); null when none was printed. */
  text: z.string().nullable(),
});
export type ReferenceRange = z.infer<typeof referenceRangeSchema>;

export const extractedBiomarkerSchema = z.object({
  /** Canonical catalogue name ("Hemoglobin"), not the printed one. */
  name: z.string().min(1),
  loinc: z.string().nullable(),
  /** Value as printed (after decimal-comma and thousands handling), in `unit`. */
  value: z.number().finite(),
  /** Unit as printed, tidied ("U/I" stays recognisable, OCR "iL" becomes "fL"); "" when none. */
  unit: z.string(),
  canonicalValue: z.number().finite(),
  canonicalUnit: z.string(),
  referenceRange: referenceRangeSchema,
  /** Recomputed from value and range; null when no numeric range was printed. */
  flag: biomarkerFlagSchema.nullable(),
  /** The flag as the report printed it ("L", "High", "NORMAL"); may contradict `flag`. */
  printedFlag: z.string().nullable(),
});
export type ExtractedBiomarker = z.infer<typeof extractedBiomarkerSchema>;

export const extractionResultSchema = z.object({
  /** ISO date (yyyy-MM-dd) from a labelled collection/sample/specimen date; null rather than a guess. */
  collectedAt: z.iso.date().nullable(),
  results: z.array(extractedBiomarkerSchema),
});
export type ExtractionResult = z.infer<typeof extractionResultSchema>;
