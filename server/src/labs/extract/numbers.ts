/** A number as printed, with what the parser needs to judge OCR repairs. */
export type PrintedNumber = {
  value: number;
  /** The digits as printed, without separators ("3.50" gives "350"). */
  digits: string;
  /** Digits after the decimal separator (0 when none was printed). */
  decimals: number;
  hadDecimalPoint: boolean;
};

/** OCR reads a small decimal separator as a colon ("5:1 mg/dL"); a ratio ("2:1") has no unit after it. */
export const COLON_SEPARATED = /(\d{1,3}):(\d{1,2})(?=\s+[A-Za-zµ%/])/;

/** Letters OCR reads in place of digits; applied only inside tokens that are mostly digits. */
const OCR_DIGITS: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', l: '1', I: '1', '|': '1', i: '1', S: '5', s: '5', B: '8', Z: '2', z: '2' };

/** Replaces OCR look-alike letters when the token is otherwise numeric ("1O.5" gives "10.5"). */
export function fixOcrDigits(token: string): string {
  const digitCount = (token.match(/\d/g) ?? []).length;
  const lookalikes = [...token].filter((ch) => ch in OCR_DIGITS).length;
  if (digitCount === 0 || lookalikes === 0 || lookalikes > digitCount) return token;
  const fixed = [...token].map((ch) => OCR_DIGITS[ch] ?? ch).join('');
  return /^[\d.,]+$/.test(fixed) ? fixed : token;
}

/**
 * Parses a printed number. A comma followed by exactly three digits is a thousands separator
 * ("5,100", "1,50,000" in Indian grouping); any other single comma is a decimal comma ("11,5").
 * Returns null for anything that is not a plain non-negative number.
 */
export function parsePrintedNumber(raw: string): PrintedNumber | null {
  const s = raw.trim();
  if (!/^\d[\d,.]*$/.test(s) || /[.,]$/.test(s)) return null;
  let normalised: string;
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  if (commas === 0) {
    if (dots > 1) return null;
    normalised = s;
  } else if (dots === 0) {
    const groups = s.split(',');
    const thousands = groups.slice(1).every((g) => g.length === 3) || isIndianGrouping(groups);
    if (thousands) normalised = groups.join('');
    else if (commas === 1) normalised = s.replace(',', '.');
    else return null;
  } else {
    // Both present: the last one is the decimal separator.
    const lastDot = s.lastIndexOf('.');
    const lastComma = s.lastIndexOf(',');
    if (lastDot > lastComma) {
      if (!s.slice(0, lastDot).split(',').slice(1).every((g) => g.length === 3)) return null;
      normalised = s.replace(/,/g, '');
    } else {
      if (!s.slice(0, lastComma).split('.').slice(1).every((g) => g.length === 3)) return null;
      normalised = s.replace(/\./g, '').replace(',', '.');
    }
  }
  const value = Number(normalised);
  if (!Number.isFinite(value)) return null;
  const point = normalised.indexOf('.');
  return {
    value,
    digits: normalised.replace('.', ''),
    decimals: point === -1 ? 0 : normalised.length - point - 1,
    hadDecimalPoint: point !== -1,
  };
}

/** 1,50,000 style grouping: last group of 3, earlier groups of 2. */
function isIndianGrouping(groups: string[]): boolean {
  if (groups.length < 3) return false;
  const last = groups[groups.length - 1] as string;
  return last.length === 3 && groups.slice(1, -1).every((g) => g.length === 2);
}

/** Every reading of a digit string with one decimal point put back ("315" gives 31.5 and 3.15). */
export function decimalInsertions(digits: string): number[] {
  const out: number[] = [];
  for (let i = 1; i < digits.length; i++) {
    const candidate = Number(`${digits.slice(0, i)}.${digits.slice(i)}`);
    if (digits[0] === '0' && i > 1) continue;
    out.push(candidate);
  }
  return out;
}
