import type { Tier } from '#contract/plans.ts';

const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });
const DAY_MS = 24 * 60 * 60 * 1000;

/** "Mar 3, 2025" in the admin's time zone. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

/** "Today", "Yesterday", "5 days ago", then the date; "Never" for someone never seen. */
export function formatLastActivity(iso: string | null, now = new Date()): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Never';
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (date.getTime() >= startOfToday) return 'Today';
  const daysAgo = Math.ceil((startOfToday - date.getTime()) / DAY_MS);
  if (daysAgo <= 1) return 'Yesterday';
  if (daysAgo < 30) return `${daysAgo} days ago`;
  return formatDay(iso);
}

/** "Jul 2025" from "2025-07" (months are UTC on the server). */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  if (!year || !monthNumber) return month;
  return monthFormat.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** The tier's name as users see it (plan catalogue labels when loaded). */
export function tierLabel(tier: Tier, labels?: Partial<Record<Tier, string>>): string {
  return labels?.[tier] ?? { free: 'Free Trial', starter: 'Starter', pro: 'Pro' }[tier];
}

/** "$1,234.56" from cents; money stays in integer cents until it is shown. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** Totals per currency ("$59.98 + €10.00"), or "$0.00" in the catalogue's currency when there were none. */
export function formatRevenueTotal(rows: { currency: string; amountCents: number }[], fallbackCurrency = 'USD'): string {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.amountCents);
  if (totals.size === 0) return formatMoney(0, fallbackCurrency);
  return [...totals].map(([currency, cents]) => formatMoney(cents, currency)).join(' + ');
}

/** Each count as a share of the largest, in percent (0 when all are 0), for bar lengths. */
export function barPercents(counts: number[]): number[] {
  const max = Math.max(0, ...counts);
  return counts.map((count) => (max === 0 ? 0 : Math.round((count / max) * 100)));
}
