/**
 * Calendar dates `yyyy-MM-dd` and the user's local day (product.md, Tracking). Zod-free, so that
 * the web can compute "today" without loading schema code (decision 017); the schemas of a date
 * are in `date-schemas.ts`.
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

/** The calendar day `yyyy-MM-dd` of an instant in a time zone (product.md, Tracking). */
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

/**
 * Noon of a calendar date in a time zone, as an instant: the time given to intake filled in for a
 * past day, when nobody knows the hour (noon is on that date in every zone, whatever its offset).
 */
export function localNoonOf(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, day, 12);
  let instant = wanted;
  // The zone's offset at that moment, found by reading the wall clock there; twice settles a DST change.
  for (let step = 0; step < 2; step += 1) instant += wanted - wallClockAsUtc(new Date(instant), timeZone);
  return new Date(instant);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockAsUtc(instant: Date, timeZone: string): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    clockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}
