import {
  BILLING_MESSAGES,
  type BillingConfig as BillingConfigDto,
  type ChangePlanBody,
  type ChangePlanResult,
  type CheckoutSession,
  type CurrentSubscription,
  type CreateCheckoutBody,
  type PaidPlanId,
  type PostPaymentRegisterBody,
  type TrialResult,
} from '#contract/billing.ts';
import type { BillingInterval, PlanCatalogue, Tier } from '#contract/plans.ts';
import type { Db } from '#server/db/client.ts';
import { findUserByEmail, findUserById } from '#server/features/auth/public.ts';
import type { AuthService, ClientInfo, SignedIn } from '#server/features/auth/auth.service.ts';
import { AppError } from '#server/http/app-error.ts';
import type { BillingConfig } from '#server/billing-config.ts';
import type { BillingEvent, PaymentProvider, ProviderCheckoutSession, ProviderSubscription } from './billing.provider.ts';
import {
  type CheckoutSessionRow,
  claimCheckoutSession,
  extendTrialOnce,
  findCheckoutSession,
  findCheckoutSessionBySubscription,
  findSubscription,
  insertCheckoutSession,
  insertCheckoutSessionIfMissing,
  linkSubscription,
  listSubscriptionsOfUser,
  recordBillingEvent,
  recordRevenue,
  releaseCheckoutClaim,
  setUserPlan,
  type SubscriptionRow,
  startTrial,
  updateCheckoutSession,
  upsertSubscription,
} from './billing.repository.ts';
import { type Plan, paidPlansByPrice } from './paid-plans.ts';
import type { User } from '#server/domain/user.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses in which a subscription grants its tier; Stripe retries a failed renewal while `past_due`. */
export const ENTITLED_STATUSES = new Set(['active', 'trialing', 'past_due']);
const TIER_RANK: Record<Tier, number> = { free: 0, starter: 1, pro: 2 };
/** Statuses in which the provider may still charge: everything but ended ones. */
const RUNNING_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);


type Dependencies = {
  db: Db;
  provider: PaymentProvider;
  config: BillingConfig;
  plans: PlanCatalogue;
  auth: AuthService;
  /** The Tracking feature's streak computation (product.md, Plans and billing). */
  streaks: { streak(user: User): Promise<{ currentStreak: number }> };
  publicUrl: string;
  now?: () => Date;
};

/**
 * Plans, trial and payments. A user's tier changes only in `applyEvent`: from Stripe's signed
 * webhooks, or from the local provider's equivalent events; never from a browser's return.
 */
export class BillingService {
  private readonly now: () => Date;
  private readonly publicOrigin: string;
  private readonly plansByPrice: Map<string, Plan>;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
    this.publicOrigin = new URL(deps.publicUrl).origin;
    this.plansByPrice = paidPlansByPrice(deps.config, deps.plans);
  }

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  publicConfig(): BillingConfigDto {
    return { provider: this.deps.config.provider.kind, priceIds: { ...this.deps.config.priceIds }, paymentLinks: { ...this.deps.config.paymentLinks } };
  }

  /** product.md, Plans and billing: a price id maps to starter or pro; an unknown id maps to free. */
  tierOfPrice(priceId: string | null | undefined): { tier: Tier; interval: BillingInterval | null; planId: PaidPlanId | null } {
    const plan = priceId ? this.plansByPrice.get(priceId) : undefined;
    return plan ? { tier: plan.tier, interval: plan.interval, planId: plan.planId } : { tier: 'free', interval: null, planId: null };
  }

  // Checkout

  async createCheckout(body: CreateCheckoutBody, user: User | undefined): Promise<{ url: string }> {
    if (this.deps.config.provider.kind === 'none') throw new AppError('SERVICE_UNAVAILABLE', BILLING_MESSAGES.paymentsNotConfigured);
    const plan = this.plansByPrice.get(body.priceId);
    if (!plan) throw AppError.validation('priceId', BILLING_MESSAGES.invalidPlan);
    const successUrl = this.ownUrl('successUrl', body.successUrl ?? '/payment-success?session_id={CHECKOUT_SESSION_ID}');
    const cancelUrl = this.ownUrl('cancelUrl', body.cancelUrl ?? '/subscription');

    let customerId: string | undefined;
    if (user) {
      // A subscriber changes the plan of the subscription they have (changePlan); a second
      // subscription would charge them twice.
      const current = await this.currentSubscription(user.id);
      if (current) {
        throw new AppError('CONFLICT', current.priceId === body.priceId && !current.cancelAtPeriodEnd ? BILLING_MESSAGES.alreadyOnPlan : BILLING_MESSAGES.alreadySubscribed);
      }
      const owned = await listSubscriptionsOfUser(this.deps.db, user.id);
      customerId = owned.find((sub) => sub.provider === this.deps.provider.kind)?.customerId;
    }
    const customerEmail = user?.email ?? body.customerEmail ?? undefined;

    let created: { id: string; url: string };
    try {
      created = await this.deps.provider.createCheckout({ priceId: body.priceId, successUrl, cancelUrl, customerEmail, customerId, userId: user?.id });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw Object.assign(new AppError('SERVICE_UNAVAILABLE', BILLING_MESSAGES.checkoutFailed), { cause: error });
    }
    await insertCheckoutSession(this.deps.db, {
      id: created.id,
      provider: this.deps.provider.kind,
      priceId: body.priceId,
      tier: plan.tier,
      interval: plan.interval,
      amountCents: plan.amountCents,
      currency: this.deps.plans.currency,
      userId: user?.id ?? null,
      customerEmail: customerEmail ?? null,
      successUrl,
      cancelUrl,
    });
    return { url: created.url };
  }

  /**
   * A checkout, to the user it belongs to (who opened it signed in, or whose account it paid for)
   * and to nobody else; a checkout made signed out and not yet claimed is known only by its id.
   */
  async describeCheckout(sessionId: string, viewer: User | undefined): Promise<CheckoutSession> {
    const row = await findCheckoutSession(this.deps.db, sessionId);
    const notFound = () => AppError.notFound(BILLING_MESSAGES.sessionNotFound);
    if (row?.userId && row.userId !== viewer?.id) throw notFound();
    const session = await this.deps.provider.retrieveCheckout(sessionId);
    if (!session) throw notFound();
    if (session.userId && session.userId !== viewer?.id) throw notFound();
    const priceId = session.priceId ?? row?.priceId ?? '';
    const { tier, interval, planId } = this.tierOfPrice(priceId);
    return {
      id: session.id,
      customerEmail: session.customerEmail ?? row?.customerEmail ?? null,
      priceId,
      planId,
      tier,
      interval,
      status: session.status,
      paid: session.paid,
      accountLinked: Boolean(row?.userId ?? session.userId),
    };
  }

  // The running subscription and plan changes

  /** The user's subscription that grants a tier now (a cancelled one until its period ends). */
  async currentSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    const owned = await listSubscriptionsOfUser(this.deps.db, userId);
    return owned.find((sub) => ENTITLED_STATUSES.has(sub.status) && !sub.endedAt && sub.tier !== 'free');
  }

  async describeSubscription(user: User): Promise<CurrentSubscription> {
    const current = await this.currentSubscription(user.id);
    if (!current) return { subscription: null };
    const { planId } = this.tierOfPrice(current.priceId);
    return {
      subscription: {
        planId,
        tier: current.tier,
        interval: current.interval,
        status: current.status,
        cancelAtPeriodEnd: current.cancelAtPeriodEnd,
        currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null,
      },
    };
  }

  /**
   * Moves the user's subscription to another price (Starter to Pro, monthly to yearly, and back),
   * prorated by the provider. The tier does not change here: it follows the provider's event for
   * the changed subscription, as every tier change does.
   */
  async changePlan(user: User, body: ChangePlanBody): Promise<ChangePlanResult> {
    const plan = this.plansByPrice.get(body.priceId);
    if (!plan) throw AppError.validation('priceId', BILLING_MESSAGES.invalidPlan);
    const current = await this.currentSubscription(user.id);
    if (!current) throw new AppError('CONFLICT', BILLING_MESSAGES.noPlanToChange);
    if (current.priceId === body.priceId && !current.cancelAtPeriodEnd) throw new AppError('CONFLICT', BILLING_MESSAGES.alreadyOnPlan);
    if (current.provider !== this.deps.provider.kind) {
      throw new AppError('SERVICE_UNAVAILABLE', `A subscription with the ${current.provider} provider cannot be changed from here`);
    }
    try {
      await this.deps.provider.changeSubscriptionPrice(current.id, { priceId: plan.priceId, interval: plan.interval });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw Object.assign(new AppError('SERVICE_UNAVAILABLE', BILLING_MESSAGES.planChangeFailed), { cause: error });
    }
    return { ok: true, message: BILLING_MESSAGES.planChangeStarted, planId: plan.planId };
  }

  // Trial

  async startFreeTrial(user: User): Promise<TrialResult> {
    if (user.subscriptionTier !== 'free') throw new AppError('CONFLICT', BILLING_MESSAGES.trialPaidTier);
    // product.md, Plans and billing: the trial runs from sign-up, however late it is "started".
    const end = new Date(user.createdAt.getTime() + this.deps.plans.trialDays * DAY_MS);
    const stored = (await startTrial(this.deps.db, user.id, end)) ?? end;
    return { ok: true, message: BILLING_MESSAGES.trialStarted, trialEndsAt: stored.toISOString() };
  }

  async extendTrial(user: User): Promise<TrialResult> {
    const { trialExtensionDays, trialExtensionStreakDays, trialDays } = this.deps.plans;
    if (user.subscriptionTier !== 'free') throw new AppError('CONFLICT', BILLING_MESSAGES.trialExtendNotFree);
    if (user.trialExtendedAt) throw new AppError('CONFLICT', BILLING_MESSAGES.trialAlreadyExtended);
    const { currentStreak } = await this.deps.streaks.streak(user);
    if (currentStreak < trialExtensionStreakDays) {
      throw AppError.validation(
        'streak',
        BILLING_MESSAGES.trialStreakTooShort.replace('{required}', String(trialExtensionStreakDays)).replace('{days}', String(currentStreak)),
      );
    }
    const currentEnd = user.trialEndsAt ?? new Date(user.createdAt.getTime() + trialDays * DAY_MS);
    const extended = await extendTrialOnce(this.deps.db, user.id, trialExtensionDays, currentEnd, this.now());
    if (!extended) throw new AppError('CONFLICT', BILLING_MESSAGES.trialAlreadyExtended);
    return { ok: true, message: BILLING_MESSAGES.trialExtended, trialEndsAt: extended.toISOString() };
  }

  // Portal

  async createPortal(user: User): Promise<{ url: string }> {
    const owned = await listSubscriptionsOfUser(this.deps.db, user.id);
    const customerId = owned.find((sub) => sub.provider === this.deps.provider.kind)?.customerId;
    if (!customerId) throw AppError.notFound(BILLING_MESSAGES.noSubscription);
    return this.deps.provider.createPortal({ customerId, userId: user.id, returnUrl: `${this.deps.publicUrl}/profile` });
  }

  // Account deletion

  /**
   * Ends every running subscription of the user at the provider now, not at the period's end: the
   * account is about to go, so nothing may be charged again. Throws if the provider cannot be
   * reached, so that the account is not deleted while a subscription still runs.
   */
  async cancelAllForAccountDeletion(userId: string): Promise<number> {
    const owned = await listSubscriptionsOfUser(this.deps.db, userId);
    let cancelled = 0;
    for (const sub of owned) {
      if (sub.endedAt || !RUNNING_STATUSES.has(sub.status)) continue;
      if (sub.provider !== this.deps.provider.kind) {
        throw new AppError('SERVICE_UNAVAILABLE', `A subscription with the ${sub.provider} provider cannot be cancelled from here`);
      }
      await this.deps.provider.cancelSubscription(sub.id);
      cancelled += 1;
    }
    return cancelled;
  }

  // Post-payment registration

  /**
   * product.md, Plans and billing: an account for a payment made signed out. The payment is checked with the
   * provider, the tier comes from the price paid (never from the body), and a payment makes one
   * account only. If the provider's event came first the tier applies at once; otherwise it
   * applies when the event arrives, because the subscription is now linked to the account.
   */
  async registerAfterPayment(body: PostPaymentRegisterBody, client: ClientInfo): Promise<{ user: User; signedIn?: SignedIn }> {
    const session = await this.deps.provider.retrieveCheckout(body.sessionId);
    if (!session || session.status !== 'complete' || !session.paid) throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.paymentUnverified);
    const row = await this.rememberPaidSession(session);
    if (row.userId) throw new AppError('CONFLICT', BILLING_MESSAGES.paymentAlreadyUsed);
    // The payer already has an account: the way on is to sign in to it and attach the payment
    // (attachPayment), which proves they own it.
    if (await findUserByEmail(this.deps.db, body.email)) {
      throw new AppError('CONFLICT', BILLING_MESSAGES.emailHasAccount, { details: [{ field: 'email', message: BILLING_MESSAGES.emailHasAccount }] });
    }
    if (!(await claimCheckoutSession(this.deps.db, row.id, this.now()))) throw new AppError('CONFLICT', BILLING_MESSAGES.paymentAlreadyUsed);

    let created: { user: User; signedIn?: SignedIn };
    try {
      created = await this.deps.auth.register(
        { username: body.username, email: body.email, password: body.password, ...(body.timeZone ? { timeZone: body.timeZone } : {}) },
        client,
      );
    } catch (error) {
      await releaseCheckoutClaim(this.deps.db, row.id);
      throw error;
    }
    const userId = created.user.id;
    await updateCheckoutSession(this.deps.db, row.id, { userId });
    const subscriptionId = session.subscriptionId ?? row.subscriptionId;
    if (subscriptionId) await linkSubscription(this.deps.db, subscriptionId, userId);
    await this.recomputeUserPlan(userId);

    const user = (await findUserById(this.deps.db, userId)) ?? created.user;
    return { user, signedIn: created.signedIn ? { ...created.signedIn, user } : undefined };
  }

  /**
   * A payment made signed out, added to the account now signed in. Signing in proves the account
   * is theirs; the payment must have been made with that account's e-mail address, so a session id
   * seen by someone else cannot move a stranger's payment to their account.
   */
  async attachPayment(user: User, sessionId: string): Promise<{ ok: true; message: string }> {
    const session = await this.deps.provider.retrieveCheckout(sessionId);
    if (!session || session.status !== 'complete' || !session.paid) throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.paymentUnverified);
    const row = await this.rememberPaidSession(session);
    if (row.userId === user.id) return { ok: true, message: BILLING_MESSAGES.paymentAttached };
    if (row.userId) throw new AppError('CONFLICT', BILLING_MESSAGES.paymentAlreadyUsed);
    const paidWith = session.customerEmail ?? row.customerEmail;
    if (!paidWith || paidWith.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('CONFLICT', BILLING_MESSAGES.paymentOtherEmail.replace('{email}', paidWith ?? 'another address'));
    }
    if (!(await claimCheckoutSession(this.deps.db, row.id, this.now()))) throw new AppError('CONFLICT', BILLING_MESSAGES.paymentAlreadyUsed);
    await updateCheckoutSession(this.deps.db, row.id, { userId: user.id });
    const subscriptionId = session.subscriptionId ?? row.subscriptionId;
    if (subscriptionId) await linkSubscription(this.deps.db, subscriptionId, user.id);
    await this.recomputeUserPlan(user.id);
    return { ok: true, message: BILLING_MESSAGES.paymentAttached };
  }

  /** Our row for a paid session, created if the session came from elsewhere (a static payment link). */
  private async rememberPaidSession(session: ProviderCheckoutSession): Promise<CheckoutSessionRow> {
    const { tier, interval } = this.tierOfPrice(session.priceId);
    await insertCheckoutSessionIfMissing(this.deps.db, {
      id: session.id,
      provider: this.deps.provider.kind,
      priceId: session.priceId ?? '',
      tier,
      interval: interval ?? 'monthly',
      amountCents: session.amountTotal ?? 0,
      currency: (session.currency ?? this.deps.plans.currency).toUpperCase(),
      customerEmail: session.customerEmail,
      successUrl: `${this.deps.publicUrl}/payment-success`,
      cancelUrl: `${this.deps.publicUrl}/subscription`,
    });
    const updated = await updateCheckoutSession(this.deps.db, session.id, {
      status: 'complete',
      paid: true,
      customerId: session.customerId,
      subscriptionId: session.subscriptionId,
      ...(session.customerEmail ? { customerEmail: session.customerEmail } : {}),
    });
    return updated!;
  }

  // Events: the only place where a tier changes

  /**
   * Applies one provider event, once. Subscription state is re-read from the provider first, so
   * an old event arriving late applies today's state, not its own; the event id is recorded in
   * the same transaction as its effects, so a failure leaves it to the provider's retry.
   */
  async applyEvent(event: BillingEvent): Promise<{ duplicate: boolean }> {
    const subscriptionId = subscriptionOf(event);
    const current = subscriptionId ? await this.deps.provider.retrieveSubscription(subscriptionId) : undefined;
    const affectedUsers = new Set<string>();
    const applied = await this.deps.db.transaction(async (db) => {
      if (!(await recordBillingEvent(db, event.id, event.type))) return false;
      switch (event.type) {
        case 'checkout.completed':
          await this.applyCheckoutCompleted(db, event.session, event.created, current, affectedUsers);
          break;
        case 'subscription.changed':
          await this.applySubscription(db, current ?? event.subscription, event.created, current !== undefined, affectedUsers);
          break;
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          const { invoice } = event;
          if (current) await this.applySubscription(db, current, event.created, true, affectedUsers);
          // The first invoice is already counted from its checkout session.
          if (event.type === 'invoice.paid' && invoice.billingReason === 'subscription_create') break;
          const owner = invoice.subscriptionId ? await findSubscription(db, invoice.subscriptionId) : undefined;
          const { tier, interval } = this.tierOfPrice(invoice.priceId ?? owner?.priceId);
          await recordRevenue(db, {
            provider: this.deps.provider.kind,
            reference: invoice.id,
            kind: event.type === 'invoice.paid' ? 'payment' : 'payment_failed',
            userId: owner?.userId ?? null,
            subscriptionId: invoice.subscriptionId,
            tier,
            interval,
            amountCents: invoice.amountCents,
            currency: invoice.currency,
            occurredAt: new Date(event.created * 1000),
          });
          break;
        }
        case 'ignored':
          break;
      }
      for (const userId of affectedUsers) await this.recomputeUserPlan(userId, db);
      return true;
    });
    return { duplicate: !applied };
  }

  private async applyCheckoutCompleted(
    db: Db,
    session: ProviderCheckoutSession,
    created: number,
    current: ProviderSubscription | undefined,
    affectedUsers: Set<string>,
  ): Promise<void> {
    const existing = await findCheckoutSession(db, session.id);
    const priceId = existing?.priceId || session.priceId;
    const { tier, interval } = this.tierOfPrice(priceId);
    if (!existing) {
      await insertCheckoutSessionIfMissing(db, {
        id: session.id,
        provider: this.deps.provider.kind,
        priceId: priceId ?? '',
        tier,
        interval: interval ?? 'monthly',
        amountCents: session.amountTotal ?? 0,
        currency: (session.currency ?? this.deps.plans.currency).toUpperCase(),
        userId: session.userId && (await findUserById(db, session.userId)) ? session.userId : null,
        customerEmail: session.customerEmail,
        successUrl: `${this.deps.publicUrl}/payment-success`,
        cancelUrl: `${this.deps.publicUrl}/subscription`,
      });
    }
    const row = await updateCheckoutSession(db, session.id, {
      status: session.status,
      paid: session.paid,
      customerId: session.customerId,
      subscriptionId: session.subscriptionId,
      completedAt: new Date(created * 1000),
      ...(session.customerEmail && !existing?.customerEmail ? { customerEmail: session.customerEmail } : {}),
    });
    if (!session.paid) return;
    if (current) await this.applySubscription(db, current, created, true, affectedUsers, row?.userId ?? null);
    await recordRevenue(db, {
      provider: this.deps.provider.kind,
      reference: session.id,
      kind: 'payment',
      userId: row?.userId ?? null,
      subscriptionId: session.subscriptionId,
      tier,
      interval,
      amountCents: session.amountTotal ?? row?.amountCents ?? 0,
      currency: (session.currency ?? row?.currency ?? this.deps.plans.currency).toUpperCase(),
      occurredAt: new Date(created * 1000),
    });
  }

  /**
   * Stores a subscription's state. State read back from the provider is current and always
   * applies; state carried by an event applies only if no newer event was applied before it.
   */
  private async applySubscription(
    db: Db,
    state: ProviderSubscription,
    eventCreated: number,
    fresh: boolean,
    affectedUsers: Set<string>,
    knownUserId: string | null = null,
  ): Promise<void> {
    const stored = await findSubscription(db, state.id);
    if (!fresh && stored && stored.lastEventCreated > eventCreated) return;
    const fromSession = stored?.userId || knownUserId ? undefined : await findCheckoutSessionBySubscription(db, state.id);
    const candidate = stored?.userId ?? knownUserId ?? fromSession?.userId ?? state.userId;
    const userId = candidate && (stored?.userId || (await findUserById(db, candidate))) ? candidate : null;
    const { tier, interval } = this.tierOfPrice(state.priceId);
    await upsertSubscription(db, {
      id: state.id,
      provider: this.deps.provider.kind,
      userId,
      customerId: state.customerId,
      priceId: state.priceId,
      tier,
      interval,
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      endedAt: state.endedAt,
      lastEventCreated: Math.max(eventCreated, stored?.lastEventCreated ?? 0),
    });
    if (userId) affectedUsers.add(userId);
  }

  /**
   * The user's tier is the best tier among their entitling subscriptions; a cancelled one keeps
   * it to the end of the paid period (`subscriptionEndsAt`). With none, the user is free.
   */
  private async recomputeUserPlan(userId: string, db: Db = this.deps.db): Promise<void> {
    const owned = await listSubscriptionsOfUser(db, userId);
    const entitling = owned
      .filter((sub) => ENTITLED_STATUSES.has(sub.status) && !sub.endedAt && sub.tier !== 'free')
      .sort((a, b) => TIER_RANK[b.tier] - TIER_RANK[a.tier] || Number(a.cancelAtPeriodEnd) - Number(b.cancelAtPeriodEnd));
    const best = entitling[0];
    await setUserPlan(db, userId, {
      subscriptionTier: best?.tier ?? 'free',
      subscriptionEndsAt: best?.cancelAtPeriodEnd ? best.currentPeriodEnd : null,
    });
  }

  // Helpers

  /** Return addresses only on our own origin: a path, or an absolute URL of our origin. */
  private ownUrl(field: 'successUrl' | 'cancelUrl', value: string): string {
    const isPath = value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
    const absolute = isPath ? `${this.publicOrigin}${value}` : value;
    let parsed: URL;
    try {
      parsed = new URL(absolute);
    } catch {
      throw AppError.validation(field, BILLING_MESSAGES.foreignReturnUrl);
    }
    if (parsed.origin !== this.publicOrigin) throw AppError.validation(field, BILLING_MESSAGES.foreignReturnUrl);
    // The original text is kept: Stripe fills `{CHECKOUT_SESSION_ID}` only if its braces survive.
    return absolute;
  }
}

function subscriptionOf(event: BillingEvent): string | null {
  switch (event.type) {
    case 'checkout.completed':
      return event.session.subscriptionId;
    case 'subscription.changed':
      return event.subscription.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return event.invoice.subscriptionId;
    default:
      return null;
  }
}
