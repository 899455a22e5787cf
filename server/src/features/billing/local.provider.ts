import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BillingInterval } from '#contract/plans.ts';
import type { Db } from '#server/db/client.ts';
import type { CreateCheckoutInput, PaymentProvider, ProviderCheckoutSession, ProviderSubscription } from './billing.provider.ts';
import { findCheckoutSession, findSubscription, upsertSubscription } from './billing.repository.ts';

const PORTAL_LINK_MINUTES = 60;

/**
 * The payment provider of a machine without a Stripe key: checkout sessions live in our own
 * table and are paid on a clearly labelled local test page (`/billing/local-checkout/{id}`). No
 * money moves. Paying produces the same events Stripe's webhooks would.
 */
export class LocalProvider implements PaymentProvider {
  readonly kind = 'local' as const;

  constructor(
    private readonly deps: { db: Db; publicUrl: string; secret: string; now: () => Date },
  ) {}

  async createCheckout(_input: CreateCheckoutInput): Promise<{ id: string; url: string }> {
    const id = newId('cs_local');
    return { id, url: `${this.deps.publicUrl}/billing/local-checkout/${id}` };
  }

  async retrieveCheckout(id: string): Promise<ProviderCheckoutSession | undefined> {
    const row = await findCheckoutSession(this.deps.db, id);
    if (!row || row.provider !== 'local') return undefined;
    return {
      id: row.id,
      status: row.status,
      paid: row.paid,
      customerEmail: row.customerEmail,
      priceId: row.priceId,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      amountTotal: row.paid ? row.amountCents : null,
      currency: row.currency,
      userId: row.userId,
    };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | undefined> {
    const row = await findSubscription(this.deps.db, id);
    if (!row || row.provider !== 'local') return undefined;
    return {
      id: row.id,
      customerId: row.customerId,
      priceId: row.priceId,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      endedAt: row.endedAt,
      userId: row.userId,
    };
  }

  async createPortal(input: { userId: string }): Promise<{ url: string }> {
    return { url: `${this.deps.publicUrl}/billing/local-portal/${this.portalToken(input.userId)}` };
  }

  /** What Stripe does on DELETE /v1/subscriptions/{id}: the subscription ends now. */
  async cancelSubscription(id: string): Promise<void> {
    const row = await findSubscription(this.deps.db, id);
    if (!row || row.provider !== 'local' || row.status === 'canceled') return;
    const now = this.deps.now();
    await upsertSubscription(this.deps.db, { ...row, status: 'canceled', cancelAtPeriodEnd: false, endedAt: now, updatedAt: now });
  }

  /**
   * What Stripe does on a plan change: the new price at once; a new interval starts a new period
   * from now, the same interval keeps the period. Proration is charged by the billing service's
   * local invoice event.
   */
  async changeSubscriptionPrice(id: string, change: { priceId: string; interval: BillingInterval }): Promise<void> {
    const row = await findSubscription(this.deps.db, id);
    if (!row || row.provider !== 'local') return;
    const now = this.deps.now();
    const newPeriod = row.interval !== change.interval || !row.currentPeriodEnd;
    await upsertSubscription(this.deps.db, {
      ...row,
      priceId: change.priceId,
      interval: change.interval,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: newPeriod ? addInterval(now, change.interval) : row.currentPeriodEnd,
      updatedAt: now,
    });
  }

  /** A signed, short-lived link to one user's local portal; the page needs no cookie. */
  portalToken(userId: string): string {
    const expires = Math.floor(this.deps.now().getTime() / 1000) + PORTAL_LINK_MINUTES * 60;
    const payload = `${userId}.${expires}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The user id of a valid, unexpired portal token. */
  verifyPortalToken(token: string): string | undefined {
    const [userId, expires, signature] = token.split('.');
    if (!userId || !expires || !signature) return undefined;
    const expected = Buffer.from(this.sign(`${userId}.${expires}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    if (Number(expires) * 1000 < this.deps.now().getTime()) return undefined;
    return userId;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.deps.secret).update(`local-portal:${payload}`).digest('base64url');
  }
}

export function addInterval(from: Date, interval: BillingInterval, times = 1): Date {
  const result = new Date(from);
  if (interval === 'yearly') result.setUTCFullYear(result.getUTCFullYear() + times);
  else result.setUTCMonth(result.getUTCMonth() + times);
  return result;
}

/** Stripe-like ids (`cs_local_…`, `sub_local_…`) that match the id patterns of our calls. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}
