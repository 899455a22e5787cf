import type { PaidPlanId } from '#contract/billing.ts';
import type { BillingInterval, PaidTier, PlanCatalogue, PlanId, PlansResponse, Tier } from '#contract/plans.ts';
import { formatPrice, yearlySavingsPercent } from '#contract/prices.ts';

/**
 * Plan ids, price ids and the labels the plan page, the upgrade dialog and the landing cards
 * show. Every figure comes from the catalogue the server sends (`GET /api/plans`); savings are
 * computed from its prices, never written down.
 */

export const PAID_TIERS: readonly PaidTier[] = ['starter', 'pro'];
export const INTERVALS: readonly BillingInterval[] = ['monthly', 'yearly'];
const PAID_PLAN_IDS: readonly PaidPlanId[] = ['starter-monthly', 'starter-yearly', 'pro-monthly', 'pro-yearly'];

export function planIdOf(tier: PaidTier, interval: BillingInterval): PaidPlanId {
  return `${tier}-${interval}`;
}

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === 'string' && (PAID_PLAN_IDS as readonly string[]).includes(value);
}

export function splitPlanId(planId: PaidPlanId): { tier: PaidTier; interval: BillingInterval } {
  const [tier, interval] = planId.split('-') as [PaidTier, BillingInterval];
  return { tier, interval };
}

/** The provider's price id of a plan, or undefined when the deployment does not sell it. */
export function priceIdForPlan(plans: Pick<PlansResponse, 'priceIds'>, planId: PaidPlanId): string | undefined {
  const priceId = plans.priceIds[planId];
  return priceId ? priceId : undefined;
}

/** product.md, Plans and billing: a price id maps to its plan; an unknown (or missing) id maps to free. */
export function planIdForPrice(plans: Pick<PlansResponse, 'priceIds'>, priceId: string | null | undefined): PlanId {
  if (!priceId) return 'free';
  const found = PAID_PLAN_IDS.find((planId) => plans.priceIds[planId] === priceId);
  return found ?? 'free';
}

export function tierOfPlan(planId: PlanId): Tier {
  return planId === 'free' ? 'free' : splitPlanId(planId).tier;
}

/** Whole percent saved by paying yearly for a tier, computed from the catalogue's prices. */
export function yearlySavings(catalogue: PlanCatalogue, tier: PaidTier): number {
  return yearlySavingsPercent(catalogue.tiers[tier].prices);
}

/** "Save 30%", or "Save 20-30%" when the tiers differ; empty when yearly saves nothing. */
export function savingsText(catalogue: PlanCatalogue, tiers: readonly PaidTier[] = PAID_TIERS): string {
  const values = tiers.map((tier) => yearlySavings(catalogue, tier)).filter((value) => value > 0);
  if (values.length === 0) return '';
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? `Save ${low}%` : `Save ${low}-${high}%`;
}

/** The upgrade dialog's yearly tab: "Yearly (Save 20-30%)", from the prices of the tiers shown. */
export function yearlyTabLabel(catalogue: PlanCatalogue, tiers: readonly PaidTier[] = PAID_TIERS): string {
  const savings = savingsText(catalogue, tiers);
  return savings ? `Yearly (${savings})` : 'Yearly';
}

/** "$21.99/month" or "$184.71/year". */
export function priceText(catalogue: PlanCatalogue, planId: PaidPlanId): string {
  const { tier, interval } = splitPlanId(planId);
  const cents = catalogue.tiers[tier].prices[interval];
  return `${formatPrice(cents, catalogue.currency)}/${interval === 'monthly' ? 'month' : 'year'}`;
}

/** The plan page's buttons (product.md, Plans and billing): "Monthly - $21.99/month", "Yearly - $184.71/year (Save 30%)". */
export function planButtonLabel(catalogue: PlanCatalogue, planId: PaidPlanId): string {
  const { tier, interval } = splitPlanId(planId);
  if (interval === 'monthly') return `Monthly - ${priceText(catalogue, planId)}`;
  const savings = yearlySavings(catalogue, tier);
  return `Yearly - ${priceText(catalogue, planId)}${savings > 0 ? ` (Save ${savings}%)` : ''}`;
}

/** "Starter, yearly" for notes and screen readers. */
export function planName(catalogue: PlanCatalogue, planId: PaidPlanId): string {
  const { tier, interval } = splitPlanId(planId);
  return `${catalogue.tiers[tier].label}, ${interval}`;
}

/** "Start 28-Day Free Trial", with the trial length from the catalogue. */
export function trialButtonLabel(catalogue: Pick<PlanCatalogue, 'trialDays'>): string {
  return `Start ${catalogue.trialDays}-Day Free Trial`;
}

const TIER_RANK: Record<Tier, number> = { free: 0, starter: 1, pro: 2 };

/** True when `tier` gives at least what `wanted` gives. */
export function tierCovers(tier: Tier, wanted: Tier): boolean {
  return TIER_RANK[tier] >= TIER_RANK[wanted];
}

/** The paid tiers a user on `tier` can still move up to. */
export function upgradeTiersFor(tier: Tier): PaidTier[] {
  return PAID_TIERS.filter((candidate) => TIER_RANK[candidate] > TIER_RANK[tier]);
}
