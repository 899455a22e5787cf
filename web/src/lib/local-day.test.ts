import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateWithYear, formatFullDate, formatShortDate, formatTimeIn, todayIn } from './local-day.ts';

describe('local day', () => {
  it("is the day in the user's zone, not the machine's", () => {
    const instant = new Date('2025-06-01T18:30:00Z');
    expect(todayIn('Asia/Kolkata', instant)).toBe('2025-06-02');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2025-06-01');
    expect(todayIn('Pacific/Auckland', new Date('2025-06-01T11:59:00Z'))).toBe('2025-06-01');
    expect(todayIn('Pacific/Auckland', new Date('2025-06-01T12:00:00Z'))).toBe('2025-06-02');
  });

  it('falls back to the browser zone for a zone it does not know', () => {
    expect(todayIn('Mars/Olympus', new Date('2025-06-01T12:00:00Z'))).toMatch(/^2025-06-0[12]$/);
  });

  it('formats calendar dates without slipping a day', () => {
    expect(formatFullDate('2025-06-01')).toBe('Sunday, June 1, 2025');
    expect(formatFullDate('2024-02-29')).toBe('Thursday, February 29, 2024');
    expect(formatShortDate('2025-12-31')).toBe('Wed, Dec 31');
  });

  it('formats times in the given zone', () => {
    expect(formatTimeIn('2025-06-01T08:05:00Z', 'UTC')).toBe('8:05 AM');
    expect(formatTimeIn('2025-06-01T08:05:00Z', 'Asia/Kolkata')).toBe('1:35 PM');
  });

  it('writes the year of a date for a reader of a record, whatever the date', () => {
    expect(formatDateWithYear('2025-12-31')).toBe('Dec 31, 2025');
    expect(formatDateWithYear('2024-02-29')).toBe('Feb 29, 2024');
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (instant) => {
        const date = instant.toISOString().slice(0, 10);
        const [year, , day] = date.split('-').map(Number) as [number, number, number];
        expect(formatDateWithYear(date)).toMatch(new RegExp(`\\b${day}, ${year}$`));
      }),
    );
  });
});
