import { describe, expect, it } from 'vitest';
import { barPercents, formatLastActivity, formatMoney, formatMonth, formatRevenueTotal, tierLabel } from './format.ts';

describe('admin formatting', () => {
  const now = new Date(2025, 5, 15, 12, 0, 0);

  it('describes last activity in days', () => {
    expect(formatLastActivity(null, now)).toBe('Never');
    expect(formatLastActivity(new Date(2025, 5, 15, 8).toISOString(), now)).toBe('Today');
    expect(formatLastActivity(new Date(2025, 5, 14, 23).toISOString(), now)).toBe('Yesterday');
    expect(formatLastActivity(new Date(2025, 5, 10, 9).toISOString(), now)).toBe('5 days ago');
    expect(formatLastActivity(new Date(2025, 0, 2, 9).toISOString(), now)).toBe('Jan 2, 2025');
  });

  it('names months and tiers', () => {
    expect(formatMonth('2025-07')).toBe('Jul 2025');
    expect(formatMonth('2024-12')).toBe('Dec 2024');
    expect(tierLabel('free')).toBe('Free Trial');
    expect(tierLabel('pro', { pro: 'Pro (biohacker)' })).toBe('Pro (biohacker)');
  });

  it('shows money from cents, per currency', () => {
    expect(formatMoney(4999, 'USD')).toBe('$49.99');
    expect(formatRevenueTotal([{ currency: 'USD', amountCents: 4999 }, { currency: 'USD', amountCents: 18471 }])).toBe('$234.70');
    expect(formatRevenueTotal([{ currency: 'USD', amountCents: 100 }, { currency: 'EUR', amountCents: 250 }])).toBe('$1.00 + €2.50');
    expect(formatRevenueTotal([])).toBe('$0.00');
  });

  it('scales bars to the largest count', () => {
    expect(barPercents([0, 5, 10])).toEqual([0, 50, 100]);
    expect(barPercents([0, 0])).toEqual([0, 0]);
    expect(barPercents([])).toEqual([]);
  });
});
