import type { BiomarkerCategory } from '#contract/biomarkers.ts';
import { BIOMARKER_CATEGORIES } from '#contract/biomarker-lists.ts';

/**
 * One colour per biomarker category (product.md, Labs): chips and chart lines share it. Each
 * reaches 3:1 against white, the contrast lines and chip borders need; CATEGORY_COLOURS_ON_DARK
 * does the same on the dark theme's surface.
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

export const CATEGORY_COLOURS_ON_DARK: Record<BiomarkerCategory, string> = {
  lipid: '#ff922b',
  metabolic: '#4dabf7',
  thyroid: '#9775fa',
  vitamin: '#fab005',
  blood: '#ff6b6b',
  liver: '#51cf66',
  kidney: '#3bc9db',
  hormone: '#f06595',
  mineral: '#c9a27e',
  other: '#adb5bd',
};

/** The category's colour in the theme the page is drawn in (CSS `light-dark()`, decision 033). */
export function categoryPaint(category: BiomarkerCategory): string {
  return `light-dark(${CATEGORY_COLOURS[category]}, ${CATEGORY_COLOURS_ON_DARK[category]})`;
}

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

/** A category word from the server, or "other" for anything unknown (product.md, Labs). */
export function categoryOf(value: unknown): BiomarkerCategory {
  return typeof value === 'string' && (BIOMARKER_CATEGORIES as readonly string[]).includes(value) ? (value as BiomarkerCategory) : 'other';
}

export function categoryColour(category: unknown): string {
  return categoryPaint(categoryOf(category));
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
    return { colour: categoryPaint(category), dash: DASHES[nth % DASHES.length] };
  });
}
