import type { BiomarkerFlag, ExtractedBiomarker, ExtractionResult, PageBox, UnreadRow, UnrecognisedRow } from '#contract/biomarkers.ts';
import { comparatorOf, computeFlag } from '#contract/lab-values.ts';
import { unionBoxes } from './boxes.ts';
import { CATALOGUE, getMarker, type Marker, type UnitDef } from './catalogue.ts';
import { readTestDate, type DateOrder } from './dates.ts';
import { matchNameAtStart, stripNameTail } from './names.ts';
import { COLON_SEPARATED, decimalInsertions, fixOcrDigits, parsePrintedNumber, type PrintedNumber } from './numbers.ts';
import { detectNumberConvention, joinSpaceGroupedDigits, RANGE_WORDS, readNumber, type NumberConvention } from './number-convention.ts';
import { splitSideBySideRows } from './side-by-side.ts';
import { findUnit, roundSignificant, toCanonical, unitKind } from './units.ts';

/**
 * Turns lines of report text into biomarker results.
 *
 * Rules that keep it honest:
 * - a row is read only when it starts with a known test name and a number follows it;
 * - the unit must be one the marker is known to come in (or none, for ratios);
 * - a value outside what a living person can have is returned marked `implausible`, for the user
 *   to confirm or correct; OCR text may be repaired (a dropped decimal point) only when exactly
 *   one repair fits both the plausible range and the printed reference range;
 * - a row with a name the catalogue does not know, a number and a printed range is returned
 *   apart, as printed, in `unrecognised`;
 * - an OCR row of a known test whose value could not be read surely is returned in `unread`, for
 *   the user to type from the report, unless the test was read elsewhere on it;
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
  /** Where the line was read on its page, when known (text layer, OCR). */
  box?: PageBox;
  /** A second reading gave this OCR line's value other digits (second-reading.ts): its rows are left out. */
  misread?: true;
};

export type ParseOptions = {
  /** How to read an ambiguous numeric date (03/04/2024) when the document itself does not tell. */
  dateOrder?: DateOrder;
  /** Receives a short reason for each row that looked like a result but was not returned, and where it was read. */
  onReject?: (line: string, reason: string, box?: PageBox) => void;
  /** Receives each OCR row taken, with its value as read and where, for a second reading to confirm. */
  onOcrValue?: (value: OcrValue, box?: PageBox) => void;
};

/** An OCR row's value as read; `doubt`: the row was taken though its print was not read cleanly. */
export type OcrValue = { token: string; doubt: boolean };

export function parseText(text: string, opts: ParseOptions & { source?: LineSource } = {}): ExtractionResult {
  const lines = text.split(/\r?\n/).map((line) => ({ text: line, source: opts.source ?? 'text' }));
  return parseLines(lines, opts);
}

export function parseLines(lines: TextLine[], opts: ParseOptions = {}): ExtractionResult {
  const convention = detectNumberConvention(lines.map((l) => l.text));
  const rows = assembleRows(splitSideBySideRows(lines.filter((l) => l.text.trim() !== '').map(withoutOcrSpeck).map(withoutTableRules)), convention);
  const results: ExtractedBiomarker[] = [];
  const unrecognised: UnrecognisedRow[] = [];
  const unread: UnreadRow[] = [];
  const seen = new Set<string>();
  let heading: string | null = null;
  for (const row of rows) {
    let outcome = parseRow(row.text, row.source, convention);
    if (outcome.kind === 'ok') heading = null;
    else if (isNameOnly(row.text, row.source)) heading = row.text.trim();
    else if (heading && QUALIFIER_ROW.test(row.text)) outcome = parseRow(`${heading} ${row.text.trim()}`, row.source, convention);
    if (outcome.kind === 'skip') {
      const unknown = readUnrecognisedRow(row.text, row.source, convention);
      if (unknown) unrecognised.push(row.box ? { ...unknown, box: row.box } : unknown);
      continue;
    }
    if (outcome.kind === 'ok' && row.misread) {
      const { name, unit, referenceRange } = outcome.result;
      outcome = { kind: 'reject', reason: 'a second OCR reading gave the value other digits', names: [name], asRead: { unit, referenceRange } };
    }
    if (outcome.kind === 'reject') {
      opts.onReject?.(row.text, outcome.reason, row.box);
      const name = row.source === 'ocr' && outcome.names?.length === 1 ? outcome.names[0] : undefined;
      if (name) unread.push({ name, ...outcome.asRead, ...(row.box ? { box: row.box } : {}) });
      continue;
    }
    if (outcome.ocrValue) opts.onOcrValue?.(outcome.ocrValue, row.box);
    const id = `${outcome.result.name}|${outcome.result.canonicalValue}`;
    if (seen.has(id)) continue;
    seen.add(id);
    results.push(row.box ? { ...outcome.result, box: row.box } : outcome.result);
  }
  const testDate = readTestDate(
    lines.map((l) => l.text),
    opts.dateOrder ? { dateOrder: opts.dateOrder } : {},
  );
  const readElsewhere = new Set(results.map((r) => r.name));
  const stillUnread = unread.filter((row, i) => !readElsewhere.has(row.name) && unread.findIndex((r) => r.name === row.name) === i);
  return {
    collectedAt: testDate.date,
    ...(testDate.review ? { testDateReview: testDate.review } : {}),
    results,
    ...(unrecognised.length > 0 ? { unrecognised } : {}),
    ...(stillUnread.length > 0 ? { unread: stillUnread } : {}),
  };
}

/** A speck of dirt OCR read as a mark before a line's first word ("/ 97 nmol/l", "~ Vitamine B12"). */
function withoutOcrSpeck(line: TextLine): TextLine {
  return line.source === 'ocr' ? { ...line, text: line.text.replace(/^\s*[/~'"`°^_»«]\s+(?=[\p{L}\d])/u, '') } : line;
}

/** A bordered table's cell rules, read by OCR as bars standing alone between the cells ("| Sodio | 142 | mmol/L |"). */
function withoutTableRules(line: TextLine): TextLine {
  return line.source === 'ocr' ? { ...line, text: line.text.replace(/(^|\s)[|¦](?=\s|$)/g, '$1') } : line;
}

/** A row named only by how the sample was taken ("Fasting 165 mg/dL" under a "Blood Sugar" heading). */
const QUALIFIER_ROW = /^\s*(?:fasting|post\s*-?\s*prandial|pp|random|(?:1|2|one|two)[\s-]*(?:hour|hr|h)(?:\s*post\s*-?\s*prandial)?)\b/i;

// ------------------------------------------------------------------ row assembly

type Row = { text: string; source: LineSource; box?: PageBox; misread?: true };

/** `from`: the lines the row was read from; one misread makes the row misread. */
function rowOf(text: string, source: LineSource, box: PageBox | undefined, from: TextLine[] = []): Row {
  const row: Row = box ? { text, source, box } : { text, source };
  return from.some((line) => line.misread) ? { ...row, misread: true } : row;
}

const STARTS_WITH_VALUE = /^\s*[:=]?\s*(?:(?:L|H|LL|HH|Low|High|LOW|HIGH)\s+)?[<>]?\s*[0-9OolI|][0-9OolI|,.]*(?:\s|$|[A-Za-z%/])/;
const STARTS_WITH_RANGE = /^\s*(?:Ref(?:erence)?(?:\s*(?:Range|Interval|Value))?\s*[:.]|Bio\.?\s*Ref|Normal\s*(?:Range|Value)\s*:)/i;

/**
 * Joins what belongs to one result: a name printed a few points above its value row, a
 * "Ref:" line under a value, and the cards of a grid layout (several names in one line, each
 * with its value and range below it).
 */
export function assembleRows(read: TextLine[], convention?: NumberConvention): Row[] {
  const lines = keepStackedRowsTogether(read);
  const rows: Row[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as TextLine;
    const cards = readCards(lines, i);
    if (cards) {
      rows.push(...cards.rows);
      i = cards.lastIndex;
      continue;
    }
    const pair = readOcrNamePair(line, lines[i + 1], convention);
    if (pair) {
      rows.push(...pair);
      i++;
      continue;
    }
    if (!isNameOnly(line.text, line.source)) {
      rows.push(rowOf(line.text, line.source, line.box, [line]));
      continue;
    }
    const labelled = readLabelledBlock(lines, i);
    if (labelled) {
      rows.push(labelled.row);
      i = labelled.lastIndex;
      continue;
    }
    let text = line.text;
    let box = line.box;
    const from = [line];
    let j = i + 1;
    const next = lines[j];
    if (next && !matchNameAtStart(next.text) && STARTS_WITH_VALUE.test(next.text) && isNear(line, next)) {
      text += ` ${next.text}`;
      box = unionBoxes(box, next.box);
      from.push(next);
      j++;
      const after = lines[j];
      if (after && STARTS_WITH_RANGE.test(after.text) && isNear(next, after)) {
        text += ` ${after.text}`;
        box = unionBoxes(box, after.box);
        from.push(after);
        j++;
      }
      i = j - 1;
    }
    rows.push(rowOf(text, line.source, box, from));
  }
  return rows;
}

const RESULT_LABEL = /^(?:resultados?|results?|résultats?|risultato|ergebnis|uitslag)\s*:\s*/i;
const REFERENCE_LABEL = /^(?:valor(?:es)?\s+de\s+refer[êe]ncias?|reference\s+(?:range|interval|values?)|valeurs?\s+de\s+r[ée]f[ée]rence|valori\s+di\s+riferimento|referenzbereich|referentiewaarden?)\s*:\s*/i;
/** A range written after its label: a number, a sign, or a word that opens a range ("70 a 99", "até 190", "supérieur à 40"). */
const RANGE_START = /^\(?\s*(?:[<>≤≥]|\d|(?:de|entre|até|ate|hasta|up\s+to|above|below|bis|tot|inf[ée]rieur|inferiore?|sup[ée]rieur|superiore?|über|hoger|mayor|maior)\s)/i;
/** "Material: Soro", "Método: Enzimático": a field of the block between the name and its result. */
const FIELD_LABEL = /^\p{L}[\p{L} .]{1,24}:/u;

/**
 * A result printed as a block under its name, each part on its labelled line, as many Brazilian
 * and Spanish labs print them: "GLICOSE / Material: Soro / Resultado: 95 mg/dL / Valores de
 * referência: 70 a 99 mg/dL". Read as one row, the name, the result and the range.
 */
function readLabelledBlock(lines: TextLine[], start: number): { row: Row; lastIndex: number } | null {
  const name = lines[start] as TextLine;
  for (let j = start + 1; j < lines.length && j <= start + 4; j++) {
    const line = lines[j] as TextLine;
    const text = line.text.trim();
    if (line.page !== name.page) return null;
    const result = RESULT_LABEL.exec(text);
    if (result) {
      const from = [name, line];
      const reference = lines[j + 1] ? REFERENCE_LABEL.exec(lines[j + 1]!.text.trim()) : null;
      const range = reference ? lines[j + 1]!.text.trim().slice(reference[0].length) : '';
      if (RANGE_START.test(range)) from.push(lines[j + 1]!);
      // A value grouped by spaces right after its label ("Résultat: 12 100 /mm³") is one number, as in a table's cell.
      const value = text.slice(result[0].length).replace(/^\d{1,3}(?: \d{3})+(?= +[^\d\s<>=-])/, (digits) => digits.replace(/ /g, '\u00a0'));
      const joined = [name.text, value, ...(from.length > 2 ? [range] : [])].join('  ');
      const box = from.reduce<PageBox | undefined>((sum, part) => unionBoxes(sum, part.box), undefined);
      return { row: rowOf(joined, name.source, box, from), lastIndex: from.length > 2 ? j + 1 : j };
    }
    if (!FIELD_LABEL.test(text) || matchNameAtStart(text)) return null;
  }
  return null;
}

/**
 * A name read by OCR alone on its line, and its value line printed just under it, put next to each
 * other when the reading order parted them: a two-column band read column by column ends between
 * the two, so the right column's lines come first.
 */
function keepStackedRowsTogether(read: TextLine[]): TextLine[] {
  const lines = [...read];
  for (let i = 0; i < lines.length - 1; i++) {
    const name = lines[i] as TextLine;
    if (name.source !== 'ocr' || !name.box || isJustBelow(name.box, lines[i + 1]?.box) || !isNameOnly(name.text, 'ocr')) continue;
    const at = lines.findIndex((line, k) => k > i + 1 && isJustBelow(name.box!, line.box) && STARTS_WITH_VALUE.test(line.text) && !matchNameAtStart(line.text));
    if (at !== -1) lines.splice(i + 1, 0, ...lines.splice(at, 1));
  }
  return lines;
}

/** `below` starts under `above` within a line's height or so, and at its left edge (an indented value too). */
function isJustBelow(above: PageBox, below: PageBox | undefined): boolean {
  if (!below || below.page !== above.page) return false;
  const gap = below.y - (above.y + above.height);
  return gap > -above.height / 2 && gap < above.height * 1.5 && Math.abs(below.x - above.x) < 0.06;
}

/**
 * Two columns of stacked rows as OCR reads them: two names on one line ("VSG Colesterol total"),
 * their two values on the next ("12 mm/h <20 4,54 mmol/L (< 5,20)"). The value line is cut where
 * both halves read as results of their names, and only when exactly one cut does.
 */
function readOcrNamePair(line: TextLine, next: TextLine | undefined, convention?: NumberConvention): Row[] | null {
  if (line.source !== 'ocr' || line.cells || !next || matchNameAtStart(next.text) || !STARTS_WITH_VALUE.test(next.text)) return null;
  const text = line.text.trim();
  const first = matchNameAtStart(text, { ocr: true });
  if (!first) return null;
  const second = text.slice(first.end).trim();
  const secondName = matchNameAtStart(second, { ocr: true });
  if (!secondName || stripNameTail(second.slice(secondName.end), secondName.keys, 'ocr').replace(/:/g, '') !== '') return null;
  const names = [text.slice(0, text.length - second.length).trim(), second];
  const words = next.text.trim().split(/\s+/);
  // Cuts that read the same results (a flag on either side of the cut) count as one.
  const cuts = new Map<string, number>();
  for (let at = 1; at < words.length; at++) {
    const halves = [words.slice(0, at), words.slice(at)].map((half, k) => parseRow(`${names[k]} ${half.join(' ')}`, 'ocr', convention));
    const read = halves.flatMap((half) => (half.kind === 'ok' ? [`${half.result.name} ${half.result.canonicalValue}`] : []));
    if (read.length === 2 && !cuts.has(read.join('|'))) cuts.set(read.join('|'), at);
  }
  if (cuts.size !== 1) return null;
  const at = [...cuts.values()][0] as number;
  const box = unionBoxes(line.box, next.box);
  return [words.slice(0, at), words.slice(at)].map((half, k) => rowOf(`${names[k]} ${half.join(' ')}`, 'ocr', box, [line, next]));
}

/** A line holding a test name and no number: its value is on the next line. An OCR line's name may be misread ("Albimina"). */
function isNameOnly(text: string, source: LineSource = 'text'): boolean {
  const match = matchNameAtStart(text, { ocr: source === 'ocr' });
  // "mg/dL" is a unit, not magnesium.
  if (!match || text.slice(match.end).startsWith('/')) return false;
  return !/\d/.test(stripNameTail(text.slice(match.end), match.keys, source));
}

function isNear(a: TextLine, b: TextLine): boolean {
  if (a.y === undefined || b.y === undefined) return true;
  const height = Math.max(a.height ?? 10, b.height ?? 10);
  return a.page === b.page && a.y - b.y > 0 && a.y - b.y < height * 2.6;
}

function readCards(lines: TextLine[], start: number): { rows: Row[]; lastIndex: number } | null {
  const header = lines[start] as TextLine;
  if (!header.cells || header.cells.length < 2) return null;
  const columns = header.cells.filter((cell) => isNameOnly(cell.text));
  // A header holds names and words, no value: digits only in a name ("Vitamin D (25-OH)") or a code ("HbA1c").
  if (header.cells.some((cell) => !columns.includes(cell) && /\d/.test(cell.text.replace(/\b[A-Za-z]+\d+[A-Za-z]*\b/g, '')))) return null;
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
  const box = lines.slice(start, last + 1).reduce<PageBox | undefined>((sum, line) => unionBoxes(sum, line.box), undefined);
  const rows = columns.map((column, k) => {
    const parts = buckets[k] as string[];
    const firstValue = parts.findIndex((p) => STARTS_WITH_VALUE.test(p));
    const body = firstValue === -1 ? [] : parts.slice(firstValue);
    return rowOf([column.text, ...body].join('  '), header.source, box);
  });
  return { rows, lastIndex: last };
}

// ------------------------------------------------------------------ one row

type RowOutcome =
  | { kind: 'ok'; result: ExtractedBiomarker; ocrValue?: OcrValue }
  | { kind: 'skip' }
  /** `names`: the catalogue names of the tests the row may be, for review to ask its value; none for a row that is no result to type (a limit, a guideline's range, a word). */
  | { kind: 'reject'; reason: string; names?: string[]; asRead?: Pick<UnreadRow, 'unit' | 'referenceRange'> };

/** A range's end after the value, perhaps past a glyph glued to it or a decimal split off ("5,a7 - 6,4", "5, 7 - 6,4"). */
const RANGE_FOLLOWS = new RegExp(String.raw`^\S*\s*(?:[.,]?\d{1,2}\s*)?(?:[-–]|(?:${RANGE_WORDS})\s)\s*\d`);
/** Earlier results beside this one, each with its date ("95   98 01/15/2024   mg/dL"): not this report's value. */
const EARLIER_RESULT = /^(\s+(?:High|Low|H|L))?\s+[<>]?\d[\d.,]*\s+(?:(?:High|Low|H|L)\s+)?\d{1,2}\/\d{1,2}\/\d{2,4}(?=\s|$)/;
const SERIAL_PREFIX = /^\s*(?:\d{1,2}[.)]\s+|[•*·\-–]\s*)/;
const VALUE_WITH_COLON = new RegExp(`^${COLON_SEPARATED.source}`);
const FLAG_PATTERN = /^(?:L|H|LL|HH|Low|LOW|High|HIGH|low|high|Normal|NORMAL|normal|Abnormal|ABNORMAL|Critical|CRITICAL|N|A|\*+|[([](?:L|H|Low|High)[)\]])$/;

/** `convention`: the report's decimal separator (number-convention.ts); without it, a row is read as before. */
export function parseRow(rawText: string, source: LineSource, convention?: NumberConvention): RowOutcome {
  const text = tidy(joinSpaceGroupedDigits(rawText, { fromTextLayer: source === 'text', ...(convention ? { convention } : {}) })).replace(SERIAL_PREFIX, '');
  const name = matchNameAtStart(text, { ocr: source === 'ocr' });
  if (!name) return { kind: 'skip' };
  const { rest: afterName, keys } = byPairSign(stripNameTail(text.slice(name.end), name.keys, source), name.keys);
  let rest = afterName;

  const leading = /^(L|H|LL|HH|Low|LOW|High|HIGH|\*{1,3})\s+(?=[<>≤≥]?=?\s*[0-9OolI|])/.exec(rest);
  let printedFlag = leading?.[1] ?? null;
  if (leading) rest = rest.slice(leading[0].length);

  // A colon OCR read for the decimal separator, in the report's own separator.
  if (source === 'ocr' && convention?.decimal) rest = rest.replace(VALUE_WITH_COLON, `$1${convention.decimal}$2`);
  const valuePattern = source === 'ocr' ? /^([<>≤≥]=?)?\s*([0-9OolI|][0-9OolI|,.]*)(?=\s|$|[A-Za-z%/µ])/ : /^([<>≤≥]=?)?\s*(\d[\d,.]*)(?=\s|$|[A-Za-z%/µ])/;
  const valueMatch = valuePattern.exec(rest);
  if (!valueMatch) return source === 'ocr' ? lettersForValueRow(rest, keys) : { kind: 'skip' };
  const comparator = valueMatch[1] ? comparatorOf(valueMatch[1]) : undefined;
  if (valueMatch[1] && !comparator) return { kind: 'reject', reason: `unreadable sign "${valueMatch[1]}"` };
  const afterValue = rest.slice(valueMatch[0].length);
  // A result prints digits and, after a space, something other than a range: a limit, a guideline's range
  // ("5,7 - 6,4 %", "5,a7 - 6,4"), a word ("l.mite", "Hb|1c") or a speck alone ("Be 1.") names no test to type.
  const named = !comparator && /\d/.test(valueMatch[2] as string) && afterValue.trim() !== '' && !/^\p{L}/u.test(afterValue) && !RANGE_FOLLOWS.test(afterValue);
  const reject = (reason: string, names = namesOf(keys)): RowOutcome => (named && names.length > 0 ? { kind: 'reject', reason, names } : { kind: 'reject', reason });
  // A bar before the digits ("|2,78") is as often a table's rule as a "1": neither is guessed. With
  // a number after it ("Vitamina B1|2 498"), it ended the name.
  if (source === 'ocr' && /^[|Il][\d.,]/.test(valueMatch[2] as string)) return reject(`unreadable value "${valueMatch[2]}"`, /^\s*\d/.test(afterValue) ? [] : namesOf(keys));
  // Digits glued to what is no unit, the unit after it ("7D) g/dL" for 7,5 g/dL): the value was misread.
  if (source === 'ocr' && garbageBeforeUnit(afterValue, keys)) return reject(`unreadable value "${valueMatch[2]}${afterValue.split(/\s/)[0]}"`);
  // "8 600 /mm³" with its range too garbled to join: the digits after a space may be the value's (or a guideline's "30 100": not listed to type).
  if (source === 'ocr' && maySpaceGroup(valueMatch[2] as string, afterValue, convention)) return { kind: 'reject', reason: `OCR value "${valueMatch[2]}${afterValue.slice(0, 4)}" may be digits grouped by a space` };
  const valueToken = source === 'ocr' ? fixOcrDigits(valueMatch[2] as string) : (valueMatch[2] as string);
  const printed = convention ? readNumber(valueToken, convention) : parsePrintedNumber(valueToken);
  if (!printed) return reject(`unreadable value "${valueMatch[2]}"`);
  rest = afterValue.replace(EARLIER_RESULT, '$1 ');

  const range = extractRange(rest, source, convention);
  // A limit with no range after it is as often a guideline's row ("Vitamin D < 20 ng/mL deficient").
  if (comparator && !range) return { kind: 'reject', reason: 'limit (< or >) with no range printed' };
  const afterRange = range ? rest.slice(range.index + range.length).trim() : '';
  if (range) rest = rest.slice(0, range.index) + ' ' + rest.slice(range.index + range.length);

  const words = rest.split(/\s+/).filter((w) => w !== '');
  const isFlag = (word: string) => FLAG_PATTERN.test(word) && (word.length > 1 || /[A-Z*]/.test(word));
  printedFlag ??= words.find(isFlag)?.replace(/[()[\]]/g, '') ?? null;
  const unitWords = words.filter((word) => !isFlag(word));

  const candidates = keys.map(getMarker);
  const readUnit = resolveUnit(candidates, unitWords, source);
  // Digits glued to letters that are no unit ("2a Rh" for "24 mm/h") may be misread with them: no unit is guessed for them.
  const glued = /^\p{L}/u.test(afterValue);
  const resolved = readUnit ?? (source === 'ocr' && !glued ? unitFromRange(candidates, unitWords, printed, range) : null);
  if (!resolved) return reject(`unit "${unitWords.slice(0, 2).join(' ')}" not known for ${keys.join('/')}`, printsAUnit(unitWords[0] ?? '') ? namesOf(keys) : []);
  const { marker, unit, printedUnit } = resolved;

  const judged = judgeValue(marker, unit, printed, range, source, readUnit !== null);
  if (judged.kind === 'reject') return reject(judged.reason, [marker.name]);
  if (comparator && judged.implausible) return { kind: 'reject', reason: 'implausible limit' };
  const { value, low, high } = judged;
  const printedRange = judged.rangeUnread ? null : range;

  const loinc = pickLoinc(marker, unit.unit);
  const result: ExtractedBiomarker = {
    name: marker.name,
    loinc,
    value,
    ...(comparator ? { comparator } : {}),
    unit: printedUnit,
    canonicalValue: toCanonical(unit, value),
    canonicalUnit: marker.canonicalUnit,
    referenceRange: { low, high, text: printedRange?.text ?? null },
    flag: computeFlag(value, low, high, printedRange?.strict ?? false, comparator),
    printedFlag,
    ...(judged.implausible ? { implausible: true as const } : {}),
    ...(readUnit ? {} : { unitFromRange: true as const }),
  };
  if (source !== 'ocr') return { kind: 'ok', result };
  // OCR lost or changed a digit the lab's own flag gives away ("GGT 7 U/L <55 H" for 71).
  if (flagDisagrees(leading?.[1] ?? afterRange, result.flag)) return reject(`printed flag "${leading?.[1] ?? afterRange}" disagrees with the value`, [marker.name]);
  return { kind: 'ok', result, ocrValue: { token: valueToken, doubt: inDoubt(printed, valueToken, range, judged, convention) } };
}

/** A high or low flag printed before the value or last on the row, against the flag the value and range give. */
function flagDisagrees(printed: string, flag: BiomarkerFlag | null): boolean {
  const word = printed.replace(/^[([](.*)[)\]]$/, '$1');
  if (flag === null) return false;
  if (/^(?:HH?|High|HIGH|high)$/.test(word)) return flag !== 'high';
  if (/^(?:LL?|Low|LOW|low)$/.test(word)) return flag !== 'low';
  return false;
}

/** "Neutrófilos % 20.2 %" / "Neutrophils # 0.5": a sign after the name says which of the pair. */
function byPairSign(rest: string, keys: string[]): { rest: string; keys: string[] } {
  const pairSign = /^([%#])(?=[\s:=])/.exec(rest);
  if (!pairSign) return { rest, keys };
  const wanted = keys.filter((key) => (pairSign[1] === '%') === getMarker(key).units.some((u) => u.unit === '%'));
  return { rest: rest.slice(1).replace(/^\s*[:=]?\s*/, ''), keys: wanted.length > 0 ? wanted : keys };
}

const namesOf = (keys: string[]) => [...new Set(keys.map((key) => getMarker(key).name))];

/**
 * What failed where a unit should be is written like one, however misread ("mmol/Q"): a word
 * ("ausreichend"), a range ("- 100", "/- 6,4") or a number is a guideline's row, and another
 * test's unit read cleanly ("T4 16,3 pmol/l" for fT4) says the name was misread.
 */
function printsAUnit(word: string): boolean {
  return /^(?:[\p{L}%µ]|x?10\D)/iu.test(word) && /[/%^µ]/.test(word) && !CATALOGUE.some((marker) => findUnit(marker, word) !== null);
}

/** An OCR row with no digits where its value would be: its value made letters of, else no row. */
function lettersForValueRow(rest: string, keys: string[]): RowOutcome {
  if (!lettersForValue(rest, keys)) return { kind: 'skip' };
  const reason = `unreadable value "${rest.trim().split(/\s+/)[0]}", letters for digits`;
  // A limit ("<S20 ng/mL") names no result to type: it was printed as one.
  return /^\s*[<>≤≥]/.test(rest) ? { kind: 'reject', reason } : { kind: 'reject', reason, names: namesOf(keys) };
}

/** OCR made letters of the value ("HbAlc aa mmol/mol" for 44): one short word, then one of the test's units. */
function lettersForValue(rest: string, keys: string[]): boolean {
  const [word, unit] = rest.trim().split(/\s+/);
  return word !== undefined && unit !== undefined && word.length <= 4 && !FLAG_PATTERN.test(word) && isUnitOf(keys, unit);
}

/** Up to three digits, then a space and three more, in a report that prints decimal commas (and may group thousands by spaces). */
const maySpaceGroup = (digits: string, after: string, convention?: NumberConvention) => convention?.decimal === ',' && /^\d{1,3}$/.test(digits) && /^ \d{3}(?![\d.,])/.test(after);

/** What follows a value's digits: glued to them, a word that is neither unit nor flag, then a unit. */
function garbageBeforeUnit(after: string, keys: string[]): boolean {
  if (after === '' || /^\s/.test(after)) return false;
  const [glued, next] = after.split(/\s+/) as [string, string | undefined];
  return next !== undefined && !FLAG_PATTERN.test(glued) && !isUnitOf(keys, glued) && isUnitOf(keys, next);
}

const isUnitOf = (keys: string[], word: string) => keys.some((key) => findUnit(getMarker(key), word, { ocr: true }) !== null);

/**
 * An OCR value taken beside a range that lost its separators, or read with a separator the
 * report does not print: a glyph of the row was misread, and a digit of its value may have been.
 */
function inDoubt(printed: PrintedNumber, token: string, range: PrintedRange | null, judged: { low: number | null; high: number | null }, convention?: NumberConvention): boolean {
  const separator = printed.hadDecimalPoint ? /[.,](?=\d*$)/.exec(token)?.[0] : undefined;
  // A whole number inside a range printed with decimals: some labs print "5" by "4.5 - 5.5", but OCR also drops ",1" of "2,1".
  const wholeByDecimals = !printed.hadDecimalPoint && printsDecimals(range);
  return wholeByDecimals || rangeRepaired(range, judged.low, judged.high) || (separator !== undefined && convention?.decimal != null && separator !== convention.decimal);
}

/** The range printed its bounds with a decimal separator ("1,7-2,5", "< 5.0"). */
function printsDecimals(range: PrintedRange | null): boolean {
  return range !== null && (range.low ?? range.high) !== null && (range.low?.hadDecimalPoint ?? true) && (range.high?.hadDecimalPoint ?? true);
}

/** The range had to be read with separators OCR lost ("28-17,2" as 2.8-17.2). */
function rangeRepaired(range: PrintedRange | null, low: number | null, high: number | null): boolean {
  return range !== null && (low !== (range.low?.value ?? null) || high !== (range.high?.value ?? null));
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
const RANGE_PREFIX = '(?:(?:Ref(?:erence)?(?:\\s*(?:Range|Interval|Value))?|Bio\\.?\\s*Ref\\.?(?:\\s*Interval)?|Normal\\s*Range|Normal\\s*:)\\s*[:.]?\\s*)?';
/**
 * "3,5 - 5,1", "70 to 99", and as the languages we read write it: "70 a 99", "13,0 à 17,0", "de 22
 * a 322", "3,5 bis 5,1", "3,5 tot 5,1"; OCR drops the spaces around the word ("40,0a75,0",
 * "36,0 a48,0", "2,8bis 7,2"; "e" and "y" count only between spaces), reads a dash as two ("150 —-
 * 400") or with an equals sign ("3,5=-5,1"), and "to" as "t0" ("3.5t05.1").
 */
const TWO_SIDED = new RegExp(
  `${RANGE_PREFIX}(?:(?:de|entre|von|van|da|du|from|between)\\s+)?(?<![\\w.^/*])(${NUM})(?:\\s*(?:=?-{1,2}=?|t[o0])\\s*|\\s+(${RANGE_WORDS})\\s+|\\s*(a|à|al|bis|tot|and)\\s*)(${NUM})(?![\\w.]*[\\d])`,
  'i',
);
/** One-sided ranges, from the longest spelling: which side of the bound is in range, and whether the bound itself is out. */
const ONE_SIDED = [
  // "> OR = 60" is how some US labs print "≥ 60".
  { below: true, strict: false, words: `<=|≤|<\\s*OR\\s*=|up\\s*to|upto|till|até|ate|hasta|fino\\s+a|jusqu'?\\s*(?:à|a)|bis|tot` },
  { below: false, strict: false, words: `>=|≥|>\\s*OR\\s*=` },
  { below: true, strict: true, words: `<|less\\s+than|below|inf[ée]rieure?\\s+[àa]|inferiore?\\s+a|menor\\s+(?:que|de)|unter|kleiner\\s+als|(?:lager|kleiner)\\s+dan` },
  { below: false, strict: true, words: `>|more\\s+than|above|sup[ée]rieure?\\s+[àa]|superiore?\\s+a|(?:maior|mayor)\\s+(?:que|de)|über|ueber|gr(?:ö|oe)(?:ß|ss)er\\s+als|(?:hoger|groter)\\s+dan` },
].map(({ words, ...side }) => ({ ...side, pattern: new RegExp(`${RANGE_PREFIX}(?<![A-Za-z\\u00C0-\\u024F])(${words})\\s*(${NUM})`, 'i') }));

function extractRange(rest: string, source: LineSource, convention?: NumberConvention): PrintedRange | null {
  const read = (token: string) => {
    const fixed = source === 'ocr' ? fixOcrDigits(token) : token;
    return convention ? readNumber(fixed, convention) : parsePrintedNumber(fixed);
  };
  const m2 = TWO_SIDED.exec(rest);
  // A capital letter between two numbers is a flag ("14 A 12-16"), not "a" for "to"; a word after
  // two numbers is no range either ("10,0 2a 30,0": OCR read "à" as "2a").
  const word = m2?.[2] ?? m2?.[3];
  const twoSided = m2 && !(word && (/^[AEY]$/.test(word) || /(?:^|\s)[\d.,]*\d\s+$/.test(rest.slice(0, m2.index)))) ? m2 : null;
  const m1 = ONE_SIDED.map((side) => ({ side, match: side.pattern.exec(rest) })).reduce<{ side: (typeof ONE_SIDED)[number]; match: RegExpExecArray } | null>(
    (first, { side, match }) => (match && (!first || match.index < first.match.index) ? { side, match } : first),
    null,
  );
  if (twoSided && (!m1 || twoSided.index <= m1.match.index)) {
    const low = read(twoSided[1] as string);
    // A flag glued to the range ("150 - 400L") is read as a letter for a digit, and fails.
    const highToken = read(twoSided[4] as string) ? (twoSided[4] as string) : (twoSided[4] as string).replace(/(?<=\d)[LH]$/i, '');
    const high = read(highToken);
    if (!low || !high) return null;
    return { index: twoSided.index, length: twoSided[0].length, text: `${twoSided[1]} - ${highToken}`.replace(/\s+/g, ' '), low, high, strict: false };
  }
  if (m1) {
    const { side, match } = m1;
    const bound = read(match[2] as string);
    if (!bound) return null;
    const sign = (match[1] as string).replace(/\s+/g, ' ');
    return {
      index: match.index,
      length: match[0].length,
      text: `${/^[<>] ?or ?=$/i.test(sign) ? `${sign[0]}=` : sign} ${match[2]}`,
      low: side.below ? null : bound,
      high: side.below ? bound : null,
      strict: side.strict,
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

/**
 * An OCR unit misread past repair ("muUlL" for mUI/L, "10M" for 10^9/L) is the unit under which
 * the printed range, as printed, and the value sit near the usual ones, when only one unit (by
 * its factor) does. Units a factor of two or less apart both fit and so tell nothing; a unit
 * some marker is measured in was read, not mangled. Where no unit fits so, numbers printed whole
 * are also read at a tenth and a hundredth: OCR often loses separators with the unit.
 */
function unitFromRange(candidates: Marker[], unitWords: string[], printed: PrintedNumber, range: PrintedRange | null): { marker: Marker; unit: UnitDef; printedUnit: string } | null {
  if (!range || unitWords.length === 0 || CATALOGUE.some((marker) => findUnit(marker, unitWords[0] as string) !== null)) return null;
  const per = perVolume(unitWords[0] as string);
  const fittingUnits = (lostSeparators: boolean) =>
    candidates.flatMap((marker) =>
      marker.units.flatMap((unit) => {
        const spelling = [unit.unit, ...(unit.aliases ?? [])].find((u) => per === null || perVolume(u) === per);
        return unit.unit !== '' && spelling !== undefined && rowNearTypical(marker, unit, printed, range, lostSeparators) ? [{ marker, unit, printedUnit: spelling }] : [];
      }),
    );
  const withSeparatorsLost = fittingUnits(true);
  const asPrinted = fittingUnits(false);
  // As printed first; only where no unit fits so, with separators OCR may have lost with the unit.
  const fitting = asPrinted.length > 0 ? asPrinted : withSeparatorsLost;
  const [one] = fitting;
  if (!one || fitting.some((f) => f.marker !== one.marker || !sameScale(f.unit, one.unit, 1))) return null;
  // Nor when another unit fits with separators lost, unless a power of ten apart ("316" by "320-360": g/L, or g/dL at a tenth),
  // where both readings are one quantity: "64" by "40-56" is 64 mmol/mol, or 6,4 % by 4,0-5,6.
  if (withSeparatorsLost.some((f) => f.marker !== one.marker || ![1, 10, 100, 0.1, 0.01].some((ratio) => sameScale(f.unit, one.unit, ratio)))) return null;
  return one;
}

/** `a`'s factor is `ratio` times `b`'s, and they share any offset. */
function sameScale(a: UnitDef, b: UnitDef, ratio: number): boolean {
  return (a.offset ?? 0) === (b.offset ?? 0) && Math.abs(a.factor - b.factor * ratio) <= 1e-9 * Math.abs(a.factor);
}

/** The volume a unit is per, where OCR read it ("m/dL": per decilitre, so not mg/L; "ua/l": µg/L, not ng/mL). */
function perVolume(unit: string): string | null {
  // "gd", "mgd": g/dL and mg/dL with the slash or the "L" lost.
  if (/^[mnpuµμ]?g\/?d[lI1|]?$/i.test(unit)) return 'dl';
  return /\/\s*(dl|ml|l|ul|µl|μl)$/i.exec(unit)?.[1]?.toLowerCase().replace(/[µμ]/, 'u') ?? null;
}

/** A number printed whole may have lost its separator ("361" for 3,61): read also at a tenth and a hundredth. */
const scales = (printedWhole: boolean, lostSeparators: boolean) => (lostSeparators && printedWhole ? [1, 0.1, 0.01] : [1]);

/**
 * The range near the usual one, and the value near it too and not far outside that range, each
 * as printed or, with `lostSeparators`, at a tenth or a hundredth: "6.8" by "40-56" is HbA1c's
 * 6.8 % by 4.0-5.6, not 6.8 mmol/mol, a value six times under its range.
 */
function rowNearTypical(marker: Marker, unit: UnitDef, printed: PrintedNumber, range: PrintedRange, lostSeparators: boolean): boolean {
  const values = scales(!printed.hadDecimalPoint, lostSeparators)
    .map((scale) => printed.value * scale)
    .filter((value) => nearTypical(marker, unit, value));
  return rangeReadingsNearTypical(marker, unit, range, lostSeparators).some(({ low, high }) => values.some((value) => !farOutside(value, low, high)));
}

/**
 * The readings of the range with each bound within half as much again of the usual one, at
 * least one to compare. With `lostSeparators`, a bound printed whole may also be read at a tenth
 * or a hundredth, the bounds still in order ("270-330" for 27,0-33,0; "45-11" for 4,5-11).
 */
function rangeReadingsNearTypical(marker: Marker, unit: UnitDef, range: PrintedRange, lostSeparators: boolean): Array<{ low: number | null; high: number | null }> {
  const readings = (bound: PrintedNumber | null | undefined) => (bound ? scales(!bound.hadDecimalPoint, lostSeparators).map((scale) => bound.value * scale) : [null]);
  const near = (bound: number | null, usual: number | null) => (bound === null || bound === 0 || usual === null ? null : apart(unit, bound, usual) <= Math.log(1.5));
  return readings(range.low).flatMap((low) =>
    readings(range.high).flatMap((high) => {
      if (low !== null && high !== null && low > high) return [];
      const compared = [near(low, marker.typical[0]), near(high, marker.typical[1])].filter((fits) => fits !== null);
      return compared.length > 0 && compared.every(Boolean) ? [{ low, high }] : [];
    }),
  );
}

/** Under a fifth of the low bound or over five times the high one. */
const farOutside = (value: number, low: number | null, high: number | null) => (low !== null && value < low / 5) || (high !== null && value > high * 5);

function looksLikeUnit(word: string): boolean {
  return /[/%^*]|^(?:fl|pg|sec|s|iu|u|mg|g|ng|ug|mm)$/i.test(word) || /^(?:cumm|lakhs?|mill|million|calc)/i.test(word);
}

/** Keeps the unit as printed but cleans an OCR misreading to the unit it stands for. */
function tidyPrintedUnit(printed: string, unit: UnitDef, source: LineSource): string {
  // "(calc)": a unit in parentheses is printed without them.
  const cleaned = printed.replace(/^\(([^()]+)\)$/, '$1').replace(/^[^A-Za-z0-9%/µμ{[]+/, '').replace(/[.,;:'"`’‘]+$/, '');
  if (source !== 'ocr') return cleaned;
  const known = [unit.unit, ...(unit.aliases ?? [])].some((u) => u.toLowerCase() === cleaned.toLowerCase());
  return known ? cleaned : unit.unit;
}

/** `rangeUnread`: an OCR range too garbled to read, left out (the value is then in doubt: read again). */
type Judged = { kind: 'ok'; value: number; low: number | null; high: number | null; implausible?: true; rangeUnread?: true } | { kind: 'reject'; reason: string };

/**
 * Accepts the value as printed when plausible. OCR text gets one more chance: a dropped decimal
 * point is put back when exactly one reading is plausible and agrees with the printed range.
 */
function judgeValue(marker: Marker, unit: UnitDef, printed: PrintedNumber, range: PrintedRange | null, source: LineSource, unitPrinted: boolean): Judged {
  const plausible = (v: number) => {
    const c = toCanonical(unit, v);
    return c >= marker.plausible[0] && c <= marker.plausible[1];
  };
  const ranges = rangeReadings(marker, unit, range, source);
  if (range && ranges.length === 0) {
    // "150 000 —- 400 008": the value with its own unit needs no range; without one, the unit was told from the range.
    const alone = source === 'ocr' && unitPrinted ? judgeValue(marker, unit, printed, null, source, unitPrinted) : null;
    if (alone) return alone.kind === 'ok' ? { ...alone, rangeUnread: true } : alone;
    return { kind: 'reject', reason: `reference range "${range.text}" implausible for ${marker.name}` };
  }
  const chosenRange = ranges.length === 1 ? ranges[0] : null;
  if (range && !chosenRange) return { kind: 'reject', reason: `reference range "${range.text}" ambiguous after OCR repair` };
  const low = chosenRange?.low ?? null;
  const high = chosenRange?.high ?? null;

  // What was printed (or read) and no one can have is shown for the user to check, never dropped in silence.
  if (source === 'text') return plausible(printed.value) ? { kind: 'ok', value: printed.value, low, high } : { kind: 'ok', value: printed.value, low, high, implausible: true };

  // No one prints a whole number with a leading zero: "05" is "0,5" with its separator lost.
  if (/^0\d/.test(printed.digits) && !printed.hadDecimalPoint) {
    return { kind: 'reject', reason: `OCR value ${printed.digits} for ${marker.name} has lost its decimal separator` };
  }
  const inRange = (v: number) => (low === null || v >= low * 0.5) && (high === null || v <= high * 2);
  const repairs = printed.hadDecimalPoint ? [] : decimalInsertions(printed.digits).filter(plausible);
  // OCR may drop a decimal separator ("3,1" read "31"); with no printed range to tell, such a value is left out
  // unless it sits near the usual range and no reading with a separator falls inside it (glucose 104, not 10.4).
  if (!range && !plausible(printed.value)) return { kind: 'ok', value: printed.value, low, high, implausible: true };
  if (!range && repairs.length > 0 && !(nearTypical(marker, unit, printed.value) && !repairs.some((v) => withinTypical(marker, unit, v)))) {
    return { kind: 'reject', reason: `OCR value ${printed.value} for ${marker.name} may have lost its decimal separator` };
  }
  // A value with no separator whose range, given the separators it lacks, sits far nearer the
  // usual one ("31" by "<50" for CRP: "3,1" by "<5,0") may have lost its separator too: left out
  // when the value as read is one a person can have (else the repairs below settle it).
  if (range && decimalInsertions(printed.digits).length > 0 && !printed.hadDecimalPoint && plausible(printed.value) && rangeLostSeparators(marker, unit, range)) {
    return { kind: 'reject', reason: `OCR value ${printed.value} for ${marker.name} and its range may have lost their decimal separators` };
  }
  // A whole number beside a range printed with decimals ("45" by "4.0-10.0", "7" by "1.7-2.5"),
  // outside that range, most likely lost its separator or a digit with it: left out. So is a
  // single digit beside a range OCR lost the separators of ("2" by "64-83" for 7,2 by 6,4-8,3).
  const outsideRange = (low !== null && printed.value < low) || (high !== null && printed.value > high);
  const digitLostWithRange = rangeRepaired(range, low, high) && printed.digits.length === 1;
  if ((printsDecimals(range) || digitLostWithRange) && outsideRange && !printed.hadDecimalPoint) {
    return { kind: 'reject', reason: `OCR value ${printed.value} for ${marker.name} may have lost its decimal separator` };
  }
  // A range that had to be read with a separator OCR lost ("28-17,2") says the row's print was
  // not read cleanly: a whole value beside it may have lost one too.
  if (rangeRepaired(range, low, high) && !printed.hadDecimalPoint && plausible(printed.value) && decimalInsertions(printed.digits).length > 0) {
    return { kind: 'reject', reason: `OCR value ${printed.value} for ${marker.name} beside a misread range may have lost its decimal separator` };
  }
  if (plausible(printed.value) && !farOutside(printed.value, low, high)) return { kind: 'ok', value: printed.value, low, high };
  if (plausible(printed.value) && !repairs.some(inRange)) return { kind: 'ok', value: printed.value, low, high };
  const fitting = repairs.filter((v) => (chosenRange ? inRange(v) : true));
  if (fitting.length === 1 && !plausible(printed.value)) return { kind: 'ok', value: fitting[0] as number, low, high };
  if (!plausible(printed.value)) return { kind: 'ok', value: printed.value, low, high, implausible: true };
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
  // An OCR range far from the usual one may have lost its decimal separators along with its value ("2,8 - 7,2" read "28 - 72"),
  // and so may one that still overlaps it while a reading with separators sits far nearer ("< 50" for CRP's "< 5,0",
  // "0,40 - 400" for TSH's "0,40 - 4,00").
  const asPrintedFits = fits(asPrinted.low, asPrinted.high) && overlapsTypical(marker, unit, asPrinted.low, asPrinted.high) && !rangeLostSeparators(marker, unit, range);
  if (source === 'text' || asPrintedFits) return [asPrinted];
  const lows = range.low ? readingsOf(range.low) : [null];
  const highs = range.high ? readingsOf(range.high) : [null];
  const options: Array<{ low: number | null; high: number | null; score: number }> = [];
  for (const low of lows) {
    for (const high of highs) {
      if (!fits(low, high) || !boundsNearTypical(marker, unit, low, high)) continue;
      options.push({ low, high, score: overlapsTypical(marker, unit, low, high) ? 1 : 0 });
    }
  }
  const best = Math.max(...options.map((o) => o.score), 0);
  const candidates = options.filter((o) => o.score === best);
  if (candidates.length < 2) return candidates.map(({ low, high }) => ({ low, high }));
  // Several readings overlap the usual range ("07-13" as 0.7-13 or 0.7-1.3): one far nearer it than any other wins.
  const ranked = candidates
    .map(({ low, high }) => ({ low, high, distance: distanceFromTypical(marker, unit, low, high) }))
    .sort((a, b) => a.distance - b.distance);
  const [nearest, next] = ranked as [(typeof ranked)[number], (typeof ranked)[number]];
  return next.distance - nearest.distance > Math.log(3) ? [{ low: nearest.low, high: nearest.high }] : ranked.map(({ low, high }) => ({ low, high }));
}

/** Each bound within twice or half the usual one: a range read with separators OCR lost must land near it ("28 - 172" is not 2,8 - 17,2). */
function boundsNearTypical(marker: Marker, unit: UnitDef, low: number | null, high: number | null): boolean {
  return apart(unit, low, marker.typical[0]) <= Math.log(2) && apart(unit, high, marker.typical[1]) <= Math.log(2);
}

function withinTypical(marker: Marker, unit: UnitDef, value: number): boolean {
  const [tl, th] = marker.typical;
  const c = toCanonical(unit, value);
  return (tl === null || c >= tl) && (th === null || c <= th);
}

/** Within a factor of three of the usual range. */
function nearTypical(marker: Marker, unit: UnitDef, value: number): boolean {
  const [tl, th] = marker.typical;
  const c = toCanonical(unit, value);
  return (tl === null || c >= tl / 3) && (th === null || c <= th * 3);
}

/** How far a range's bounds sit from the usual ones, as the sum of their log ratios (a zero or open bound adds nothing). */
function distanceFromTypical(marker: Marker, unit: UnitDef, low: number | null, high: number | null): number {
  return apart(unit, low, marker.typical[0]) + apart(unit, high, marker.typical[1]);
}

/** How far a bound sits from the usual one, as a log ratio; a zero or open bound, or none usual, counts nothing. */
function apart(unit: UnitDef, value: number | null, typical: number | null | undefined): number {
  return value === null || value === 0 || !typical ? 0 : Math.abs(Math.log(toCanonical(unit, value) / typical));
}

/** A range whose bounds printed whole, read with separators, sit far nearer the usual range than as printed. */
function rangeLostSeparators(marker: Marker, unit: UnitDef, range: PrintedRange): boolean {
  const asPrinted = distanceFromTypical(marker, unit, range.low?.value ?? null, range.high?.value ?? null);
  const lows = range.low ? readingsOf(range.low) : [null];
  const highs = range.high ? readingsOf(range.high) : [null];
  const nearest = Math.min(...lows.flatMap((low) => highs.filter((high) => low === null || high === null || low <= high).map((high) => distanceFromTypical(marker, unit, low, high))));
  return nearest + Math.log(3) < asPrinted;
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

// ------------------------------------------------------------------ rows the catalogue does not know

/** Words that start lines of a report's frame, never a result's name. */
const NOT_A_RESULT = /\b(?:date|dated|age|page|tel|telephone|phone|fax|patient|pt|id|no|nr|number|sample|specimen|report|dob|birth|born|time|year|years|yrs|sex|gender|mrn|uhid|collected|received|printed|registered|reported|account|invoice|order|doctor|dr|physician|ref\.?\s*by|referred|reference|range|interval|units?|result|results|value|method|page|printed|barcode|lab|visit|room|bed|ward|height|weight|bmi|www|http|email|address|street|postcode|zip|fecha|datum|data|edad|alter|âge|età|idade|leeftijd|seite|página|pagina)\b/i;
const UNKNOWN_NAME = /^([A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F0-9 ()'’/,.+-]{1,60}?)\s*[:=]?\s+(?=[<>]?\s*\d)/;

/**
 * A row that reads like a result (a name, one number, a printed reference range, perhaps a unit
 * and a flag) but whose name matched nothing: kept as printed for the user to map or keep. The
 * printed range is required, so headers, dates and guideline tables ("Borderline 200 - 239")
 * are not taken for results.
 */
export function readUnrecognisedRow(rawText: string, source: LineSource, convention?: NumberConvention): UnrecognisedRow | null {
  const text = tidy(joinSpaceGroupedDigits(rawText, { fromTextLayer: source === 'text', ...(convention ? { convention } : {}) })).replace(SERIAL_PREFIX, '');
  const nameMatch = UNKNOWN_NAME.exec(text);
  if (!nameMatch) return null;
  const name = (nameMatch[1] as string).replace(/[\s:,.-]+$/, '').trim();
  const letters = name.replace(/[^A-Za-z\u00C0-\u024F]/g, '');
  if (letters.length < 3 || name.split(/\s+/).length > 8 || NOT_A_RESULT.test(name)) return null;
  let rest = text.slice(nameMatch[0].length);
  const valueMatch = /^(\d[\d,.]*)(?=\s|$|[A-Za-z%/µ])/.exec(rest);
  if (!valueMatch) return null;
  rest = rest.slice(valueMatch[0].length);
  // "200 - 239": the number opens a range, not a value.
  if (/^\s*(?:-|to)\s*\d/i.test(rest)) return null;
  const token = source === 'ocr' ? fixOcrDigits(valueMatch[1] as string) : (valueMatch[1] as string);
  const printed = convention ? readNumber(token, convention) : parsePrintedNumber(token);
  if (!printed) return null;
  const range = extractRange(rest, source, convention);
  if (!range) return null;
  const before = rest.slice(0, range.index).split(/\s+/).filter((w) => w !== '');
  let printedFlag: string | null = null;
  const unitWords: string[] = [];
  for (const word of [...before, ...rest.slice(range.index + range.length).split(/\s+/).filter((w) => w !== '')]) {
    if (FLAG_PATTERN.test(word) && (word.length > 1 || /[A-Z*]/.test(word))) printedFlag ??= word.replace(/[()[\]]/g, '');
    else if (unitWords.length === 0 && before.includes(word)) unitWords.push(word);
  }
  // Another number beside the range is another column: not a row we can read as one result.
  if (before.some((w) => /^\d/.test(w))) return null;
  const unit = (unitWords[0] ?? '').replace(/[.,;:]+$/, '').slice(0, 40);
  return {
    name,
    value: printed.value,
    unit,
    referenceRange: { low: range.low?.value ?? null, high: range.high?.value ?? null, text: range.text },
    printedFlag,
  };
}


function pickLoinc(marker: Marker, unit: string): string | null {
  const kind = unitKind(unit);
  return marker.loinc.find((l) => l.kind === 'any')?.code ?? marker.loinc.find((l) => l.kind === kind)?.code ?? null;
}

export { roundSignificant };
