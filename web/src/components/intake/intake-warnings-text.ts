import type { IntakeWarning } from '#contract/supplements.ts';

/** "vitamin-b12" → "Vitamin B12", "pantothenic-acid" → "Pantothenic acid". */
export function nutrientLabel(key: string): string {
  const words = key.split('-').filter(Boolean);
  return words
    .map((word, index) => {
      if (index > 0 && /^[a-z]\d*$/.test(word)) return word.toUpperCase();
      return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    })
    .join(' ');
}

const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatAmount(value: number, unit: string): string {
  return `${amountFormat.format(value)} ${unit}`;
}

/** One plain sentence per warning: how much a day, from which supplements, against which limit. */
export function describeWarning(warning: IntakeWarning): string {
  return `${formatAmount(warning.total, warning.unit)} a day from ${joinNames(warning.supplements)}; the adult upper limit is ${formatAmount(warning.limit, warning.unit)} a day.`;
}

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'your supplements';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
