/* No zod here: the landing page's pricing cards import these (see contract/plans.ts for the schemas). */

/** Whole-number percent saved by paying yearly instead of twelve monthly payments. */
export function yearlySavingsPercent(prices: { monthly: number; yearly: number }): number {
  const twelveMonths = prices.monthly * 12;
  return Math.round(((twelveMonths - prices.yearly) / twelveMonths) * 100);
}

/** "$21.99" from 2199 cents. */
export function formatPrice(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}
