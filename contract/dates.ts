/**
 * Calendar dates `yyyy-MM-dd` and the user's local day (decisions section 4). Zod-free, so that
 * the web can compute "today" without loading schema code (decision 017); `tracking.ts`
 * re-exports it.
 */

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a `yyyy-MM-dd` date exists (no 2025-02-30). */
export function isRealDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1000;
}

// Building a DateTimeFormat costs far more than formatting with one; there are a few hundred zones at most.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day `yyyy-MM-dd` of an instant in a time zone (decisions section 4). */
export function localDateOf(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar date moved by whole days (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
