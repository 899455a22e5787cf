import type { BIOMARKER_FLAGS, ValueComparator } from './biomarker-lists.ts';

type BiomarkerFlag = (typeof BIOMARKER_FLAGS)[number];

/** Lab values shared by the server and the web, zod-free: a limit's sign, and where a value stands. */

const SPELLINGS: Record<string, ValueComparator> = { '<': '<', '<=': '<=', '≤': '<=', '>': '>', '>=': '>=', '≥': '>=' };

/** A limit's sign as reports print it: "≤" and "≥" rather than FHIR's "<=" and ">=". */
export const LIMIT_SIGNS: Record<ValueComparator, string> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥' };

/** A number's text with the sign of a limit before it ("< 0.5"); the text alone for an exact value. */
export function withLimitSign(number: string, comparator: ValueComparator | null): string {
  return comparator ? `${LIMIT_SIGNS[comparator]} ${number}` : number;
}

/** The comparator a sign spells, as labs print it and users type it ("≤" is "<="); undefined for anything else. */
export function comparatorOf(sign: string): ValueComparator | undefined {
  return SPELLINGS[sign];
}

/** A value as printed or typed, split into the sign of a limit before it, if any, and the rest ("< 0,5": "<" and "0,5"). */
export function splitLimitSign(text: string): { comparator: ValueComparator | null; number: string } {
  const sign = /^\s*(<=|>=|<|>|≤|≥)\s*/.exec(text);
  return sign ? { comparator: SPELLINGS[sign[1] as string] as ValueComparator, number: text.slice(sign[0].length) } : { comparator: null, number: text };
}

/**
 * Where a value stands against its reference range (`strict`: the range's ends are outside it, as
 * in "< 200"), so that the web judges a point as the server flags a result.
 * A limit ("< 0.5") is flagged only where every value it allows falls the same way: "< 0.5" by
 * "1.0 - 5.0" is low, by "0 - 5" normal (no result is negative), by "0.3 - 5" unknown.
 */
export function computeFlag(value: number, low: number | null, high: number | null, strict: boolean, comparator?: ValueComparator | null): BiomarkerFlag | null {
  if (low === null && high === null) return null;
  if (comparator === '<' || comparator === '<=') {
    if (low !== null && (comparator === '<' || strict ? value <= low : value < low)) return 'low';
    return (low === null || low <= 0) && high !== null && value <= high ? 'normal' : null;
  }
  if (comparator === '>' || comparator === '>=') {
    if (high !== null && (comparator === '>' || strict ? value >= high : value > high)) return 'high';
    return high === null && low !== null && value >= low ? 'normal' : null;
  }
  if (low !== null && (strict ? value <= low : value < low)) return 'low';
  if (high !== null && (strict ? value >= high : value > high)) return 'high';
  return 'normal';
}
