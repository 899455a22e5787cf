import { parsePrintedNumber, type PrintedNumber } from './numbers.ts';

/**
 * A report's own number convention, decided once from its whole text. Most printed numbers
 * read one way only ("13,8" and "13.8" both have a decimal separator: a thousands separator is
 * followed by three digits). The ones that do not ("5,100", "1.025", "150.000") are read by the
 * convention of the report they are in, and left out when the report does not show one.
 */

export type NumberConvention = {
  /** The report's decimal separator, or null when its text does not tell. */
  decimal: '.' | ',' | null;
};

const DATE_OR_TIME = /\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}:\d{2}(?::\d{2})?\b/g;
const SINGLE_SEPARATOR = /(?<![\d.,])\d+([.,])(\d+)(?![\d]|[.,]\d)/g;
const BOTH_SEPARATORS = /(?<![\d.,])\d{1,3}(?:([.,])\d{3})+([.,])\d+(?![\d]|[.,]\d)/g;

/** Counts the numbers that can only be read one way; the separator they agree on is the decimal one. */
export function detectNumberConvention(texts: string[]): NumberConvention {
  let points = 0;
  let commas = 0;
  for (const raw of texts) {
    const text = raw.replace(DATE_OR_TIME, ' ');
    for (const m of text.matchAll(BOTH_SEPARATORS)) {
      if (m[1] === m[2]) continue;
      if (m[2] === '.') points++;
      else commas++;
    }
    for (const m of text.replace(BOTH_SEPARATORS, ' ').matchAll(SINGLE_SEPARATOR)) {
      if ((m[2] as string).length === 3) continue;
      if (m[1] === '.') points++;
      else commas++;
    }
  }
  // A stray number of the other kind (a version, an OCR slip) does not overturn a clear majority.
  if (commas > 0 && points * 4 <= commas) return { decimal: ',' };
  if (points > 0 && commas * 4 <= points) return { decimal: '.' };
  return { decimal: null };
}

/** A printed number read by the report's convention; null when it cannot be read with certainty. */
export function readNumber(raw: string, convention: NumberConvention): PrintedNumber | null {
  const s = raw.trim();
  const single = /^(\d+)([.,])(\d{3})$/.exec(s);
  if (single) {
    if (convention.decimal === null) return null;
    return parsePrintedNumber(single[2] === convention.decimal ? `${single[1]}.${single[3]}` : `${single[1]}${single[3]}`);
  }
  const grouped = /^\d{1,3}(?:([.,])\d{3}){2,}$/.exec(s);
  if (grouped) {
    if (convention.decimal === grouped[1]) return null;
    return parsePrintedNumber(s.replace(/[.,]/g, ''));
  }
  return parsePrintedNumber(s);
}

/**
 * Digits grouped by spaces, as French reports print thousands: "7 500" is one number. A no-break
 * space between groups always groups digits. A plain space does only in a text layer of a
 * decimal-comma report, inside one cell (cells are two spaces apart) or one side of a range.
 */
export function joinSpaceGroupedDigits(text: string, opts: { fromTextLayer: boolean; convention?: NumberConvention }): string {
  const joined = text.replace(/(?<![\d.,])\d{1,3}(?:[\u00a0\u202f]\d{3})+(?![\d])/g, (m) => m.replace(/[\u00a0\u202f]/g, ''));
  if (opts.convention?.decimal !== ',') return joined;
  if (!opts.fromTextLayer) return joinOcrSpaceGroups(joined);
  return joined.replace(new RegExp(String.raw`(?<=^|\s\s|[A-Za-zÀ-ÿ)]\s|[-–(<>≤≥]\s?)\d{1,3}(?: \d{3})+(?=$|\s\s|\s?[-–)]|\s(?:${RANGE_WORDS})\s)`, 'g'), (m) => m.replace(/ /g, ''));
}

/** The words that join a range's bounds in the languages we read ("70 a 99", "3,5 bis 5,1", "135 y 145"). */
export const RANGE_WORDS = 'to|a|à|al|bis|tot|e|y|and';

const GROUPED = String.raw`\d{1,3}(?: \d{3})+`;
// OCR reads the range's en dash as an em dash ("150 000 — 400 000").
const GROUPED_RANGE = new RegExp(String.raw`(?<![\dA-Za-z.,])${GROUPED}(?:\s?[-–—]\s?|\s(?:${RANGE_WORDS})\s)${GROUPED}(?![\d.,])`);

/**
 * OCR lines have no cells, and "140 135-145" is a value and a range: spaces group digits only on
 * a line whose range is printed grouped on both sides ("4 000-10 000"), in that range and in a
 * value after a word or a limit's sign and before a unit or a bracket ("5 500 /mm3", "> 13 000 /mm3").
 */
function joinOcrSpaceGroups(text: string): string {
  if (!GROUPED_RANGE.test(text)) return text;
  const unspace = (m: string) => m.replace(/ /g, '');
  return text
    .replace(new RegExp(GROUPED_RANGE.source, 'g'), unspace)
    .replace(new RegExp(String.raw`(?<=[A-Za-zÀ-ÿ)] |[<>≤≥] ?)${GROUPED}(?= +[^\d\s–-])`, 'g'), unspace);
}
