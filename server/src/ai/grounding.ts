/**
 * Numbers in a model's answer that the user's data does not hold: stated after the answer so that
 * the reader checks them. A number counts as held when the data or the question states it, when
 * it is a difference or a percentage change of two held numbers, or when it is a small count.
 */

/** The numbers a text states, leaving out link targets, dates and names such as "D3", "B12", "Omega-3", "10³". */
export function numbersIn(text: string): string[] {
  const stripped = text
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/g, ' ')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ')
    .replace(/\p{L}-?\d+/gu, ' ')
    .replace(/×10\S*/g, ' ');
  return [...stripped.matchAll(/(?<![\p{L}\d.])\d[\d,]*(?:\.\d+)?(?![\p{L}\d])/gu)].map((match) => match[0].replace(/,/g, ''));
}

/** Counts of days, results or supplements: too common to flag. */
const LARGEST_COUNT = 31;
/** Pairs beyond this many held numbers are not derived (the check stays quick on a large context). */
const MAX_DERIVED = 300;

export function unheldNumbers(answer: string, sources: readonly string[]): string[] {
  const held = new Set<number>();
  for (const source of sources) for (const raw of source.match(/\d+(?:\.\d+)?/g) ?? []) held.add(Number(raw));
  const values = [...held].slice(0, MAX_DERIVED);
  const derived = new Set<number>();
  for (const a of values) {
    for (const b of values) {
      derived.add(Number(Math.abs(b - a).toFixed(2)));
      if (a !== 0) derived.add(Math.round(Math.abs((b - a) / a) * 1000) / 10);
    }
  }
  const unheld = numbersIn(answer).filter((raw) => {
    const value = Number(raw);
    return !held.has(value) && !derived.has(value) && !(Number.isInteger(value) && value <= LARGEST_COUNT);
  });
  return [...new Set(unheld)];
}

export function unheldNote(numbers: readonly string[]): string {
  return `_Check ${numbers.length === 1 ? 'this number' : 'these numbers'} against your records: ${numbers.join(', ')}. ${numbers.length === 1 ? 'It is' : 'They are'} not in your data, so the model may have made ${numbers.length === 1 ? 'it' : 'them'} up._`;
}
