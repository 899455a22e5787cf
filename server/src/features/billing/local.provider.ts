import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BillingInterval } from '#contract/plans.ts';
import type { Db } from '#server/db/client.ts';
import type { BillingEvent, CreateCheckoutInput, PaymentProvider, ProviderCheckoutSession, ProviderSubscription } from './billing.provider.ts';
import { type SubscriptionRow, findCheckoutSession, findSubscription, upsertSubscription } from './billing.repository.ts';
import type { Plan } from './paid-plans.ts';

const PORTAL_LINK_MINUTES = 60;

/** Omit over each member of a union, so that each event keeps its own fields. */
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * The payment provider of a machine without a Stripe key: checkout sessions live in our own
 * table and are paid on a clearly labelled local test page (`/billing/local-checkout/{id}`). No
 * money moves. Paying, changing plan, cancelling and renewing send the events Stripe's webhooks
 * would, to the handler given to `sendEventsTo` (the billing service's `applyEvent`).
 */
export class LocalProvider implements PaymentProvider {
  readonly kind = 'local' as const;

  private deliver: (event: BillingEvent) => Promise<unknown> = async () => {
    throw new Error('The local provider has nowhere to send its events: call sendEventsTo first');
  };

  constructor(
    private readonly deps: { db: Db; publicUrl: string; secret: string; plansByPrice: Map<string, Plan>; currency: string; now: () => Date },
  ) {}

  /** Where the events go that Stripe would send to our webhook. */
  sendEventsTo(handler: (event: BillingEvent) => Promise<unknown>): void {
    this.deliver = handler;
  }

  /** Sends one event as a webhook would, stamped now. */
  async send(event: DistributiveOmit<BillingEvent, 'id' | 'created'>): Promise<void> {
    await this.deliver({ ...event, id: newId('evt_local'), created: Math.floor(this.deps.now().getTime() / 1000) } as BillingEvent);
  }

  /** The subscription's current state, as the event about it carries it. */
  async sendSubscriptionChanged(id: string): Promise<void> {
    const subscription = await this.retrieveSubscription(id);
    if (subscription) await this.send({ type: 'subscription.changed', subscription });
  }

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
   * from now, the same interval keeps the period; then the changed subscription's event and the
   * prorated invoice's.
   */
  async changeSubscriptionPrice(id: string, change: { priceId: string; interval: BillingInterval }): Promise<void> {
    const row = await findSubscription(this.deps.db, id);
    if (!row || row.provider !== 'local') return;
    const now = this.deps.now();
    const charge = this.proration(row, change.priceId);
    const newPeriod = row.interval !== change.interval || !row.currentPeriodEnd;
    await upsertSubscription(this.deps.db, {
      ...row,
      priceId: change.priceId,
      interval: change.interval,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: newPeriod ? addInterval(now, change.interval) : row.currentPeriodEnd,
      updatedAt: now,
    });
    await this.sendSubscriptionChanged(id);
    if (charge <= 0) return;
    const invoice = { id: newId('in_local'), subscriptionId: id, customerId: row.customerId, priceId: change.priceId, amountCents: charge, currency: this.deps.currency };
    await this.send({ type: 'invoice.paid', invoice: { ...invoice, billingReason: 'subscription_update' } });
  }

  /**
   * What Stripe charges for a plan change with `always_invoice`: the new price less the unused
   * part of the old one. The same interval keeps the period, so the difference is charged for the
   * rest of it; a new interval starts a new period, charged in full less the credit. A downgrade
   * charges nothing (Stripe would keep a credit for later invoices; the local provider does not).
   */
  private proration(current: SubscriptionRow, priceId: string): number {
    const plan = this.deps.plansByPrice.get(priceId);
    const old = this.deps.plansByPrice.get(current.priceId);
    if (!plan) return 0;
    if (!old || !current.currentPeriodEnd) return plan.amountCents;
    const end = current.currentPeriodEnd.getTime();
    const start = addInterval(current.currentPeriodEnd, old.interval, -1).getTime();
    const unused = Math.min(1, Math.max(0, (end - this.deps.now().getTime()) / (end - start)));
    const charge = old.interval === plan.interval ? (plan.amountCents - old.amountCents) * unused : plan.amountCents - old.amountCents * unused;
    return Math.max(0, Math.round(charge));
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
