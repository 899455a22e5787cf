/**
 * The biomarker categories and flags. Zod-free, so that the web can import them without loading
 * schema code (decision 017); `biomarkers.ts` re-exports them.
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
