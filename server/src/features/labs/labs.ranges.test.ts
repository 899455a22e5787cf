import { describe, expect, it } from 'vitest';
import { OPTIMAL_RANGES, ageOn, chooseReferenceRange, profileRange, rangePosition, rangeProfile } from './labs.ranges.ts';

const typical: [number, number] = [12, 17];

describe('reference ranges by sex and age (decision 040)', () => {
  it('takes the age in whole years on the day', () => {
    expect(ageOn('1980-06-15', '2026-06-14')).toBe(45);
    expect(ageOn('1980-06-15', '2026-06-15')).toBe(46);
    expect(ageOn(null, '2026-06-15')).toBeNull();
  });

  it('reads sex and age from the health profile; "prefer not to answer" is unknown', () => {
    expect(rangeProfile({ gender: 'female', dateOfBirth: '1990-01-01' }, '2026-01-01')).toEqual({ sex: 'female', age: 36 });
    expect(rangeProfile({ gender: 'prefer not to answer', dateOfBirth: null }, '2026-01-01')).toEqual({ sex: null, age: null });
    expect(rangeProfile(undefined, '2026-01-01')).toEqual({ sex: null, age: null });
  });

  it('chooses the band of the sex for hemoglobin, ferritin, creatinine, HDL and testosterone', () => {
    const man = { sex: 'male' as const, age: 40 };
    const woman = { sex: 'female' as const, age: 40 };
    expect(profileRange('hemoglobin', man)).toEqual({ low: 13.2, high: 16.6 });
    expect(profileRange('hemoglobin', woman)).toEqual({ low: 11.6, high: 15 });
    expect(profileRange('ferritin', woman)).toEqual({ low: 11, high: 307 });
    expect(profileRange('creatinine', man)).toEqual({ low: 0.74, high: 1.35 });
    expect(profileRange('hdl', woman)).toEqual({ low: 50, high: null });
    expect(profileRange('testosterone-total', man)).toEqual({ low: 264, high: 916 });
    expect(profileRange('alp', woman)).toEqual({ low: 35, high: 104 });
  });

  it('chooses the age band where the range moves with age', () => {
    expect(profileRange('esr', { sex: 'female', age: 49 })).toEqual({ low: null, high: 20 });
    expect(profileRange('esr', { sex: 'female', age: 50 })).toEqual({ low: null, high: 30 });
    expect(profileRange('psa-total', { sex: 'male', age: 65 })).toEqual({ low: null, high: 4.5 });
    // An age-banded range needs the age; a sex-only band does not.
    expect(profileRange('psa-total', { sex: 'male', age: null })).toBeNull();
    expect(profileRange('hemoglobin', { sex: 'male', age: null })).toEqual({ low: 13.2, high: 16.6 });
    expect(profileRange('hemoglobin', { sex: null, age: 40 })).toBeNull();
    expect(profileRange('glucose', { sex: 'male', age: 40 })).toBeNull();
  });

  it("the range printed on the user's report wins; else the profile's band; else the typical range", () => {
    const profile = { sex: 'female' as const, age: 30 };
    expect(chooseReferenceRange({ biomarker: 'hemoglobin', profile, printed: { low: 12.5, high: 16 }, typical })).toEqual({ low: 12.5, high: 16, source: 'report' });
    expect(chooseReferenceRange({ biomarker: 'hemoglobin', profile, printed: { low: null, high: null }, typical })).toEqual({ low: 11.6, high: 15, source: 'profile' });
    expect(chooseReferenceRange({ biomarker: 'hemoglobin', profile: { sex: null, age: null }, printed: null, typical })).toEqual({ low: 12, high: 17, source: 'typical' });
  });

  it('places a value against a range', () => {
    expect(rangePosition(10, { low: 11.6, high: 15 })).toBe('low');
    expect(rangePosition(16, { low: null, high: 15 })).toBe('high');
    expect(rangePosition(13, { low: 11.6, high: 15 })).toBe('normal');
    expect(rangePosition(13, { low: null, high: null })).toBeNull();
  });

  it('gives every optimal range a source, a year, a title and a link, and a sensible order', () => {
    for (const key of ['vitamin-d-25oh', 'ferritin', 'hba1c', 'apob']) expect(OPTIMAL_RANGES[key]).toBeDefined();
    for (const range of Object.values(OPTIMAL_RANGES)) {
      expect(range.citation.source).not.toBe('');
      expect(range.citation.year).toBeGreaterThan(1990);
      expect(range.citation.url).toMatch(/^https:\/\//);
      if (range.low !== null && range.high !== null) expect(range.low).toBeLessThan(range.high);
    }
  });
});
