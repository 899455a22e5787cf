import type { BiomarkerCategory } from '#contract/biomarkers.ts';
import { BIOMARKER_CATEGORIES } from '#contract/biomarker-lists.ts';

/**
 * One colour per biomarker category (spec 2.14 and 9): chips and chart lines share it. Each
 * reaches 3:1 against white, the contrast lines and chip borders need.
 */
export const CATEGORY_COLOURS: Record<BiomarkerCategory, string> = {
  lipid: '#d9480f',
  metabolic: '#1c7ed6',
  thyroid: '#7048e8',
  vitamin: '#a16207',
  blood: '#c92a2a',
  liver: '#2b8a3e',
  kidney: '#0b7285',
  hormone: '#c2255c',
  mineral: '#7c5a44',
  other: '#495057',
};

export const CATEGORY_LABELS: Record<BiomarkerCategory, string> = {
  lipid: 'Lipids',
  metabolic: 'Metabolic',
  thyroid: 'Thyroid',
  vitamin: 'Vitamins',
  blood: 'Blood count',
  liver: 'Liver',
  kidney: 'Kidney',
  hormone: 'Hormones',
  mineral: 'Minerals',
  other: 'Other',
};

/** A category word from the server, or "other" for anything unknown (spec section 3). */
export function categoryOf(value: unknown): BiomarkerCategory {
  return typeof value === 'string' && (BIOMARKER_CATEGORIES as readonly string[]).includes(value) ? (value as BiomarkerCategory) : 'other';
}

export function categoryColour(category: unknown): string {
  return CATEGORY_COLOURS[categoryOf(category)];
}

/**
 * Lines of one category share its colour, so the second, third... line of a category is dashed
 * differently: two lipids stay apart without a legend lookup.
 */
const DASHES = [undefined, '8 4', '2 4', '10 4 2 4', '4 4'] as const;

export type LineStyle = { colour: string; dash: string | undefined };

export function lineStyles(series: readonly { category: BiomarkerCategory }[]): LineStyle[] {
  const seen = new Map<BiomarkerCategory, number>();
  return series.map(({ category }) => {
    const nth = seen.get(category) ?? 0;
    seen.set(category, nth + 1);
    return { colour: CATEGORY_COLOURS[category], dash: DASHES[nth % DASHES.length] };
  });
}
