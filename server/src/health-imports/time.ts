/** Times as the exports write them, turned into instants and calendar days. */

const DAY_MS = 86_400_000;

/** The calendar day of an instant at a fixed offset from UTC (minutes east). */
export function dayAtOffset(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** `+05:30`, `-0500`, `Z` as minutes east of UTC; null when it is none of those. */
export function parseOffset(text: string): number | null {
  if (text === 'Z' || text === 'z') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * An ISO 8601 / RFC 3339 time with an offset (`2019-12-29T00:26:00+01:00`, `…Z`), with the offset
 * kept so that the calendar day is the one where it was taken.
 */
export function parseZoned(text: string): { instant: Date; offset: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})$/i.exec(text.trim());
  if (!match) return null;
  const offset = parseOffset(match[8]!.toUpperCase());
  if (offset === null) return null;
  const ms = match[7] ? Number(match[7].slice(0, 3).padEnd(3, '0')) : 0;
  const utc = Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +(match[6] ?? 0), ms) - offset * 60_000;
  if (Number.isNaN(utc)) return null;
  return { instant: new Date(utc), offset };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC in `timeZone` at `instant`. */
export function zoneOffsetAt(instant: Date, timeZone: string): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * A wall-clock time with no offset (Fitbit, Withings weight), read in the user's time zone. In the
 * hour repeated when clocks go back the earlier instant is taken; in the hour skipped, the later.
 */
export function fromWallTime(parts: { year: number; month: number; day: number; hour: number; minute: number; second: number }, timeZone: string): { instant: Date; offset: number } {
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const guess = zoneOffsetAt(new Date(wall), timeZone);
  let instant = wall - guess * 60_000;
  const actual = zoneOffsetAt(new Date(instant), timeZone);
  if (actual !== guess) {
    const second = wall - actual * 60_000;
    instant = zoneOffsetAt(new Date(second), timeZone) === actual ? Math.min(instant, second) : Math.max(instant, second);
  }
  return { instant: new Date(instant), offset: zoneOffsetAt(new Date(instant), timeZone) };
}

/** `2017-09-27T01:21:00.000` or `2019-12-28 08:14:00`, no offset. */
export function parseWallTime(text: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/.exec(text.trim());
  if (!match) return null;
  return { year: +match[1]!, month: +match[2]!, day: +match[3]!, hour: +(match[4] ?? 0), minute: +(match[5] ?? 0), second: +(match[6] ?? 0) };
}

/** Fitbit's `MM/DD/YY HH:MM:SS` (two-digit years are 20YY). */
export function parseUsDateTime(text: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{2,4})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return null;
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  return { year, month: +match[1]!, day: +match[2]!, hour: +(match[4] ?? 0), minute: +(match[5] ?? 0), second: +(match[6] ?? 0) };
}

export function minutesBetween(start: Date, end: Date): number {
  return Math.max(0, (end.getTime() - start.getTime()) / 60_000);
}

export function addDaysTo(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}
