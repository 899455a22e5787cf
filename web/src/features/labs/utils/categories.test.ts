import { describe, expect, it } from 'vitest';
import { BIOMARKER_CATEGORIES } from '#contract/biomarkers.ts';
import { CATEGORY_COLOURS, CATEGORY_COLOURS_ON_DARK, categoryColour, categoryOf, categoryPaint, lineStyles } from './categories.ts';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const contrastWithWhite = (hex: string) => contrast(hex, '#ffffff');
/** The dark theme's surface (web/src/styles.css, --color-surface), as the build writes it. */
const DARK_SURFACE = '#141a1f';

describe('category colours', () => {
  it('gives each of the ten categories its own colour, visible on white (3:1 or more)', () => {
    expect(Object.keys(CATEGORY_COLOURS).sort()).toEqual([...BIOMARKER_CATEGORIES].sort());
    expect(new Set(Object.values(CATEGORY_COLOURS)).size).toBe(BIOMARKER_CATEGORIES.length);
    for (const colour of Object.values(CATEGORY_COLOURS)) expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(3);
  });

  it('gives each category its own colour on the dark theme too, visible on its surface (3:1 or more)', () => {
    expect(Object.keys(CATEGORY_COLOURS_ON_DARK).sort()).toEqual([...BIOMARKER_CATEGORIES].sort());
    expect(new Set(Object.values(CATEGORY_COLOURS_ON_DARK)).size).toBe(BIOMARKER_CATEGORIES.length);
    for (const colour of Object.values(CATEGORY_COLOURS_ON_DARK)) expect(contrast(colour, DARK_SURFACE), colour).toBeGreaterThanOrEqual(3);
  });

  it('falls back to "other" for an unknown or missing category', () => {
    expect(categoryOf('lipid')).toBe('lipid');
    expect(categoryOf('alchemy')).toBe('other');
    expect(categoryOf(undefined)).toBe('other');
    expect(categoryColour('alchemy')).toBe(categoryPaint('other'));
  });

  it('dashes the second and later lines of one category so they stay apart', () => {
    const styles = lineStyles([{ category: 'lipid' }, { category: 'thyroid' }, { category: 'lipid' }, { category: 'lipid' }]);
    expect(styles.map((s) => s.colour)).toEqual([categoryPaint('lipid'), categoryPaint('thyroid'), categoryPaint('lipid'), categoryPaint('lipid')]);
    expect(categoryPaint('lipid')).toBe(`light-dark(${CATEGORY_COLOURS.lipid}, ${CATEGORY_COLOURS_ON_DARK.lipid})`);
    expect(styles[0]!.dash).toBeUndefined();
    expect(styles[1]!.dash).toBeUndefined();
    expect(styles[2]!.dash).toBeDefined();
    expect(styles[3]!.dash).not.toBe(styles[2]!.dash);
  });
});
