import { describe, expect, it } from 'vitest';
import { BIOMARKER_CATEGORIES } from '#contract/biomarkers.ts';
import { CATALOGUE } from './catalogue.ts';
import { findUnit } from './units.ts';

/** LOINC's mod-10 check digit (the Luhn scheme) over the part before the hyphen. */
function loincCheckDigit(body: string): number {
  let sum = 0;
  [...body].reverse().forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return (10 - (sum % 10)) % 10;
}

describe('catalogue', () => {
  it('holds at least 250 markers over all ten categories', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(250);
    for (const marker of CATALOGUE) expect(marker.sources, marker.name).not.toBe('');
    for (const category of BIOMARKER_CATEGORIES) expect(CATALOGUE.some((m) => m.category === category)).toBe(true);
  });

  it('has unique keys and names', () => {
    expect(new Set(CATALOGUE.map((m) => m.key)).size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map((m) => m.name)).size).toBe(CATALOGUE.length);
  });

  it('carries LOINC codes with valid check digits', () => {
    for (const marker of CATALOGUE) {
      for (const { code } of marker.loinc) {
        const [body, check] = code.split('-');
        expect(code, marker.name).toMatch(/^\d{1,6}-\d$/);
        expect(loincCheckDigit(body as string), `${marker.name} ${code}`).toBe(Number(check));
      }
    }
  });

  it('accepts its canonical unit, and typical ranges lie inside plausible ones', () => {
    for (const marker of CATALOGUE) {
      expect(findUnit(marker, marker.canonicalUnit), marker.name).not.toBeNull();
      const [low, high] = marker.plausible;
      expect(low, marker.name).toBeLessThan(high);
      for (const bound of marker.typical) if (bound !== null) expect(bound >= low && bound <= high, marker.name).toBe(true);
    }
  });
});
