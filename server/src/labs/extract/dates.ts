/**
 * The collection date of a report: only from a labelled collection/sample/specimen date, and
 * null rather than a guess (an unparseable year such as "2X", or a day/month order that
 * nothing in the document settles).
 */

export type DateOrder = 'dmy' | 'mdy';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';

const LABEL =
  /\b(?:(?:date\s+(?:and\s+time\s+)?of\s+)?(?:sample|specimen)\s+(?:collection|collected|drawn|taken|date)|collection\s+(?:date|time|on|at)|collected\s*(?:on|at|date)?|date\s+(?:of\s+)?collection|drawn\s+(?:on|date)|date\s+collected|sampling\s+date)\b(?:\s*(?:on|at|date|time|&|and|\/))*\s*[:-]?\s*/gi;

// A date-like thing right after a label; it may be malformed ("02 Dec, 2X"), which means null.
const DATE_LIKE = new RegExp(
  [
    '(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})(?!\\d)',
    '(\\d{1,2})[-/.](\\d{1,2})[-/.](\\d{2,4}|\\d?[A-Za-z?]{1,3})(?![\\d])',
    `(\\d{1,2})(?:st|nd|rd|th)?[\\s\\-/]*(${MONTH})[\\s,\\-/]*(\\d{2,4}|\\d?[A-Za-z?]{1,3})(?![\\d])`,
    `(${MONTH})[\\s\\-/]*(\\d{1,2})(?:st|nd|rd|th)?[\\s,\\-/]+(\\d{2,4}|\\d?[A-Za-z?]{1,3})(?![\\d])`,
  ].join('|'),
  'i',
);

export function findCollectionDate(lines: string[], opts: { dateOrder?: DateOrder; today?: Date } = {}): string | null {
  const order = opts.dateOrder ?? inferDateOrder(lines);
  const today = opts.today ?? new Date();
  for (const line of lines) {
    for (const label of line.matchAll(LABEL)) {
      const after = line.slice((label.index ?? 0) + label[0].length, (label.index ?? 0) + label[0].length + 40);
      const window = after.replace(/^\s*(?:\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp][Mm])?\s*)/, '');
      const m = DATE_LIKE.exec(window);
      if (!m || m.index > 3) continue;
      // A labelled date that cannot be read settles it: no date rather than another one.
      return toIsoDate(m, order, today);
    }
  }
  return null;
}

function toIsoDate(m: RegExpExecArray, order: DateOrder | null, today: Date): string | null {
  let year: number | null;
  let month: number;
  let day: number;
  if (m[1]) {
    year = Number(m[1]);
    month = Number(m[2]);
    day = Number(m[3]);
  } else if (m[4]) {
    const a = Number(m[4]);
    const b = Number(m[5]);
    year = readYear(m[6] as string, today);
    if (a > 12 && b <= 12) [day, month] = [a, b];
    else if (b > 12 && a <= 12) [month, day] = [a, b];
    else if (a === b) [day, month] = [a, b];
    else if (order === 'dmy') [day, month] = [a, b];
    else if (order === 'mdy') [month, day] = [a, b];
    else return null;
  } else if (m[7]) {
    day = Number(m[7]);
    month = monthNumber(m[8] as string);
    year = readYear(m[9] as string, today);
  } else {
    month = monthNumber(m[10] as string);
    day = Number(m[11]);
    year = readYear(m[12] as string, today);
  }
  if (year === null || !isRealDate(year, month, day)) return null;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const tomorrow = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
  return iso > tomorrow || year < 1900 ? null : iso;
}

function readYear(text: string, today: Date): number | null {
  if (/^\d{4}$/.test(text)) return Number(text);
  if (/^\d{2}$/.test(text)) {
    const yy = Number(text);
    const century = yy <= today.getUTCFullYear() % 100 ? 2000 : 1900;
    return century + yy;
  }
  return null;
}

function monthNumber(text: string): number {
  return MONTHS.indexOf(text.slice(0, 3).toLowerCase()) + 1;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Reads the document's day/month order from any numeric date that only fits one way (18/10/2024). */
export function inferDateOrder(lines: string[]): DateOrder | null {
  let dmy = false;
  let mdy = false;
  for (const line of lines) {
    for (const m of line.matchAll(/(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d/.-])/g)) {
      const a = Number(m[1]);
      const b = Number(m[2]);
      if (a > 12 && b <= 12) dmy = true;
      if (b > 12 && a <= 12) mdy = true;
    }
  }
  if (dmy === mdy) return null;
  return dmy ? 'dmy' : 'mdy';
}
