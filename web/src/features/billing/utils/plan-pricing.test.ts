import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue, type PlansResponse } from '#contract/plans.ts';
import {
  isPaidPlanId,
  planButtonLabel,
  planIdForPrice,
  planIdOf,
  priceIdForPlan,
  priceText,
  savingsText,
  splitPlanId,
  tierCovers,
  trialButtonLabel,
  upgradeTiersFor,
  yearlySavings,
  yearlyTabLabel,
} from './plan-pricing.ts';

const LOCAL_PRICES = {
  'starter-monthly': 'local_starter_monthly',
  'starter-yearly': 'local_starter_yearly',
  'pro-monthly': 'local_pro_monthly',
  'pro-yearly': 'local_pro_yearly',
};

function withPrices(starter: { monthly: number; yearly: number }, pro: { monthly: number; yearly: number }): PlanCatalogue {
  const base = structuredClone(DEFAULT_PLAN_CATALOGUE);
  base.tiers.starter.prices = starter;
  base.tiers.pro.prices = pro;
  return base;
}

describe('labels from the default catalogue (product.md, Plans and billing)', () => {
  const catalogue = DEFAULT_PLAN_CATALOGUE;

  it('gives the plan page its button texts', () => {
    expect(planButtonLabel(catalogue, 'starter-monthly')).toBe('Monthly - $21.99/month');
    expect(planButtonLabel(catalogue, 'starter-yearly')).toBe('Yearly - $184.71/year (Save 30%)');
    expect(planButtonLabel(catalogue, 'pro-monthly')).toBe('Monthly - $49.99/month');
    expect(planButtonLabel(catalogue, 'pro-yearly')).toBe('Yearly - $479.88/year (Save 20%)');
  });

  it('computes the yearly savings against twelve monthly payments', () => {
    expect(yearlySavings(catalogue, 'starter')).toBe(30);
    expect(yearlySavings(catalogue, 'pro')).toBe(20);
  });

  it('labels the yearly tab with the computed savings, not a fixed "Save 15-20%"', () => {
    expect(yearlyTabLabel(catalogue)).toBe('Yearly (Save 20-30%)');
    expect(yearlyTabLabel(catalogue, ['pro'])).toBe('Yearly (Save 20%)');
    expect(yearlyTabLabel(catalogue, ['starter'])).toBe('Yearly (Save 30%)');
  });

  it('names the trial length from the catalogue', () => {
    expect(trialButtonLabel(catalogue)).toBe('Start 28-Day Free Trial');
    expect(trialButtonLabel({ trialDays: 14 })).toBe('Start 14-Day Free Trial');
  });

  it('writes prices per interval', () => {
    expect(priceText(catalogue, 'starter-monthly')).toBe('$21.99/month');
    expect(priceText(catalogue, 'pro-yearly')).toBe('$479.88/year');
  });
});

describe('labels follow a changed catalogue', () => {
  it('recomputes prices and savings', () => {
    const catalogue = withPrices({ monthly: 1000, yearly: 9000 }, { monthly: 2000, yearly: 18000 });
    expect(planButtonLabel(catalogue, 'starter-yearly')).toBe('Yearly - $90.00/year (Save 25%)');
    expect(yearlyTabLabel(catalogue)).toBe('Yearly (Save 25%)');
    expect(savingsText(catalogue)).toBe('Save 25%');
  });

  it('says nothing about savings when yearly saves nothing', () => {
    const catalogue = withPrices({ monthly: 1000, yearly: 12000 }, { monthly: 2000, yearly: 24000 });
    expect(planButtonLabel(catalogue, 'pro-yearly')).toBe('Yearly - $240.00/year');
    expect(yearlyTabLabel(catalogue)).toBe('Yearly');
    expect(savingsText(catalogue)).toBe('');
  });

  it('uses the catalogue currency', () => {
    const catalogue = { ...DEFAULT_PLAN_CATALOGUE, currency: 'EUR' };
    expect(priceText(catalogue, 'starter-monthly')).toBe('€21.99/month');
  });
});

describe('plan ids and price ids (product.md, Plans and billing)', () => {
  const plans: Pick<PlansResponse, 'priceIds'> = { priceIds: LOCAL_PRICES };

  it('maps each plan to its price id and back', () => {
    for (const [planId, priceId] of Object.entries(LOCAL_PRICES)) {
      if (!isPaidPlanId(planId)) throw new Error(planId);
      expect(priceIdForPlan(plans, planId)).toBe(priceId);
      expect(planIdForPrice(plans, priceId)).toBe(planId);
    }
  });

  it('maps an unknown or missing price id to free', () => {
    expect(planIdForPrice(plans, 'price_nobody_sells')).toBe('free');
    expect(planIdForPrice(plans, '')).toBe('free');
    expect(planIdForPrice(plans, null)).toBe('free');
    expect(planIdForPrice(plans, undefined)).toBe('free');
  });

  it('has no price id for a plan the deployment does not sell', () => {
    expect(priceIdForPlan({ priceIds: { 'pro-monthly': 'price_pro' } }, 'starter-yearly')).toBeUndefined();
    expect(priceIdForPlan({ priceIds: { 'pro-monthly': '' } }, 'pro-monthly')).toBeUndefined();
  });

  it('builds and splits plan ids', () => {
    expect(planIdOf('starter', 'yearly')).toBe('starter-yearly');
    expect(splitPlanId('pro-monthly')).toEqual({ tier: 'pro', interval: 'monthly' });
    expect(isPaidPlanId('free')).toBe(false);
    expect(isPaidPlanId('pro-weekly')).toBe(false);
    expect(isPaidPlanId(undefined)).toBe(false);
  });
});

describe('tiers', () => {
  it('offers only the tiers above the current one', () => {
    expect(upgradeTiersFor('free')).toEqual(['starter', 'pro']);
    expect(upgradeTiersFor('starter')).toEqual(['pro']);
    expect(upgradeTiersFor('pro')).toEqual([]);
  });

  it('knows when a tier gives what another gives', () => {
    expect(tierCovers('pro', 'starter')).toBe(true);
    expect(tierCovers('starter', 'starter')).toBe(true);
    expect(tierCovers('free', 'starter')).toBe(false);
    expect(tierCovers('starter', 'pro')).toBe(false);
  });
});
