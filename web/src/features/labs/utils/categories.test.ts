import { describe, expect, it } from 'vitest';
import { BIOMARKER_CATEGORIES } from '#contract/biomarkers.ts';
import { CATEGORY_COLOURS, categoryColour, categoryOf, lineStyles } from './categories.ts';

/** WCAG relative luminance contrast of a #rrggbb colour against white. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

describe('category colours', () => {
  it('gives each of the ten categories its own colour, visible on white (3:1 or more)', () => {
    expect(Object.keys(CATEGORY_COLOURS).sort()).toEqual([...BIOMARKER_CATEGORIES].sort());
    expect(new Set(Object.values(CATEGORY_COLOURS)).size).toBe(BIOMARKER_CATEGORIES.length);
    for (const colour of Object.values(CATEGORY_COLOURS)) expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(3);
  });

  it('falls back to "other" for an unknown or missing category', () => {
    expect(categoryOf('lipid')).toBe('lipid');
    expect(categoryOf('alchemy')).toBe('other');
    expect(categoryOf(undefined)).toBe('other');
    expect(categoryColour('alchemy')).toBe(CATEGORY_COLOURS.other);
  });

  it('dashes the second and later lines of one category so they stay apart', () => {
    const styles = lineStyles([{ category: 'lipid' }, { category: 'thyroid' }, { category: 'lipid' }, { category: 'lipid' }]);
    expect(styles.map((s) => s.colour)).toEqual([CATEGORY_COLOURS.lipid, CATEGORY_COLOURS.thyroid, CATEGORY_COLOURS.lipid, CATEGORY_COLOURS.lipid]);
    expect(styles[0]!.dash).toBeUndefined();
    expect(styles[1]!.dash).toBeUndefined();
    expect(styles[2]!.dash).toBeDefined();
    expect(styles[3]!.dash).not.toBe(styles[2]!.dash);
  });
});
