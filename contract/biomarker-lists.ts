/**
 * The biomarker categories and flags, and when a retest is due. Zod-free, so that the web can import them without loading
 * schema code (decision 017); `biomarkers.ts` and `labs.ts` re-export them.
 */
export const BIOMARKER_CATEGORIES = [
  'lipid',
  'metabolic',
  'thyroid',
  'vitamin',
  'blood',
  'liver',
  'kidney',
  'hormone',
  'mineral',
  'other',
] as const;

export const BIOMARKER_FLAGS = ['low', 'high', 'normal'] as const;

/**
 * A value printed as a limit ("< 0.5", "> 2000"): the true value is below or above it. The signs
 * are FHIR's Quantity.comparator; no comparator means the value is exact.
 */
export const VALUE_COMPARATORS = ['<', '<=', '>', '>='] as const;
export type ValueComparator = (typeof VALUE_COMPARATORS)[number];

/**
 * Why review must look at a report's test date: 'not-collection-date' when a received, report or
 * print date was taken (check it); 'not-found' when no printed date could be told to be it (ask).
 */
export const TEST_DATE_REVIEWS = ['not-collection-date', 'not-found'] as const;

/** A retest is suggested this many months after the result's test date (decision 040). */
export const RETEST_AFTER_MONTHS = 3;
/** When that day has passed already, the suggestion is this many days from today instead. */
export const RETEST_LATE_DAYS = 14;
