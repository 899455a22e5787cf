import { describe, expect, it } from 'vitest';
import { describeWarning, nutrientLabel } from './intake-warnings-text.ts';

describe('intake warnings', () => {
  it('names nutrients for people', () => {
    expect(nutrientLabel('vitamin-d')).toBe('Vitamin D');
    expect(nutrientLabel('vitamin-b12')).toBe('Vitamin B12');
    expect(nutrientLabel('pantothenic-acid')).toBe('Pantothenic acid');
    expect(nutrientLabel('zinc')).toBe('Zinc');
  });

  it('says what adds up to how much against which limit', () => {
    const text = describeWarning({
      nutrient: 'vitamin-d',
      total: 150,
      unit: 'mcg',
      limit: 100,
      source: 'NIH',
      sourceUrl: 'https://ods.od.nih.gov/',
      note: null,
      supplements: ['Vitamin D3', 'd2'],
      dismissed: false,
    });
    expect(text).toBe('150 mcg a day from Vitamin D3 and d2; the adult upper limit is 100 mcg a day.');
  });
});
