import { describe, expect, it } from 'vitest';
import { comparatorOf, computeFlag, splitLimitSign } from './lab-values.ts';

describe('a limit as printed or typed', () => {
  it('splits the sign from the number, in every spelling labs print', () => {
    expect(splitLimitSign('< 0,5')).toEqual({ comparator: '<', number: '0,5' });
    expect(splitLimitSign(' ≥2000')).toEqual({ comparator: '>=', number: '2000' });
    expect(splitLimitSign('<=3')).toEqual({ comparator: '<=', number: '3' });
    expect(splitLimitSign('0.7')).toEqual({ comparator: null, number: '0.7' });
    expect([comparatorOf('≤'), comparatorOf('>'), comparatorOf('=<'), comparatorOf('≤=')]).toEqual(['<=', '>', undefined, undefined]);
  });

  it('is flagged only where every value it allows falls the same way', () => {
    expect(computeFlag(0.5, 0, 5, false, '<')).toBe('normal');
    expect(computeFlag(0.5, 1, 5, false, '<')).toBe('low');
    expect(computeFlag(0.5, 0.3, 5, false, '<')).toBeNull();
    expect(computeFlag(10, 0, 5, false, '<')).toBeNull();
    expect(computeFlag(2000, 200, 900, false, '>')).toBe('high');
    expect(computeFlag(900, 200, 900, false, '>=')).toBeNull();
    expect(computeFlag(900, 200, 900, false, '>')).toBe('high');
    expect(computeFlag(90, 60, null, false, '>')).toBe('normal');
    expect(computeFlag(0.5, 0, 5, false)).toBe('normal');
  });
});
