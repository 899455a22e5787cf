import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { authResultSchema, emailSchema, passwordSchema, timeZoneSchema, usernameSchema } from './auth.ts';
import { BILLING_INTERVALS, PLAN_IDS, tierInputSchema, tierSchema } from './plans.ts';

/**
 * Plans, trial and payments (product.md, Plans and billing). The card provider
 * is Stripe, or a local test provider when no Stripe key is configured; the calls are the same.
 */

/** Plan ids that can be bought. */
export const PAID_PLAN_IDS = PLAN_IDS.filter((id): id is Exclude<(typeof PLAN_IDS)[number], 'free'> => id !== 'free');
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** product.md, Plans and billing, "Checkout and trial", plus the server's own refusals. */
export const BILLING_MESSAGES = {
  invalidPlan: 'Invalid plan type selected',
  noCheckoutUrl: 'No checkout URL received',
  checkoutFailed: 'Failed to create checkout session',
  checkoutStartFailed: 'Failed to start checkout process',
  subscriptionStartFailed: 'Failed to start subscription process. Please try again.',
  foreignReturnUrl: 'Return addresses must point to this site',
  alreadyOnPlan: 'You are already subscribed to this plan.',
  alreadySubscribed: 'You already have a subscription. Change its plan instead of starting a second one.',
  planChangeStarted: 'Your plan change has been sent to the payment provider. It applies as soon as the provider confirms it.',
  planChangeFailed: 'Your plan could not be changed. Please try again.',
  noPlanToChange: 'There is no active subscription to change. Choose a plan to subscribe.',
  trialStarted: 'Your free trial has started.',
  trialPaidTier: 'You already have a paid plan, so there is no trial to start.',
  trialExtended: 'Your trial has been extended by 7 days!',
  trialExtendFailed: 'Failed to extend trial period',
  trialAlreadyExtended: 'Your trial has already been extended once.',
  trialExtendNotFree: 'Only accounts on the free trial can extend it.',
  /** `{days}` and `{required}` are filled in by the server. */
  trialStreakTooShort: 'A logging streak of {required} days earns 7 extra trial days; your streak is {days} days.',
  sessionNotFound: 'Checkout session not found',
  paymentsNotConfigured: 'Paid plans cannot be bought yet: no payment provider is configured.',
  noPaymentSession: 'No payment session ID found. Please try again.',
  paymentUnverified: 'Unable to verify your payment. Please contact support.',
  paymentAlreadyUsed: 'This payment has already been used to set up an account. Please sign in.',
  emailHasAccount: 'An account with this email already exists. Log in to it to add this payment to your account.',
  paymentAttached: 'Your payment has been added to your account.',
  /** `{email}` is the address the payment was made with. */
  paymentOtherEmail: 'This payment was made with {email}. Log in to the account with that email to add it, or contact support.',
  accountCreationFailed: 'Account creation failed',
  passwordsDoNotMatch: 'Passwords do not match',
  noSubscription: 'There is no subscription to manage yet.',
  webhookSignature: 'Webhook signature verification failed',
  webhooksNotConfigured: 'Stripe webhooks are not configured',
} as const;

const checkoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Not a valid checkout session id');

/** A return address on our own site: a path (`/payment-success?…`) or an absolute URL of our origin. */
const returnUrlSchema = z.string().trim().min(1).max(2000);

/** `POST /api/stripe/create-checkout-session`. Signed out (landing page) or signed in (upgrade). */
export const createCheckoutBodySchema = z.strictObject({
  priceId: z.string({ error: BILLING_MESSAGES.invalidPlan }).trim().min(1, BILLING_MESSAGES.invalidPlan).max(200, BILLING_MESSAGES.invalidPlan),
  /** Defaults to `/payment-success?session_id={CHECKOUT_SESSION_ID}`; the placeholder is filled by the provider. */
  successUrl: returnUrlSchema.nullish(),
  /** Defaults to `/subscription`. */
  cancelUrl: returnUrlSchema.nullish(),
  /** Prefills the payment form when signed out; a signed-in user's own address always wins. */
  customerEmail: emailSchema.nullish(),
});
export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

export const checkoutUrlSchema = z.object({ url: z.string() });
export type CheckoutUrl = z.infer<typeof checkoutUrlSchema>;

export const checkoutSessionParamsSchema = z.strictObject({ sessionId: checkoutSessionIdSchema });

/** `GET /api/stripe/checkout-session/{sessionId}`: what the post-payment page shows. */
export const checkoutSessionSchema = z.object({
  id: z.string(),
  customerEmail: z.string().nullable(),
  priceId: z.string(),
  planId: z.enum(PAID_PLAN_IDS).nullable(),
  tier: tierSchema,
  interval: z.enum(BILLING_INTERVALS).nullable(),
  /** `complete` once paid; `open` while the payment page is still open; `expired` if abandoned. */
  status: z.enum(['open', 'complete', 'expired']),
  paid: z.boolean(),
  /** True when the payment is already tied to an account: show sign-in, not the sign-up form. */
  accountLinked: z.boolean(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** `POST /api/stripe/change-plan`: a subscriber moves to another price of the same subscription. */
export const changePlanBodySchema = z.strictObject({
  priceId: createCheckoutBodySchema.shape.priceId,
});
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

export const changePlanResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** The plan asked for; the tier changes only when the provider's event has been applied. */
  planId: z.enum(PAID_PLAN_IDS),
});
export type ChangePlanResult = z.infer<typeof changePlanResultSchema>;

/** `GET /api/billing/subscription`: the user's running subscription, if any. */
export const currentSubscriptionSchema = z.object({
  subscription: z
    .object({
      planId: z.enum(PAID_PLAN_IDS).nullable(),
      tier: tierSchema,
      interval: z.enum(BILLING_INTERVALS).nullable(),
      status: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
    })
    .nullable(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

/** `POST /api/post-payment/attach`: a payment made signed out, added to the signed-in account. */
export const attachPaymentBodySchema = z.strictObject({
  sessionId: z.string({ error: BILLING_MESSAGES.noPaymentSession }).pipe(checkoutSessionIdSchema),
});
export const attachPaymentResultSchema = z.object({ ok: z.literal(true), message: z.string() });

/** `POST /api/stripe/start-free-trial` and `POST /api/stripe/extend-trial`. */
export const trialResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  trialEndsAt: z.string(),
});
export type TrialResult = z.infer<typeof trialResultSchema>;

/** `POST /api/stripe/portal`: where the user manages or cancels the subscription. */
export const portalUrlSchema = z.object({ url: z.string() });

/** `GET /api/billing/config`: which provider is live, the price ids and the static fallback links. */
export const billingConfigSchema = z.object({
  /**
   * `local` is the built-in test checkout (no real payment): show a "test mode" note. `none`: a
   * production server without a payment provider, where paid plans cannot be bought.
   */
  provider: z.enum(['stripe', 'local', 'none']),
  /** Price id per plan id; only plans that can be bought are listed. */
  priceIds: z.record(z.string(), z.string()),
  /** Hosted payment links per plan id, the upgrade dialog's fallback when a checkout cannot start. */
  paymentLinks: z.record(z.string(), z.string()),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** `POST /api/post-payment/register` (product.md, Plans and billing, post-payment rules). */
export const postPaymentRegisterBodySchema = z
  .strictObject({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    /** The form's confirmation; optional on the API, checked when sent. */
    confirmPassword: z.string().max(100).optional(),
    sessionId: z.string({ error: BILLING_MESSAGES.noPaymentSession }).pipe(checkoutSessionIdSchema),
    /** Validated (aliases core and premium accepted) but not trusted: the tier comes from the paid price. */
    subscriptionTier: tierInputSchema,
    timeZone: timeZoneSchema.optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    message: BILLING_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type PostPaymentRegisterBody = z.infer<typeof postPaymentRegisterBodySchema>;

/** The answer is the sign-up answer: the user is signed in unless e-mail verification is on. */
export const postPaymentRegisterResultSchema = authResultSchema;

export const webhookResultSchema = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });

export const billingEndpoints = defineEndpoints({
  config: { method: 'GET', path: '/api/billing/config', response: billingConfigSchema },
  createCheckout: { method: 'POST', path: '/api/stripe/create-checkout-session', body: createCheckoutBodySchema, response: checkoutUrlSchema },
  changePlan: { method: 'POST', path: '/api/stripe/change-plan', body: changePlanBodySchema, response: changePlanResultSchema },
  subscription: { method: 'GET', path: '/api/billing/subscription', response: currentSubscriptionSchema },
  checkoutSession: { method: 'GET', path: '/api/stripe/checkout-session/:sessionId', params: checkoutSessionParamsSchema, response: checkoutSessionSchema },
  startFreeTrial: { method: 'POST', path: '/api/stripe/start-free-trial', response: trialResultSchema },
  extendTrial: { method: 'POST', path: '/api/stripe/extend-trial', response: trialResultSchema },
  portal: { method: 'POST', path: '/api/stripe/portal', response: portalUrlSchema },
  registerAfterPayment: { method: 'POST', path: '/api/post-payment/register', body: postPaymentRegisterBodySchema, response: postPaymentRegisterResultSchema },
  attachPayment: { method: 'POST', path: '/api/post-payment/attach', body: attachPaymentBodySchema, response: attachPaymentResultSchema },
});
