import { citationHref, type CitationTarget } from '#contract/assistant.ts';

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

/** Units the way people read them: "10*3/uL" stays, "{ratio}" disappears. */
export function formatUnit(unit: string): string {
  return unit === '{ratio}' ? '' : unit;
}

export function valueWithUnit(value: number, unit: string): string {
  const shown = formatUnit(unit);
  return shown ? `${formatValue(value)} ${shown}` : formatValue(value);
}

/** A Markdown link that the web turns into a link to the history day or the biomarker chart. */
export function cite(text: string, target: CitationTarget): string {
  return `[${escapeLinkText(text)}](${citationHref(target)})`;
}

/** Link text cannot close its own brackets. */
export function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, (c) => `\\${c}`);
}

/** Characters a plain sentence may quote from user text without becoming Markdown or HTML. */
export function plainText(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return cut.replace(/[\\`*_{}[\]()<>#|!~]/g, (c) => `\\${c}`);
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
