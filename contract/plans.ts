import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

// The price helpers live in a zod-free module that the landing page can import without pulling zod.
export { formatPrice, yearlySavingsPercent } from './prices.ts';

/**
 * The one plan catalogue. Prices are integer cents; `null` limits mean unlimited.
 * Deployments may override any of it through configuration (see server config), so the
 * web never reads these defaults directly: it asks `GET /api/plans`.
 */
export const TIERS = ['free', 'starter', 'pro'] as const;
export const tierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof tierSchema>;

/** Other names for tiers seen in older clients; accepted on input, never stored. */
export const TIER_ALIASES: Record<string, Tier> = { core: 'starter', premium: 'pro' };

/** Parses a tier word, accepting the aliases. */
export const tierInputSchema = z
  .string()
  .transform((value) => TIER_ALIASES[value] ?? value)
  .pipe(tierSchema);

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const PLAN_IDS = ['free', 'starter-monthly', 'starter-yearly', 'pro-monthly', 'pro-yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const tierLimitsSchema = z.object({
  /** AI messages per calendar month; null is unlimited. */
  aiMessagesPerMonth: z.number().int().nonnegative().nullable(),
  /** Fair-use AI messages per hour; null is none. */
  aiMessagesPerHour: z.number().int().nonnegative().nullable(),
  /** Lab uploads per rolling `labUploadWindowMonths`; null is unlimited. */
  labUploads: z.number().int().nonnegative().nullable(),
  labUploadWindowMonths: z.number().int().positive(),
});
export type TierLimits = z.infer<typeof tierLimitsSchema>;

export const planCatalogueSchema = z.object({
  currency: z.string().length(3),
  trialDays: z.number().int().positive(),
  trialExtensionDays: z.number().int().positive(),
  trialExtensionStreakDays: z.number().int().positive(),
  streakGoalDays: z.number().int().positive(),
  moneyBackDays: z.number().int().nonnegative(),
  tiers: z.object({
    free: z.object({ label: z.string(), tagline: z.string(), limits: tierLimitsSchema, features: z.array(z.string()) }),
    starter: z.object({
      label: z.string(),
      tagline: z.string(),
      limits: tierLimitsSchema,
      features: z.array(z.string()),
      prices: z.object({ monthly: z.number().int().positive(), yearly: z.number().int().positive() }),
    }),
    pro: z.object({
      label: z.string(),
      tagline: z.string(),
      limits: tierLimitsSchema,
      features: z.array(z.string()),
      prices: z.object({ monthly: z.number().int().positive(), yearly: z.number().int().positive() }),
    }),
  }),
});
export type PlanCatalogue = z.infer<typeof planCatalogueSchema>;
export type PaidTier = Exclude<Tier, 'free'>;

export const DEFAULT_PLAN_CATALOGUE: PlanCatalogue = {
  currency: 'USD',
  trialDays: 28,
  trialExtensionDays: 7,
  trialExtensionStreakDays: 14,
  streakGoalDays: 90,
  moneyBackDays: 14,
  tiers: {
    free: {
      label: 'Free Trial',
      tagline: 'Core tracking',
      limits: { aiMessagesPerMonth: 100, aiMessagesPerHour: null, labUploads: 0, labUploadWindowMonths: 12 },
      features: ['Supplement and intake tracking', 'Energy, mood and sleep ratings', '100 AI messages per month'],
    },
    starter: {
      label: 'Starter',
      tagline: 'AI essentials',
      limits: { aiMessagesPerMonth: 100, aiMessagesPerHour: null, labUploads: 3, labUploadWindowMonths: 12 },
      features: ['Everything in Free', '100 AI messages per month', '3 lab uploads per year'],
      prices: { monthly: 2199, yearly: 18471 },
    },
    pro: {
      label: 'Pro',
      tagline: 'Biohacker suite',
      limits: { aiMessagesPerMonth: null, aiMessagesPerHour: 60, labUploads: null, labUploadWindowMonths: 12 },
      features: ['Unlimited AI Interactions', 'Advanced Analytics', 'Priority Support', 'Unlimited lab uploads'],
      prices: { monthly: 4999, yearly: 47988 },
    },
  },
};

export const plansResponseSchema = z.object({
  catalogue: planCatalogueSchema,
  /** Yearly savings in whole percent, computed from the prices. */
  savings: z.object({ starter: z.number().int(), pro: z.number().int() }),
  /** Payment-provider price ids, per plan id; deployment configuration. */
  priceIds: z.record(z.string(), z.string()),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const plansEndpoints = defineEndpoints({
  plans: { method: 'GET', path: '/api/plans', response: plansResponseSchema },
});
