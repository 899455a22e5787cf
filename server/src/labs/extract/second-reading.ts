import type { ExtractedBiomarker } from '#contract/biomarkers.ts';
import type { PageBox } from './boxes.ts';
import { getMarker } from './catalogue.ts';
import { matchNameAtStart, stripNameTail } from './names.ts';
import { COLON_SEPARATED, fixOcrDigits } from './numbers.ts';
import type { LineReading } from './ocr.ts';
import { parseLines, type OcrValue, type TextLine } from './parser.ts';

/**
 * A second reading of doubtful OCR lines (issue 17). A row whose value lost its decimal
 * separator, or whose unit came out mangled, is left out by the parser; its line is read again
 * on its own, larger, as a single line. The new text is kept only when it adds results and
 * changes none: each added result is the rejected row's test, with the same digits in the same
 * order as the first reading (a separator may be supplied, never a digit), and plausible.
 * A whole value no one can have ("38" for potassium's "3,8") is read again the same way, and
 * gives way only to its own digits with a separator. A value OCR could not read ("aa" for 44)
 * supplies no digits to hold to: two of four more readings must print the same ones.
 * Rows taken in doubt are read again too, and left out when that reading gives other digits.
 * Last, every value is read once more in black and white, mended ones too: OCR can misread a
 * clean print the same way twice in grey ("2,27" read "2,21"), and the row is left out unless
 * other readings settle it; a value that holds a guess (a separator supplied) is left out when
 * that reading disputes it (decision 070).
 */

/**
 * Reads the parts of the page inside these boxes again, each as one line; `digits`: as numbers
 * only (tesseract told no letters are there); `stretch`: contrast stretched (ocr.ts lineImage);
 * null where nothing was read. A line is read with a margin above and below (withMargin), or
 * cut tight: at its box, stretched.
 */
export type LineReader = (boxes: PageBox[], how: LineReading) => Promise<Array<string | null>>;

/** Reasons a second reading may mend: a lost separator, an unknown unit. */
const MENDABLE = /decimal separator|^unit "|^OCR value .* implausible or ambiguous/;

/** `lost`: the parser thinks the separator was lost (else only the unit is in doubt, and the value must stay as read). */
type Doubt = { names: Set<string>; digits: string; decimals: number | null; lost: boolean; box: PageBox };

export async function readDoubtfulLinesAgain(lines: TextLine[], readLine: LineReader): Promise<TextLine[]> {
  const doubts: Doubt[] = [];
  const unreadable: Unreadable[] = [];
  const valuesRead: ValueRead[] = [];
  const first = parseLines(lines, {
    onReject: (text, reason, box) => {
      const doubt = box && MENDABLE.test(reason) ? doubtOf(text, box, !reason.startsWith('unit')) : null;
      if (doubt) doubts.push(doubt);
      const letters = box ? unreadableOf(text, reason, box) : null;
      if (letters) unreadable.push(letters);
    },
    onOcrValue: collectValues(valuesRead),
  });
  doubts.push(...first.results.flatMap(implausibleDoubt));
  const mendedLines = doubts.length === 0 ? lines : await mendDoubts(lines, doubts, first.results, readLine);
  const current = unreadable.length === 0 ? mendedLines : await readValuesAgain(mendedLines, unreadable, readLine);
  // A mended line may change how the page's other rows are read (its number convention): look again.
  const valuesNow = current === lines ? valuesRead : valuesOf(current);
  const mended = (i: number) => current[i] !== lines[i];
  const confirmed = await confirmDoubtfulValues(current, valuesNow.filter((v) => v.doubt), readLine, mended);
  return confirmEveryValue(confirmed, valuesNow, readLine, mended);
}

/** Doubtful rows' lines read again, in the ways described above, until a reading mends them. */
async function mendDoubts(lines: TextLine[], doubts: Doubt[], firstResults: ExtractedBiomarker[], readLine: LineReader): Promise<TextLine[]> {
  // The lines of a doubtful row (a stacked row's box holds its name's line too) that print its value.
  const printsValue = (line: TextLine, d: Doubt) => within(line.box as PageBox, d.box) && [...line.text.matchAll(NUMBER)].some((m) => digitsOf(m[0]) === d.digits);
  const candidates = lines.flatMap((line, i) => (line.box && doubts.some((d) => printsValue(line, d)) ? [i] : []));
  let current = lines;
  let results = firstResults;
  // Tries each text for line i in turn; keeps the first that only adds consistent results.
  const tryTexts = (i: number, texts: Array<string | null>): boolean => {
    for (const text of texts) {
      if (!text || text === (current[i] as TextLine).text) continue;
      const trial = current.map((l, j) => (j === i ? { ...l, text } : l));
      const next = parseLines(trial).results;
      if (onlyAddsConsistent(results, next, doubts)) {
        current = trial;
        results = next;
        return true;
      }
    }
    return false;
  };
  const doubtsOf = (i: number) => doubts.filter((d) => printsValue(lines[i] as TextLine, d));
  const boxOf = (i: number) => (lines[i] as TextLine).box as PageBox;
  const again = await readLine(candidates.map((i) => withMargin(boxOf(i), lines)), {});
  // The first reading with only the doubtful value taken from the second (its separator), else the second whole.
  const left = candidates.filter((i, k) => {
    const second = again[k]?.trim();
    return !second || !tryTexts(i, [...doubtsOf(i).map((d) => withValueFrom((lines[i] as TextLine).text, second, d)), second]);
  });
  // Still lost: the value read once more as digits only, then cut tight, and only its separator taken.
  let separatorLines = left.filter((i) => doubtsOf(i).some((d) => d.lost && d.decimals === null));
  const mendedFrom = (i: number, second: string | null | undefined) => (second?.trim() ? doubtsOf(i).map((d) => withValueFrom((lines[i] as TextLine).text, second.trim(), d)) : []);
  for (const how of [{ digits: true }, { stretch: true }]) {
    if (separatorLines.length === 0) break;
    const texts = await readLine(separatorLines.map((i) => (how.stretch ? boxOf(i) : withMargin(boxOf(i), lines))), how);
    separatorLines = separatorLines.filter((i, k) => !tryTexts(i, mendedFrom(i, texts[k])));
  }
  // Then cut tight a little higher, lower, shorter: which cut keeps a small separator varies from
  // line to line. Taken only when every cut that gives one puts it in the same place. Last, the
  // same cuts and its own in black and white, where a shaded cell hid the separator.
  const agreed = async (cuts: Array<(box: PageBox) => PageBox>, how: LineReading) => {
    const readings = await Promise.all(cuts.map((cut) => readLine(separatorLines.map((i) => cut(boxOf(i))), how)));
    separatorLines = separatorLines.filter((i, k) => {
      const mended = readings.flatMap((texts) => mendedFrom(i, texts[k])).filter((text): text is string => text !== null);
      return !(new Set(mended.map((text) => text.replace(/,/g, '.'))).size === 1 && tryTexts(i, mended.slice(0, 1)));
    });
  };
  if (separatorLines.length > 0) await agreed(CUTS, { stretch: true });
  if (separatorLines.length > 0) await agreed([(box) => box, ...CUTS], { binarise: true });
  return current;
}

/**
 * A row whose value OCR could not read: made letters of ("aa mmol/mol"), a speck beside it
 * ("13,1."), or glued to a bar ("|214"): `digits`, those it printed after the bar (the value must
 * keep them), else null.
 */
type Unreadable = { names: Set<string>; digits: string | null; box: PageBox };

function unreadableOf(text: string, reason: string, box: PageBox): Unreadable | null {
  const [, token] = /^unreadable value "(.*)"(, letters for digits)?$/.exec(reason) ?? [];
  const barred = token !== undefined && /^[|Il]\d/.test(token);
  const name = token !== undefined ? matchNameAtStart(text, { ocr: true }) : null;
  if (!name) return null;
  return { names: new Set(name.keys.map((key) => getMarker(key).name)), digits: barred ? digitsOf((token as string).slice(1)) : null, box };
}

/**
 * Rows whose value was unreadable, read again four ways: with a margin and cut tight (stretched),
 * each also in black and white ("47" read "a7" and "a" in grey). A row is taken only when two
 * readings print a clean number with the same digits where its value is, more than print any
 * other digits (one may have lost the separator), and one of them adds it with those digits and
 * changes nothing else.
 */
async function readValuesAgain(lines: TextLine[], unreadable: Unreadable[], readLine: LineReader): Promise<TextLine[]> {
  const targets = unreadable.flatMap((u) => {
    const i = lines.findIndex((line) => line.box && within(line.box, u.box));
    return i === -1 ? [] : [{ i, u }];
  });
  const boxes = targets.map((t) => (lines[t.i] as TextLine).box as PageBox);
  const margins = boxes.map((box) => withMargin(box, lines));
  const readings = await Promise.all([readLine(margins, {}), readLine(boxes, { stretch: true }), readLine(boxes, { binarise: true }), readLine(margins, { binarise: true })]);
  let current = lines;
  targets.forEach(({ i, u }, k) => {
    const texts = readings.map((texts) => texts[k] ?? null);
    const digits = agreedValueDigits(texts);
    if (digits === null || (u.digits !== null && u.digits !== digits)) return;
    // The digits the readings agree on, held to as a lost separator's are.
    const doubt: Doubt = { names: u.names, digits, decimals: null, lost: true, box: u.box };
    const before = parseLines(current).results;
    const withText = (text: string) => current.map((l, j) => (j === i ? { ...l, text } : l));
    const text = texts.find((reading) => reading && cleanValueDigits(reading) === digits && onlyAddsConsistent(before, parseLines(withText(reading)).results, [doubt]));
    if (text) current = withText(text);
  });
  return current;
}

/** The digits two or more readings print as a clean value, when more readings print them than any others; else null. */
function agreedValueDigits(texts: Array<string | null>): string | null {
  const votes = new Map<string, number>();
  for (const digits of texts.map(cleanValueDigits)) if (digits !== null) votes.set(digits, (votes.get(digits) ?? 0) + 1);
  const [first, second] = [...votes].sort((a, b) => b[1] - a[1]);
  return first && first[1] >= 2 && (!second || second[1] < first[1]) ? first[0] : null;
}

/** The digits of the word after a reading's test name when it is a number alone ("44", not "a4": a letter there may be a digit). */
function cleanValueDigits(text: string | null): string | null {
  const word = afterName(text)?.replace(/^[\s|:=()]+/, '').split(/\s/)[0]?.replace(/[|.,;:)]+$/, '');
  return word !== undefined && /^[<>]?\d(?:[\d.,]*\d)?$/.test(word) ? digitsOf(word) : null;
}

/** The digits of the first number after a reading's test name; null when it prints none. */
function valueDigits(text: string | null | undefined): string | null {
  const token = /\d(?:[\d.,]*\d)?/.exec(afterName(text) ?? '')?.[0];
  return token === undefined ? null : digitsOf(token);
}

/** What a reading prints after its test's name and what may follow one ("GOT (AST)"); null when it names no test. */
function afterName(text: string | null | undefined): string | null {
  const row = text?.replace(/^[^\p{L}]+/u, '') ?? '';
  const name = matchNameAtStart(row, { ocr: true });
  return name ? stripNameTail(row.slice(name.end), name.keys, 'ocr') : null;
}

/**
 * The box with a quarter of its height above and below, but never into a line above or below it
 * that it overlaps across: the top strokes of the next line make tesseract misread a whole line.
 */
export function withMargin(box: PageBox, lines: TextLine[]): PageBox {
  const middle = box.y + box.height / 2;
  let top = Math.max(0, box.y - box.height / 4);
  let bottom = Math.min(1, box.y + box.height * 1.25);
  for (const { box: other } of lines) {
    if (!other || other.x >= box.x + box.width || other.x + other.width <= box.x) continue;
    if (other.y + other.height <= middle) top = Math.max(top, Math.min(other.y + other.height, box.y));
    else if (other.y >= middle) bottom = Math.min(bottom, Math.max(other.y, box.y + box.height));
  }
  return { ...box, y: top, height: bottom - top };
}

/** Cuts of a line's box other than its own: its top and bottom moved by parts of its height. */
const CUTS = [
  [-0.25, 0.25],
  [0.1, -0.1],
  [0.2, -0.1],
].map(([top, bottom]) => (box: PageBox): PageBox => ({ ...box, y: box.y + top! * box.height, height: box.height * (1 - top! + bottom!) }));

/** An OCR row taken: the digits of its value as read, where it was read, and whether it was taken in doubt. */
type ValueRead = { digits: string; box: PageBox; doubt: boolean };

const collectValues = (into: ValueRead[]) => (value: OcrValue, box?: PageBox) => {
  if (box) into.push({ digits: digitsOf(value.token), box, doubt: value.doubt });
};

function valuesOf(lines: TextLine[]): ValueRead[] {
  const values: ValueRead[] = [];
  parseLines(lines, { onOcrValue: collectValues(values) });
  return values;
}

/** The lines that print these values (a stacked row's box holds its name's line too), with the value's digits; none `skip` names. */
function linesPrinting(lines: TextLine[], values: ValueRead[], skip: (i: number) => boolean): Array<{ i: number; digits: string; doubt: boolean }> {
  return lines.flatMap((line, i) => {
    const value = skip(i) ? undefined : values.find((v) => line.box && within(line.box, v.box) && numbersOf(line.text).some((n) => digitsOf(n) === v.digits));
    return value ? [{ i, digits: value.digits, doubt: value.doubt }] : [];
  });
}

/**
 * Rows the parser took in doubt (a range that lost its separators, a separator the report does
 * not print) read once more: a line whose second reading gives the value other digits is read a
 * third time, cut tight, and unless that reading gives the first one's digits and value it is
 * marked misread, and its rows are left out rather than either reading guessed right. A line
 * whose second reading says nothing is read cut tight too, and marked misread when that reading
 * gives the value other digits. `mended`: a line already taken from a second reading with the
 * first one's digits, read twice alike.
 */
async function confirmDoubtfulValues(lines: TextLine[], doubts: ValueRead[], readLine: LineReader, mended: (i: number) => boolean): Promise<TextLine[]> {
  const targets = linesPrinting(lines, doubts, mended);
  if (targets.length === 0) return lines;
  const boxesOf = (ts: typeof targets) => ts.map((t) => (lines[t.i] as TextLine).box as PageBox);
  const textOf = (t: (typeof targets)[number]) => (lines[t.i] as TextLine).text;
  const again = await readLine(boxesOf(targets).map((box) => withMargin(box, lines)), {});
  const disputed = targets.filter((t, k) => contradicts(textOf(t), again[k] ?? null, t.digits));
  // A second reading that lost or gained a number says nothing; the third, cut tight, may still dispute the value.
  const unread = targets.filter((t, k) => numbersOf(again[k] ?? '').length !== numbersOf(textOf(t)).length);
  if (disputed.length + unread.length === 0) return lines;
  const third = await readLine(boxesOf([...disputed, ...unread]), { stretch: true });
  const results = parseLines(lines).results;
  const misread = new Set(
    [
      ...disputed.filter((t, k) => !confirms(lines, results, t, third[k] ?? null)),
      ...unread.filter((t, k) => contradicts(textOf(t), third[disputed.length + k] ?? null, t.digits)),
    ].map((t) => t.i),
  );
  return misread.size === 0 ? lines : lines.map((line, i) => (misread.has(i) ? { ...line, misread: true as const } : line));
}

/**
 * Every value's line not left out, read once more in black and white, where grey readings repeat
 * a misread ("2,27" read "2,21" plain, cut tight and as digits). When that reading disputes the
 * value, two more, plain and stretched, settle it: the line is marked misread unless one gives
 * the first reading's digits and neither disputes them. A value mended from a second reading
 * (`mended`) or taken in doubt holds a guess already (a separator supplied to digits grey readings
 * repeat): disputed, it is marked misread.
 */
async function confirmEveryValue(lines: TextLine[], values: ValueRead[], readLine: LineReader, mended: (i: number) => boolean): Promise<TextLine[]> {
  const targets = linesPrinting(lines, values, (i) => (lines[i] as TextLine).misread === true);
  if (targets.length === 0) return lines;
  const marginOf = (t: (typeof targets)[number]) => withMargin((lines[t.i] as TextLine).box as PageBox, lines);
  const inPlace = (t: (typeof targets)[number], reading: string | null | undefined) => digitsInPlace((lines[t.i] as TextLine).text, reading ?? null, t.digits);
  const binary = await readLine(targets.map(marginOf), { binarise: true });
  const guessed = (t: (typeof targets)[number]) => t.doubt || mended(t.i);
  const disputed = targets.filter((t, k) => {
    const place = inPlace(t, binary[k]);
    return place === 'other' || (place === 'nothing' && guessed(t) && valueAfterName((lines[t.i] as TextLine).text, binary[k] ?? null, t.digits) === 'other');
  });
  if (disputed.length === 0) return lines;
  const toSettle = disputed.filter((t) => !guessed(t));
  const boxes = toSettle.map(marginOf);
  const checks = toSettle.length === 0 ? [] : [await readLine(boxes, {}), await readLine(boxes, { stretch: true })];
  const settled = (t: (typeof targets)[number], k: number) => {
    const readings = checks.map((texts) => inPlace(t, texts[k]));
    return readings.includes('same') && !readings.includes('other');
  };
  const misread = new Set([...disputed.filter(guessed), ...toSettle.filter((t, k) => !settled(t, k))].map((t) => t.i));
  return misread.size === 0 ? lines : lines.map((line, i) => (misread.has(i) ? { ...line, misread: true as const } : line));
}

/**
 * What a reading prints in the value's place (the first reading's number with these digits):
 * the same digits, other ones (as many or more: a digit the first reading missed), or nothing
 * to go by (more or fewer numbers on the line, or digits lost: "79" read "’9").
 */
function digitsInPlace(first: string, reading: string | null, digits: string): 'same' | 'other' | 'nothing' {
  const pair = numbersInPlace(first, reading, digits);
  if (!pair) return 'nothing';
  return compareDigits(digits, digitsOf(pair[1]));
}

/**
 * The first number after the test's name in another reading that prints more numbers, a range
 * the first reading glued split apart ("27,0330" read "270-330"), when the first reading's is the
 * one with these digits. A reading with fewer numbers may have lost the value: it says nothing.
 */
function valueAfterName(first: string, reading: string | null, digits: string): 'same' | 'other' | 'nothing' {
  if (valueDigits(first) !== digits || numbersOf(reading ?? '').length <= numbersOf(first).length) return 'nothing';
  const other = valueDigits(reading);
  return other === null ? 'nothing' : compareDigits(digits, other);
}

/**
 * Another reading's digits against the first's: the same, other ones (as many or more, or fewer
 * that the first's do not hold in order: "340" read "31"), or digits lost, which say nothing
 * unless the one lost is a leading "1": a table's border glued to the value ("|2,27" read
 * "1227", then "227").
 */
function compareDigits(digits: string, other: string): 'same' | 'other' | 'nothing' {
  if (other === digits) return 'same';
  return other.length >= digits.length || digits === `1${other}` || !holdsInOrder(digits, other) ? 'other' : 'nothing';
}

/** Whether `part`'s digits appear in `whole` in the same order ("79" holds "9"; "340" not "31"). */
function holdsInOrder(whole: string, part: string): boolean {
  let at = 0;
  for (const digit of part) {
    at = whole.indexOf(digit, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * The first reading's number with these digits, and the number another reading prints in its
 * place; null when there is no such number, or the readings print more or fewer numbers.
 */
function numbersInPlace(first: string, reading: string | null, digits: string): [string, string] | null {
  const before = numbersOf(first);
  const after = numbersOf(reading ?? '');
  const at = before.findIndex((n) => digitsOf(n) === digits);
  return at === -1 || before.length !== after.length ? null : [before[at] as string, after[at] as string];
}

/**
 * A third reading of line `target.i` that breaks a tie for a first reading whose value printed no
 * separator (the parser supplied one): in the value's place the first reading's digits printed as
 * the value taken ("75" taken as 7.5 beside "75-100", read again "1.5", then "7,5"), and every
 * result of the page read with it as first read.
 */
function confirms(lines: TextLine[], results: ExtractedBiomarker[], target: { i: number; digits: string }, third: string | null): boolean {
  if (!third) return false;
  const line = lines[target.i] as TextLine;
  const pair = numbersInPlace(line.text, third, target.digits);
  // A first reading that printed its separator and is merely read alike again proves nothing: OCR repeats itself.
  if (!pair || /[.,]/.test(pair[0])) return false;
  const value = literalValue(pair[1]);
  if (value === null || !results.some((r) => r.box && within(line.box as PageBox, r.box) && r.value === value)) return false;
  const next = parseLines(lines.map((l, j) => (j === target.i ? { ...l, text: third } : l))).results;
  return next.length === results.length && results.every((r) => next.some((n) => same(n, r) && n.implausible === r.implausible));
}

/** The number a token prints as it stands ("7,5" 7.5, "75" 75); null for more than one separator. */
function literalValue(token: string): number | null {
  const fixed = fixOcrDigits(token);
  return /^\d+(?:[.,]\d+)?$/.test(fixed) ? Number(fixed.replace(',', '.')) : null;
}

/**
 * The numbers of a line; digits glued to a letter ("HbA1c", OCR's "HbAlc" read again "HbA1lc"; "C234" for "2,34") are none.
 * A colon between digits before a unit is a separator OCR misread ("1:1 ng/mL"), as the parser takes it.
 */
const NUMBERS = new RegExp(`(?<![A-Za-z\\d])(?:${COLON_SEPARATED.source}|\\d(?:[\\d.,]*\\d)?)`, 'g');
const numbersOf = (text: string) => text.match(NUMBERS) ?? [];

/**
 * A second reading with as many numbers as the first, whose number in the value's place has as
 * many digits and other ones ("8.2" read again "52"); or prints a separator, with other digits
 * before it ("3.7" read again "31,7") or where the first printed none ("538" read again "5.8";
 * "2" read again "2,1": the first reading lost its decimals). A reading that lost or gained a
 * number or a digit otherwise ("49" read again "3", "8.2" read again "8.25") is no reading of the
 * value at all, and says nothing.
 */
export function contradicts(first: string, second: string | null, digits: string): boolean {
  const pair = numbersInPlace(first, second, digits);
  if (!pair) return false;
  const other = digitsOf(pair[1]);
  const [firstWhole, firstDecimals] = fixOcrDigits(pair[0]).split(/[.,]/);
  const [secondWhole, secondDecimals] = fixOcrDigits(pair[1]).split(/[.,]/);
  // A separator read where the first reading had none, or other digits before it: the number was read whole.
  const readWhole = secondDecimals !== undefined && (firstDecimals === undefined || secondWhole !== firstWhole);
  return other !== digits && (other.length === digits.length || readWhole);
}

/** An OCR value kept as implausible and printed whole most likely lost its separator. */
function implausibleDoubt(result: ExtractedBiomarker): Doubt[] {
  if (!result.implausible || !result.box || !Number.isInteger(result.value)) return [];
  return [{ names: new Set([result.name]), digits: String(result.value), decimals: null, lost: true, box: result.box }];
}

/** The rejected row's test (every marker its name may be) and the digits of its value as first read. */
function doubtOf(text: string, box: PageBox, lost: boolean): Doubt | null {
  const name = matchNameAtStart(text, { ocr: true });
  if (!name) return null;
  const token = /[0-9OolI|][0-9OolI|,.]*/.exec(text.slice(name.end))?.[0];
  if (!token) return null;
  const fixed = fixOcrDigits(token).replace(/[.,]+$/, '');
  if (!/^[\d.,]+$/.test(fixed)) return null;
  const separator = fixed.search(/[.,]\d*$/);
  return {
    names: new Set(name.keys.map((key) => getMarker(key).name)),
    digits: fixed.replace(/\D/g, ''),
    decimals: separator === -1 ? null : fixed.length - separator - 1,
    lost,
    box,
  };
}

const NUMBER = /[0-9OolI|](?:[0-9OolI|.,]*[0-9OolI|])?/g;
const digitsOf = (token: string) => fixOcrDigits(token).replace(/\D/g, '');

/** The doubtful value's token in `first` (its digits, no separator) swapped for the second reading's (same digits, one separator); null unless each is the only one. */
function withValueFrom(first: string, second: string, doubt: Doubt): string | null {
  if (!doubt.lost || doubt.decimals !== null) return null;
  const old = [...first.matchAll(NUMBER)].filter((m) => /^\d+$/.test(fixOcrDigits(m[0])) && digitsOf(m[0]) === doubt.digits);
  const mended = [...second.matchAll(NUMBER)].filter((m) => /^\d+[.,]\d+$/.test(fixOcrDigits(m[0])) && digitsOf(m[0]) === doubt.digits);
  if (old.length !== 1 || mended.length !== 1) return null;
  const at = old[0]!.index;
  return `${first.slice(0, at)}${fixOcrDigits(mended[0]![0])}${first.slice(at + old[0]![0].length)}`;
}

/** `inner` lies within `outer` (a joined row's box holds each of its lines' boxes). */
function within(inner: PageBox, outer: PageBox): boolean {
  const slack = 0.002;
  return inner.page === outer.page && inner.x >= outer.x - slack && inner.y >= outer.y - slack && inner.x + inner.width <= outer.x + outer.width + slack && inner.y + inner.height <= outer.y + outer.height + slack;
}

const same = (a: ExtractedBiomarker, b: ExtractedBiomarker) => a.name === b.name && a.value === b.value && a.unit === b.unit && a.canonicalValue === b.canonicalValue;

/**
 * The second reading only adds results for the doubtful rows, with their first reading's digits;
 * the one result it may take away is one kept as implausible, for its test read so.
 */
function onlyAddsConsistent(before: ExtractedBiomarker[], after: ExtractedBiomarker[], doubts: Doubt[]): boolean {
  const mends = (a: ExtractedBiomarker) => !a.implausible && doubts.some((d) => d.names.has(a.name) && sameDigits(a.value, d));
  const replaced = before.filter((b) => !after.some((a) => same(a, b)));
  if (!replaced.every((b) => b.implausible && after.some((a) => a.name === b.name && mends(a)))) return false;
  const added = after.filter((a) => !before.some((b) => same(a, b)));
  return added.length > 0 && added.every((a) => mends(a) && !before.some((b) => b.name === a.name && !replaced.includes(b)));
}

/**
 * The value printed with the first reading's digits: "45" read again as 4.5, "05" as 0.5, "450"
 * as 4.50 when the separator was lost; never "5" as 0.05 (a digit more), "4,5" as 45 (a separator
 * moved) nor "88" as 8.8 when only the unit was in doubt.
 */
export function sameDigits(value: number, doubt: Pick<Doubt, 'digits' | 'decimals' | 'lost'>): boolean {
  // Three digits after the one separator may be thousands ("1.234" read as 1234).
  const places = doubt.decimals !== null ? [doubt.decimals, ...(doubt.decimals === 3 ? [0] : [])] : doubt.lost ? [0, 1, 2, 3] : [0];
  return places.some((k) => value.toFixed(k).replace(/\D/g, '') === doubt.digits && Math.abs(Number(value.toFixed(k)) - value) < 1e-9);
}
