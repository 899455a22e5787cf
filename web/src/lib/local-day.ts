import { useEffect, useState } from 'react';
import { localDateOf } from '#contract/dates.ts';

/**
 * The user's local day (product.md, Tracking): "today", the history calendar and the daily
 * reminder follow the time zone in the profile, not the browser's clock zone.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return localDateOf(now, timeZone);
  } catch {
    // A zone this browser does not know: its own day is the best guess.
    return localDateOf(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
  }
}

/** Today in the user's zone, moving on by itself at midnight while the page stays open. */
export function useLocalToday(timeZone: string): string {
  const [today, setToday] = useState(() => todayIn(timeZone));
  useEffect(() => {
    const check = () => setToday(todayIn(timeZone));
    check();
    const timer = window.setInterval(check, 60_000);
    return () => window.clearInterval(timer);
  }, [timeZone]);
  return today;
}

function partsOf(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

/** A calendar date as noon UTC, so formatting it in UTC never slips to a neighbouring day. */
function calendarDate(date: string): Date {
  const [year, month, day] = partsOf(date);
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** "Sunday, June 1, 2025" */
export function formatFullDate(date: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(calendarDate(date));
}

/** "Sun, Jun 1" */
export function formatShortDate(date: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(calendarDate(date));
}

/** "Jun 1, 2025": a date in a record read later or by someone else (a share link), where the year matters. */
export function formatDateWithYear(date: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(calendarDate(date));
}

/** "8:05 AM" for an instant, in the user's zone. */
export function formatTimeIn(instant: string, timeZone: string, locale = 'en-US'): string {
  try {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(instant));
  } catch {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
  }
}
