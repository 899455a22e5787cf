import { citationHref, type CitationTarget } from '#contract/assistant.ts';
import type { ValueComparator } from '#contract/biomarkers.ts';
import { withLimitSign } from '#contract/lab-values.ts';

/** "Mar 2, 2025" for a local day `yyyy-MM-dd` (the day itself, no time zone involved). */
export function formatDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** A stored value as it is: no rounding that could change what the report said. */
export function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12)));
}

/** A derived number (an average, a change): one decimal at most. */
export function formatDerived(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

const SUPERSCRIPTS: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };

/** Units the way people write them: "10*9/L" is "×10⁹/L", "uL" is "µL", "{ratio}" disappears. */
export function formatUnit(unit: string): string {
  return unit
    .replace(/\{[^}]*\}/g, '')
    .replace(/^10\*(\d+)/, (_, power: string) => `×10${[...power].map((digit) => SUPERSCRIPTS[digit]).join('')}`)
    .replace(/\bu(L|g|mol|IU)\b/g, 'µ$1')
    .trim();
}

/** A lab value as printed: "< 0.5" for a limit (the true value is below 0.5), never the bare limit. */
export function formatResult(value: number, comparator: ValueComparator | null = null): string {
  return withLimitSign(formatValue(value), comparator);
}

/** A lab value in the model's data: a number when exact; a limit as the lab printed it ("< 0.5"), never a bare 0.5. */
export function valueForModel(value: number, comparator: ValueComparator | null): number | string {
  return comparator ? formatResult(value, comparator) : value;
}

export function valueWithUnit(value: number, unit: string, comparator: ValueComparator | null = null): string {
  const shown = formatUnit(unit);
  const number = formatResult(value, comparator);
  if (!shown) return number;
  return shown === '%' ? `${number}%` : `${number} ${shown}`;
}

/** A Markdown link that the web turns into a link to the history day or the biomarker chart. */
export function cite(text: string, target: CitationTarget): string {
  return `[${escapeLinkText(text)}](${citationHref(target)})`;
}

/** Link text cannot close its own brackets. */
export function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, (c) => `\\${c}`);
}

/**
 * User text quoted in a Markdown answer: only the characters that would start Markdown or HTML
 * are escaped (brackets, emphasis, code, tags); parentheses stay as typed ("Fish Oil (Omega-3)").
 */
export function plainText(text: string, max = 120): string {
  return flatText(text, max).replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`);
}

/** User text on one line, cut to `max`: for answers shown as plain text (the daily summary). */
export function flatText(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * A model's Markdown as the plain text shown where Markdown is not rendered (the daily summary):
 * links keep their text, emphasis, code marks and headings go, and backslash escapes
 * ("Fish Oil \\(Omega-3\\)") become the characters they stand for.
 */
export function markdownToPlain(text: string): string {
  return text
    .replace(/!?\[((?:\\.|[^\]\\])*)\]\([^)\s]*\)/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/`([^`\n]*)`/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1');
}

export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Rough token count for budgets: about four characters a token for English and JSON. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
