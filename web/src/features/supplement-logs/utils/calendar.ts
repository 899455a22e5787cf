import { addDays } from '#contract/dates.ts';

/** "2025-06-14" → "2025-06" */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** A month moved by whole months: ("2025-01", -1) → "2024-12". */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every date of a month, in order. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let date = `${month}-01`; monthOf(date) === month; date = addDays(date, 1)) days.push(date);
  return days;
}

/** "June 2025" */
export function formatMonth(month: string, locale = 'en-US'): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthNumber - 1, 15)));
}

/** Weekday initial and day number for a day button: { weekday: "Sun", day: "1" }. */
export function dayButtonParts(date: string, locale = 'en-US'): { weekday: string; day: string } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day, 12)));
  return { weekday, day: String(day) };
}
