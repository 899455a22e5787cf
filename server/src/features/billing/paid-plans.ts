import { PAID_PLAN_IDS, type PaidPlanId } from '#contract/billing.ts';
import type { BillingInterval, PlanCatalogue, Tier } from '#contract/plans.ts';
import type { BillingConfig } from '#server/billing-config.ts';

/** A plan that can be bought: its configured price id, tier, interval and amount. */
export type Plan = { planId: PaidPlanId; priceId: string; tier: Exclude<Tier, 'free'>; interval: BillingInterval; amountCents: number };

/** The paid plans this server sells, by their provider price id (a plan without a configured price is not sold). */
export function paidPlansByPrice(config: BillingConfig, plans: PlanCatalogue): Map<string, Plan> {
  const byPrice = new Map<string, Plan>();
  for (const planId of PAID_PLAN_IDS) {
    const priceId = config.priceIds[planId];
    if (!priceId) continue;
    const [tier, interval] = planId.split('-') as [Exclude<Tier, 'free'>, BillingInterval];
    byPrice.set(priceId, { planId, priceId, tier, interval, amountCents: plans.tiers[tier].prices[interval] });
  }
  return byPrice;
}
