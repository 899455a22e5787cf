import { BILLING_MESSAGES } from '#contract/billing.ts';
import type { PlanCatalogue } from '#contract/plans.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  type CheckoutSessionRow,
  type SubscriptionRow,
  findCheckoutSession,
  findSubscription,
  listLocalSubscriptionsDue,
  listSubscriptionsOfUser,
  updateCheckoutSession,
  upsertSubscription,
} from './billing.repository.ts';
import { ENTITLED_STATUSES } from './billing.service.ts';
import { type LocalProvider, addInterval, newId } from './local.provider.ts';
import type { Plan } from './paid-plans.ts';

type Dependencies = {
  db: Db;
  provider: LocalProvider;
  plans: PlanCatalogue;
  plansByPrice: Map<string, Plan>;
  /** The user's subscription that grants a tier now (the billing service's rule). */
  currentSubscription(userId: string): Promise<SubscriptionRow | undefined>;
  publicUrl: string;
  now: () => Date;
};

/**
 * The local provider's hosted pages and clock: what Stripe's checkout page, customer portal and
 * renewals do, each ending in the events Stripe's webhooks would send. No money moves.
 */
export class LocalCheckoutService {
  constructor(private readonly deps: Dependencies) {}

  async checkout(sessionId: string): Promise<{ row: CheckoutSessionRow; planLabel: string; price: string }> {
    const row = await findCheckoutSession(this.deps.db, sessionId);
    if (!row || row.provider !== 'local') throw AppError.notFound(BILLING_MESSAGES.sessionNotFound);
    const { tier, interval } = row;
    const label = tier === 'free' ? 'Free' : this.deps.plans.tiers[tier].label;
    return { row, planLabel: `${label} (${interval})`, price: formatCents(row.amountCents, row.currency) };
  }

  /** "Pay" on the test page: what Stripe would do, then the event its webhook would send. Answers where to go next. */
  async pay(sessionId: string, email: string | undefined): Promise<string> {
    const { row } = await this.checkout(sessionId);
    if (row.status !== 'open') return fillSessionId(row.successUrl, row.id);
    const customerEmail = row.customerEmail ?? email;
    if (!customerEmail) throw AppError.validation('email', 'Please enter a valid email address');
    // A checkout opened before the user subscribed elsewhere (another tab): paying it would start
    // a second subscription.
    if (row.userId && (await this.deps.currentSubscription(row.userId))) {
      await updateCheckoutSession(this.deps.db, row.id, { status: 'expired' });
      throw new AppError('CONFLICT', BILLING_MESSAGES.alreadySubscribed);
    }
    const owned = row.userId ? await listSubscriptionsOfUser(this.deps.db, row.userId) : [];
    const customerId = owned.find((sub) => sub.provider === 'local')?.customerId ?? newId('cus_local');
    const subscriptionId = newId('sub_local');
    await upsertSubscription(this.deps.db, {
      id: subscriptionId,
      provider: 'local',
      userId: null,
      customerId,
      priceId: row.priceId,
      tier: row.tier,
      interval: row.interval,
      status: 'active',
      currentPeriodEnd: addInterval(this.deps.now(), row.interval),
      cancelAtPeriodEnd: false,
      endedAt: null,
      lastEventCreated: 0,
    });
    const { priceId, amountCents: amountTotal, currency, userId } = row;
    const session = { id: row.id, status: 'complete' as const, paid: true, customerEmail, priceId, customerId, subscriptionId, amountTotal, currency, userId };
    await this.deps.provider.send({ type: 'checkout.completed', session });
    return fillSessionId(row.successUrl, row.id);
  }

  /** "Cancel" on the test page: the session expires and the visitor goes back. */
  async cancel(sessionId: string): Promise<string> {
    const { row } = await this.checkout(sessionId);
    if (row.status === 'open') await updateCheckoutSession(this.deps.db, row.id, { status: 'expired' });
    return row.cancelUrl;
  }

  async portal(token: string) {
    const userId = this.deps.provider.verifyPortalToken(token);
    if (!userId) throw AppError.notFound('This link has expired. Open the subscription settings again.');
    const owned = await listSubscriptionsOfUser(this.deps.db, userId);
    return {
      userId,
      subscriptions: owned
        .filter((sub) => sub.provider === 'local')
        .map((sub) => ({ ...sub, planLabel: sub.tier === 'free' ? 'Unknown plan' : `${this.deps.plans.tiers[sub.tier].label} (${sub.interval ?? 'monthly'})` })),
      returnUrl: `${this.deps.publicUrl}/profile`,
    };
  }

  /** "Cancel" in the portal: the plan stays until the end of the paid period, as with Stripe. */
  async cancelSubscription(token: string, subscriptionId: string): Promise<void> {
    const { userId } = await this.portal(token);
    const sub = await findSubscription(this.deps.db, subscriptionId);
    if (!sub || sub.userId !== userId || sub.provider !== 'local') throw AppError.notFound('Subscription not found');
    if (sub.cancelAtPeriodEnd || !ENTITLED_STATUSES.has(sub.status)) return;
    await upsertSubscription(this.deps.db, { ...sub, cancelAtPeriodEnd: true });
    await this.deps.provider.sendSubscriptionChanged(sub.id);
  }

  /**
   * What Stripe does at the end of a period: a cancelled subscription ends (the user goes back to
   * free), any other renews and counts a payment. Run periodically; answers how many were due.
   */
  async settle(): Promise<number> {
    const now = this.deps.now();
    const due = await listLocalSubscriptionsDue(this.deps.db, now);
    for (const sub of due) {
      if (sub.cancelAtPeriodEnd) {
        await upsertSubscription(this.deps.db, { ...sub, status: 'canceled', endedAt: sub.currentPeriodEnd });
        await this.deps.provider.sendSubscriptionChanged(sub.id);
        continue;
      }
      await upsertSubscription(this.deps.db, { ...sub, currentPeriodEnd: addInterval(sub.currentPeriodEnd ?? now, sub.interval ?? 'monthly') });
      const amountCents = this.deps.plansByPrice.get(sub.priceId)?.amountCents ?? 0;
      const invoice = { id: newId('in_local'), subscriptionId: sub.id, customerId: sub.customerId, priceId: sub.priceId, amountCents, currency: this.deps.plans.currency };
      await this.deps.provider.send({ type: 'invoice.paid', invoice: { ...invoice, billingReason: 'subscription_cycle' } });
    }
    return due.length;
  }
}

function fillSessionId(url: string, sessionId: string): string {
  return url.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
}

function formatCents(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}
