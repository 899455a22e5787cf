import type { ExtractedBiomarker, ExtractionResult } from '#contract/biomarkers.ts';
import { getMarker, type Marker, type UnitDef } from './catalogue.ts';
import { findCollectionDate, type DateOrder } from './dates.ts';
import { isAliasOf, matchNameAtStart } from './names.ts';
import { decimalInsertions, fixOcrDigits, parsePrintedNumber, type PrintedNumber } from './numbers.ts';
import { findUnit, roundSignificant, toCanonical, unitKind } from './units.ts';

/**
 * Turns lines of report text into biomarker results.
 *
 * Rules that keep it honest:
 * - a row is read only when it starts with a known test name and a number follows it;
 * - the unit must be one the marker is known to come in (or none, for ratios);
 * - the value must be physically plausible; OCR text may be repaired (a dropped decimal point)
 *   only when exactly one repair fits both the plausible range and the printed reference range;
 * - the printed flag is kept as printed and the flag is recomputed from value and range.
 */

export type LineSource = 'text' | 'ocr';

export type TextCell = { text: string; x: number };

export type TextLine = {
  text: string;
  source: LineSource;
  /** Cells with x positions, when the layout is known (PDF text layer); used for card layouts. */
  cells?: TextCell[];
  /** Baseline y (PDF points, larger is higher) and font height, when known. */
  y?: number;
  height?: number;
  page?: number;
};

export type ParseOptions = {
  /** How to read an ambiguous numeric date (03/04/2024) when the document itself does not tell. */
  dateOrder?: DateOrder;
  /** Receives a short reason for each row that looked like a result but was not returned. */
  onReject?: (line: string, reason: string) => void;
};

export function parseText(text: string, opts: ParseOptions & { source?: LineSource } = {}): ExtractionResult {
  const lines = text.split(/\r?\n/).map((line) => ({ text: line, source: opts.source ?? 'text' }));
  return parseLines(lines, opts);
}

export function parseLines(lines: TextLine[], opts: ParseOptions = {}): ExtractionResult {
  const rows = assembleRows(lines.filter((l) => l.text.trim() !== ''));
  const results: ExtractedBiomarker[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const outcome = parseRow(row.text, row.source);
    if (outcome.kind === 'skip') continue;
    if (outcome.kind === 'reject') {
      opts.onReject?.(row.text, outcome.reason);
      continue;
    }
    const id = `${outcome.result.name}|${outcome.result.canonicalValue}`;
    if (seen.has(id)) continue;
    seen.add(id);
    results.push(outcome.result);
  }
  const collectedAt = findCollectionDate(
    lines.map((l) => l.text),
    opts.dateOrder ? { dateOrder: opts.dateOrder } : {},
  );
  return { collectedAt, results };
}

// ------------------------------------------------------------------ row assembly

type Row = { text: string; source: LineSource };

const STARTS_WITH_VALUE = /^\s*[:=]?\s*(?:(?:L|H|LL|HH|Low|High|LOW|HIGH)\s+)?[<>]?\s*[0-9OolI|][0-9OolI|,.]*(?:\s|$|[A-Za-z%/])/;
const STARTS_WITH_RANGE = /^\s*(?:Ref(?:erence)?(?:\s*(?:Range|Interval|Value))?\s*[:.]|Bio\.?\s*Ref|Normal\s*(?:Range|Value)\s*:)/i;

/**
 * Joins what belongs to one result: a name printed a few points above its value row, a
 * "Ref:" line under a value, and the cards of a grid layout (several names in one line, each
 * with its value and range below it).
 */
export function assembleRows(lines: TextLine[]): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as TextLine;
    const cards = readCards(lines, i);
    if (cards) {
      rows.push(...cards.rows);
      i = cards.lastIndex;
      continue;
    }
    if (!isNameOnly(line.text)) {
      rows.push({ text: line.text, source: line.source });
      continue;
    }
    let text = line.text;
    let j = i + 1;
    const next = lines[j];
    if (next && !matchNameAtStart(next.text) && STARTS_WITH_VALUE.test(next.text) && isNear(line, next)) {
      text += ` ${next.text}`;
      j++;
      const after = lines[j];
      if (after && STARTS_WITH_RANGE.test(after.text) && isNear(next, after)) {
        text += ` ${after.text}`;
        j++;
      }
      i = j - 1;
    }
    rows.push({ text, source: line.source });
  }
  return rows;
}

/** A line holding a test name and no number: its value is on the next line. */
function isNameOnly(text: string): boolean {
  const match = matchNameAtStart(text);
  if (!match) return false;
  return !/\d/.test(stripNameTail(text.slice(match.end), match.keys));
}

function isNear(a: TextLine, b: TextLine): boolean {
  if (a.y === undefined || b.y === undefined) return true;
  const height = Math.max(a.height ?? 10, b.height ?? 10);
  return a.page === b.page && a.y - b.y > 0 && a.y - b.y < height * 2.6;
}

function readCards(lines: TextLine[], start: number): { rows: Row[]; lastIndex: number } | null {
  const header = lines[start] as TextLine;
  if (!header.cells || header.cells.length < 2 || /\d/.test(header.text.replace(/\b[A-Za-z]+\d+\b/g, ''))) return null;
  const columns = header.cells.filter((cell) => isNameOnly(cell.text));
  if (columns.length < 2) return null;
  const buckets: string[][] = columns.map(() => []);
  let last = start;
  for (let j = start + 1; j < lines.length && j <= start + 4; j++) {
    const line = lines[j] as TextLine;
    if (!line.cells || !isNear(lines[j - 1] as TextLine, line)) break;
    if (line.cells.some((cell) => isNameOnly(cell.text))) break;
    for (const cell of line.cells) {
      let col = -1;
      columns.forEach((c, k) => {
        if (c.x <= cell.x + 2) col = k;
      });
      if (col >= 0) buckets[col]?.push(cell.text);
    }
    last = j;
  }
  if (last === start) return null;
  const rows = columns.map((column, k) => {
    const parts = buckets[k] as string[];
    const firstValue = parts.findIndex((p) => STARTS_WITH_VALUE.test(p));
    const body = firstValue === -1 ? [] : parts.slice(firstValue);
    return { text: [column.text, ...body].join(' '), source: header.source };
  });
  return { rows, lastIndex: last };
}

// ------------------------------------------------------------------ one row

type RowOutcome =
  | { kind: 'ok'; result: ExtractedBiomarker }
  | { kind: 'skip' }
  | { kind: 'reject'; reason: string };

const SERIAL_PREFIX = /^\s*(?:\d{1,2}[.)]\s+|[•*·\-–]\s*)/;
const FLAG_PATTERN = /^(?:L|H|LL|HH|Low|LOW|High|HIGH|low|high|Normal|NORMAL|normal|Abnormal|ABNORMAL|Critical|CRITICAL|N|A|\*+|[([](?:L|H|Low|High)[)\]])$/;

export function parseRow(rawText: string, source: LineSource): RowOutcome {
  const text = tidy(rawText).replace(SERIAL_PREFIX, '');
  const name = matchNameAtStart(text);
  if (!name) return { kind: 'skip' };
  let rest = stripNameTail(text.slice(name.end), name.keys);

  let printedFlag: string | null = null;
  const leading = /^(L|H|LL|HH|Low|LOW|High|HIGH|\*)\s+(?=[<>]?\s*[0-9OolI|])/.exec(rest);
  if (leading) {
    printedFlag = leading[1] as string;
    rest = rest.slice(leading[0].length);
  }

  const valuePattern = source === 'ocr' ? /^([<>≤≥]=?)?\s*([0-9OolI|][0-9OolI|,.]*)(?=\s|$|[A-Za-z%/µ])/ : /^([<>≤≥]=?)?\s*(\d[\d,.]*)(?=\s|$|[A-Za-z%/µ])/;
  const valueMatch = valuePattern.exec(rest);
  if (!valueMatch) return { kind: 'skip' };
  if (valueMatch[1]) return { kind: 'reject', reason: 'censored value (< or >)' };
  const valueToken = source === 'ocr' ? fixOcrDigits(valueMatch[2] as string) : (valueMatch[2] as string);
  const printed = parsePrintedNumber(valueToken);
  if (!printed) return { kind: 'reject', reason: `unreadable value "${valueMatch[2]}"` };
  rest = rest.slice(valueMatch[0].length);

  const range = extractRange(rest, source);
  if (range) rest = rest.slice(0, range.index) + ' ' + rest.slice(range.index + range.length);

  const words = rest.split(/\s+/).filter((w) => w !== '');
  const unitWords: string[] = [];
  for (const word of words) {
    if (FLAG_PATTERN.test(word) && (word.length > 1 || /[A-Z*]/.test(word))) {
      printedFlag ??= word.replace(/[()[\]]/g, '');
      continue;
    }
    unitWords.push(word);
  }

  const candidates = name.keys.map(getMarker);
  const resolved = resolveUnit(candidates, unitWords, source);
  if (!resolved) return { kind: 'reject', reason: `unit "${unitWords.slice(0, 2).join(' ')}" not known for ${name.keys.join('/')}` };
  const { marker, unit, printedUnit } = resolved;

  const judged = judgeValue(marker, unit, printed, range, source);
  if (judged.kind === 'reject') return judged;
  const { value, low, high } = judged;

  const loinc = pickLoinc(marker, unit.unit);
  const result: ExtractedBiomarker = {
    name: marker.name,
    loinc,
    value,
    unit: printedUnit,
    canonicalValue: toCanonical(unit, value),
    canonicalUnit: marker.canonicalUnit,
    referenceRange: { low, high, text: range?.text ?? null },
    flag: computeFlag(value, low, high, range?.strict ?? false),
    printedFlag,
  };
  return { kind: 'ok', result };
}

/** Unifies dashes, spaces and look-alike characters so the patterns below stay simple. */
function tidy(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u00a0\u2000-\u200b\t]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Drops what may follow a name before its value: "(Hb)", ", HCT", ":" and method notes in parentheses. */
export function stripNameTail(rest: string, keys: string[]): string {
  let s = rest;
  for (let guard = 0; guard < 4; guard++) {
    const before = s;
    s = s.replace(/^\s*[)\]]+/, '');
    s = s.replace(/^\s*[,:;=-]*\s*/, (m) => (m.includes(':') || m.includes('=') || m.includes('-') || m.includes(',') ? ' ' : m));
    const paren = /^\s*[([]([^)\]]{1,40})[)\]]/.exec(s);
    if (paren && (!/\d/.test(paren[1] as string) || isAliasOf(paren[1] as string, keys))) s = s.slice(paren[0].length);
    const abbrev = /^\s*,?\s*([A-Za-z][A-Za-z0-9\-+#%]*)(?=[\s,:]|$)/.exec(s);
    if (abbrev && isAliasOf(abbrev[1] as string, keys)) s = s.slice(abbrev[0].length);
    if (s === before) break;
  }
  return s.trimStart();
}

type PrintedRange = {
  index: number;
  length: number;
  text: string;
  low: PrintedNumber | null;
  high: PrintedNumber | null;
  /** "< 200" means 200 itself is out of range. */
  strict: boolean;
};

const NUM = '[0-9OolI|][0-9OolI|,.]*[0-9OolI|]|[0-9]';

function extractRange(rest: string, source: LineSource): PrintedRange | null {
  const prefix = '(?:(?:Ref(?:erence)?(?:\\s*(?:Range|Interval|Value))?|Bio\\.?\\s*Ref\\.?(?:\\s*Interval)?|Normal\\s*Range|Normal\\s*:)\\s*[:.]?\\s*)?';
  const two = new RegExp(`${prefix}(?<![\\w.^/*])(${NUM})\\s*(?:-|to)\\s*(${NUM})(?![\\w.]*[\\d])`, 'i');
  const one = new RegExp(`${prefix}(<=|>=|<|>|≤|≥|up\\s*to|upto|less\\s+than|more\\s+than|below|above|till)\\s*(${NUM})`, 'i');
  const read = (token: string) => parsePrintedNumber(source === 'ocr' ? fixOcrDigits(token) : token);
  const m2 = two.exec(rest);
  const m1 = one.exec(rest);
  if (m2 && (!m1 || m2.index <= m1.index)) {
    const low = read(m2[1] as string);
    const high = read(m2[2] as string);
    if (!low || !high) return null;
    return { index: m2.index, length: m2[0].length, text: `${m2[1]} - ${m2[2]}`.replace(/\s+/g, ' '), low, high, strict: false };
  }
  if (m1) {
    const bound = read(m1[2] as string);
    if (!bound) return null;
    const op = (m1[1] as string).toLowerCase().replace(/\s+/g, ' ');
    const below = ['<', '<=', '≤', 'up to', 'upto', 'less than', 'below', 'till'].includes(op);
    return {
      index: m1.index,
      length: m1[0].length,
      text: `${m1[1]} ${m1[2]}`,
      low: below ? null : bound,
      high: below ? bound : null,
      strict: op === '<' || op === '>' || op === 'less than' || op === 'more than' || op === 'below' || op === 'above',
    };
  }
  return null;
}

function resolveUnit(
  candidates: Marker[],
  unitWords: string[],
  source: LineSource,
): { marker: Marker; unit: UnitDef; printedUnit: string } | null {
  const found: Array<{ marker: Marker; unit: UnitDef; printedUnit: string }> = [];
  for (const marker of candidates) {
    let hit: { unit: UnitDef; printedUnit: string } | null = null;
    for (let n = Math.min(4, unitWords.length); n >= 1 && !hit; n--) {
      const printed = unitWords.slice(0, n).join(' ');
      const unit = findUnit(marker, printed, { ocr: source === 'ocr' });
      if (unit) hit = { unit, printedUnit: tidyPrintedUnit(printed, unit, source) };
    }
    if (!hit && (unitWords.length === 0 || !looksLikeUnit(unitWords[0] as string))) {
      const unit = findUnit(marker, '');
      if (unit) hit = { unit, printedUnit: '' };
    }
    if (hit) found.push({ marker, ...hit });
  }
  if (found.length === 1) return found[0] as (typeof found)[number];
  return null;
}

function looksLikeUnit(word: string): boolean {
  return /[/%^*]|^(?:fl|pg|sec|s|iu|u|mg|g|ng|ug|mm)$/i.test(word) || /^(?:cumm|lakhs?|mill|million|calc)/i.test(word);
}

/** Keeps the unit as printed but cleans an OCR misreading to the unit it stands for. */
function tidyPrintedUnit(printed: string, unit: UnitDef, source: LineSource): string {
  const cleaned = printed.replace(/^[^A-Za-z0-9%/µμ{[]+/, '').replace(/[.,;:'"`’‘]+$/, '');
  if (source !== 'ocr') return cleaned;
  const known = [unit.unit, ...(unit.aliases ?? [])].some((u) => u.toLowerCase() === cleaned.toLowerCase());
  return known ? cleaned : unit.unit;
}

type Judged = { kind: 'ok'; value: number; low: number | null; high: number | null } | { kind: 'reject'; reason: string };

/**
 * Accepts the value as printed when plausible. OCR text gets one more chance: a dropped decimal
 * point is put back when exactly one reading is plausible and agrees with the printed range.
 */
function judgeValue(marker: Marker, unit: UnitDef, printed: PrintedNumber, range: PrintedRange | null, source: LineSource): Judged {
  const plausible = (v: number) => {
    const c = toCanonical(unit, v);
    return c >= marker.plausible[0] && c <= marker.plausible[1];
  };
  const ranges = rangeReadings(marker, unit, range, source);
  if (range && ranges.length === 0) return { kind: 'reject', reason: `reference range "${range.text}" implausible for ${marker.name}` };
  const chosenRange = ranges.length === 1 ? ranges[0] : null;
  if (range && !chosenRange) return { kind: 'reject', reason: `reference range "${range.text}" ambiguous after OCR repair` };
  const low = chosenRange?.low ?? null;
  const high = chosenRange?.high ?? null;

  if (source === 'text') {
    return plausible(printed.value) ? { kind: 'ok', value: printed.value, low, high } : { kind: 'reject', reason: `value ${printed.value} implausible for ${marker.name}` };
  }

  const inRange = (v: number) => (low === null || v >= low * 0.5) && (high === null || v <= high * 2);
  const farOut = (v: number) => (low !== null && v < low / 5) || (high !== null && v > high * 5);
  const repairs = printed.hadDecimalPoint ? [] : decimalInsertions(printed.digits).filter(plausible);
  if (plausible(printed.value) && !farOut(printed.value)) return { kind: 'ok', value: printed.value, low, high };
  if (plausible(printed.value) && !repairs.some(inRange)) return { kind: 'ok', value: printed.value, low, high };
  const fitting = repairs.filter((v) => (chosenRange ? inRange(v) : true));
  if (fitting.length === 1 && !plausible(printed.value)) return { kind: 'ok', value: fitting[0] as number, low, high };
  return { kind: 'reject', reason: `OCR value ${printed.value} for ${marker.name} is implausible or ambiguous` };
}

/** The plausible readings of a printed range; OCR ranges may have lost their decimal points. */
function rangeReadings(marker: Marker, unit: UnitDef, range: PrintedRange | null, source: LineSource): Array<{ low: number | null; high: number | null }> {
  if (!range) return [{ low: null, high: null }];
  const fits = (low: number | null, high: number | null) => {
    const cl = low === null ? null : toCanonical(unit, low);
    const ch = high === null ? null : toCanonical(unit, high);
    if (cl !== null && ch !== null && cl > ch) return false;
    // A low bound of 0 is common ("0 - 40"); otherwise both bounds must be near physiological values.
    const floor = marker.plausible[0] > 0 ? marker.plausible[0] * 0.5 : marker.plausible[0];
    if (cl !== null && cl !== 0 && (cl < floor || cl > marker.plausible[1])) return false;
    if (ch !== null && (ch < floor || ch > marker.plausible[1] * 1.5)) return false;
    return true;
  };
  const asPrinted = { low: range.low?.value ?? null, high: range.high?.value ?? null };
  // A text layer is what was printed: never "repaired", even when odd.
  if (source === 'text' || fits(asPrinted.low, asPrinted.high)) return [asPrinted];
  const lows = range.low ? readingsOf(range.low) : [null];
  const highs = range.high ? readingsOf(range.high) : [null];
  const options: Array<{ low: number | null; high: number | null; score: number }> = [];
  for (const low of lows) {
    for (const high of highs) {
      if (!fits(low, high)) continue;
      options.push({ low, high, score: overlapsTypical(marker, unit, low, high) ? 1 : 0 });
    }
  }
  const best = Math.max(...options.map((o) => o.score), 0);
  return options.filter((o) => o.score === best).map(({ low, high }) => ({ low, high }));
}

function readingsOf(n: PrintedNumber): number[] {
  return n.hadDecimalPoint ? [n.value] : [n.value, ...decimalInsertions(n.digits)];
}

function overlapsTypical(marker: Marker, unit: UnitDef, low: number | null, high: number | null): boolean {
  const [tl, th] = marker.typical;
  const cl = low === null ? -Infinity : toCanonical(unit, low);
  const ch = high === null ? Infinity : toCanonical(unit, high);
  return cl <= (th ?? Infinity) * 1.5 && ch >= (tl ?? -Infinity) / 1.5;
}

export function computeFlag(value: number, low: number | null, high: number | null, strict: boolean): 'low' | 'high' | 'normal' | null {
  if (low === null && high === null) return null;
  if (low !== null && (strict ? value <= low : value < low)) return 'low';
  if (high !== null && (strict ? value >= high : value > high)) return 'high';
  return 'normal';
}

function pickLoinc(marker: Marker, unit: string): string | null {
  const kind = unitKind(unit);
  return marker.loinc.find((l) => l.kind === 'any')?.code ?? marker.loinc.find((l) => l.kind === kind)?.code ?? null;
}

export { roundSignificant };
