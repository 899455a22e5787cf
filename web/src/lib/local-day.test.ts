import { describe, expect, it } from 'vitest';
import { formatFullDate, formatShortDate, formatTimeIn, todayIn } from './local-day.ts';

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
});
