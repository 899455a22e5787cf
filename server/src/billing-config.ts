import { z } from 'zod';
import type { PaidPlanId } from '#contract/billing.ts';

/**
 * The billing part of the environment, read by `server/src/config.ts` (the one reader of
 * process.env) and checked with the rest of it at start.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional());

export const billingEnvShape = {
  /** `local` keeps the local test checkout in production on purpose (a demo); unset, production without Stripe sells nothing. */
  PAYMENTS: optionalText.pipe(z.enum(['local'], { error: 'must be "local" (the test checkout, charging nothing) or unset' }).optional()),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalUrl,
  STRIPE_PRICE_STARTER_MONTHLY: optionalText,
  STRIPE_PRICE_STARTER_YEARLY: optionalText,
  STRIPE_PRICE_PRO_MONTHLY: optionalText,
  STRIPE_PRICE_PRO_YEARLY: optionalText,
  PAYMENT_LINK_STARTER_MONTHLY: optionalUrl,
  PAYMENT_LINK_STARTER_YEARLY: optionalUrl,
  PAYMENT_LINK_PRO_MONTHLY: optionalUrl,
  PAYMENT_LINK_PRO_YEARLY: optionalUrl,
};

type BillingEnv = { [K in keyof typeof billingEnvShape]?: string | undefined } & { NODE_ENV?: string };

/**
 * The card provider. Without a Stripe key a local test provider stands in, with fixed price ids
 * (`local_starter_monthly`…), so the whole payment journey works on a fresh machine; in
 * production it does so only with `PAYMENTS=local`, else (`none`) no plan can be bought.
 */
export type BillingConfig = {
  provider:
    | { kind: 'local' }
    | { kind: 'none' }
    | {
        kind: 'stripe';
        secretKey: string;
        webhookSecret: string;
        /** Tests point the stripe package at a local server (its host, port and protocol options). */
        apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
      };
  /** Price id per plan; a plan without one cannot be bought. */
  priceIds: Partial<Record<PaidPlanId, string>>;
  /** Static hosted payment links, the upgrade dialog's fallback. */
  paymentLinks: Partial<Record<PaidPlanId, string>>;
};

export const LOCAL_PRICE_IDS: Record<PaidPlanId, string> = {
  'starter-monthly': 'local_starter_monthly',
  'starter-yearly': 'local_starter_yearly',
  'pro-monthly': 'local_pro_monthly',
  'pro-yearly': 'local_pro_yearly',
};

export function billingConfigProblems(e: BillingEnv): string[] {
  const problems: string[] = [];
  // Tiers change only from signed webhooks, so a Stripe key without the webhook secret could take money and never grant the plan.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not');
  if (e.STRIPE_WEBHOOK_SECRET && !e.STRIPE_SECRET_KEY) problems.push('STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not');
  if (e.PAYMENTS === 'local' && e.STRIPE_SECRET_KEY) problems.push('PAYMENTS=local and STRIPE_SECRET_KEY are both set: choose the test checkout or Stripe');
  return problems;
}

export function billingConfig(e: BillingEnv): BillingConfig {
  const paymentLinks = dropUndefined({
    'starter-monthly': e.PAYMENT_LINK_STARTER_MONTHLY,
    'starter-yearly': e.PAYMENT_LINK_STARTER_YEARLY,
    'pro-monthly': e.PAYMENT_LINK_PRO_MONTHLY,
    'pro-yearly': e.PAYMENT_LINK_PRO_YEARLY,
  });
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    // A production server would otherwise "sell" plans through a page that charges nothing.
    // Payment links are dropped too: without webhooks nothing would grant what they charge for.
    if (e.NODE_ENV === 'production' && e.PAYMENTS !== 'local') return { provider: { kind: 'none' }, priceIds: {}, paymentLinks: {} };
    return { provider: { kind: 'local' }, priceIds: { ...LOCAL_PRICE_IDS }, paymentLinks };
  }
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    provider: {
      kind: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: base ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol } : undefined,
    },
    priceIds: dropUndefined({
      'starter-monthly': e.STRIPE_PRICE_STARTER_MONTHLY,
      'starter-yearly': e.STRIPE_PRICE_STARTER_YEARLY,
      'pro-monthly': e.STRIPE_PRICE_PRO_MONTHLY,
      'pro-yearly': e.STRIPE_PRICE_PRO_YEARLY,
    }),
    paymentLinks,
  };
}

function dropUndefined(record: Record<PaidPlanId, string | undefined>): Partial<Record<PaidPlanId, string>> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
