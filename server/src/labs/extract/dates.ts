import type { TEST_DATE_REVIEWS } from '#contract/biomarker-lists.ts';

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

export type TestDateReview = (typeof TEST_DATE_REVIEWS)[number];
export type TestDate = { date: string | null; review: TestDateReview | null };

type LabelKind = 'birth' | 'collection' | 'received' | 'report' | 'plain';

// Order matters: at one position the first alternative wins, so "Date of Report" is a report date, not a plain "Date".
const ANY_LABEL = new RegExp(
  [
    '(?<birth>\\b(?:date\\s+of\\s+birth|birth\\s*date|d\\.?\\s*o\\.?\\s*b(?![a-z])|born|fecha\\s+(?:de\\s+)?nacimiento|geburtsdatum|date\\s+de\\s+naissance|data\\s+di\\s+nascita)\\b)',
    '(?<collection>\\b(?:date\\s+of\\s+test|test\\s+date|fecha\\s+(?:de\\s+)?(?:extracci[oó]n|toma|muestra))\\b)',
    '(?<received>\\b(?:(?:sample\\s+|specimen\\s+)?received(?:\\s+(?:on|date|at))?|date\\s+received|registered(?:\\s+on)?|registration\\s+date|recepci[oó]n|eingang)\\b)',
    '(?<report>\\b(?:date\\s+of\\s+report|report(?:ed)?(?:\\s+(?:on|date))?|result\\s+date|print(?:ed)?(?:\\s+(?:on|date))?|generated(?:\\s+on)?|issued(?:\\s+on)?|validated(?:\\s+on)?|finalizaci[oó]n|fecha\\s+(?:de\\s+)?informe)\\b)',
    '(?<plain>\\b(?:date|fecha|datum|data)\\b)',
  ].join('|'),
  'gi',
);

/**
 * The test date: a labelled collection date wins; else a received, then a report or print
 * date, marked for review; never a date of birth; none when the dates cannot be told apart.
 */
export function readTestDate(lines: string[], opts: { dateOrder?: DateOrder; today?: Date } = {}): TestDate {
  const order = opts.dateOrder ?? inferDateOrder(lines);
  const today = opts.today ?? new Date();
  const collected = findLabelledDate(lines, order, today);
  if (collected !== undefined) return collected === null ? { date: null, review: 'not-found' } : { date: collected, review: null };
  const found: Record<Exclude<LabelKind, 'birth'>, Array<string | null>> = { collection: [], received: [], report: [], plain: [] };
  for (const line of lines) {
    for (const label of line.matchAll(ANY_LABEL)) {
      const kind = Object.entries(label.groups ?? {}).find(([, text]) => text !== undefined)?.[0] as LabelKind;
      if (kind === 'birth') continue;
      const date = dateAfter(line, (label.index ?? 0) + label[0].length, order, today);
      if (date !== undefined) found[kind].push(date);
    }
  }
  for (const dates of [found.collection, found.received, [...found.report, ...found.plain]]) {
    if (dates.length === 0) continue;
    const distinct = new Set(dates);
    const [only] = distinct;
    if (distinct.size === 1 && only) return { date: only, review: dates === found.collection ? null : 'not-collection-date' };
    return { date: null, review: 'not-found' };
  }
  return { date: null, review: 'not-found' };
}

/** The date printed right after a label: a date, null when it cannot be read, undefined when there is none. */
function dateAfter(line: string, from: number, order: DateOrder | null, today: Date): string | null | undefined {
  const after = line.slice(from, from + 40).replace(/^\s*[:.\-–]?\s*/, '');
  const window = after.replace(/^\s*(?:\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp][Mm])?\s*)/, '');
  const m = DATE_LIKE.exec(window);
  if (!m || m.index > 3) return undefined;
  return toIsoDate(m, order, today);
}

/** A labelled collection date: the date, null when it is printed but unreadable, undefined when none is labelled. */
function findLabelledDate(lines: string[], order: DateOrder | null, today: Date): string | null | undefined {
  for (const line of lines) {
    for (const label of line.matchAll(LABEL)) {
      const date = dateAfter(line, (label.index ?? 0) + label[0].length, order, today);
      // A labelled date that cannot be read settles it: no date rather than another one.
      if (date !== undefined) return date;
    }
  }
  return undefined;
}

/** Only a labelled collection date, or null (see `readTestDate` for the full rule). */
export function findCollectionDate(lines: string[], opts: { dateOrder?: DateOrder; today?: Date } = {}): string | null {
  return findLabelledDate(lines, opts.dateOrder ?? inferDateOrder(lines), opts.today ?? new Date()) ?? null;
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
