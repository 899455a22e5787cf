import Stripe from 'stripe';
import { BILLING_MESSAGES } from '#contract/billing.ts';
import { AppError } from '#server/http/app-error.ts';
import type { BillingConfig } from '#server/billing-config.ts';
import type {
  BillingEvent,
  CreateCheckoutInput,
  PaymentProvider,
  ProviderCheckoutSession,
  ProviderInvoice,
  ProviderSubscription,
} from './billing.provider.ts';

type StripeSettings = Extract<BillingConfig['provider'], { kind: 'stripe' }>;

/**
 * Stripe through its own package. Webhook payloads are only triggers and facts about money: the
 * state of a subscription is always read back from Stripe, so events arriving out of order or
 * twice converge on Stripe's current state.
 */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(settings.apiBase ?? {}),
    });
  }

  async createCheckout(input: CreateCheckoutInput): Promise<{ id: string; url: string }> {
    const metadata: Record<string, string> = { priceId: input.priceId, ...(input.userId ? { userId: input.userId } : {}) };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: input.priceId, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      ...(input.userId ? { client_reference_id: input.userId } : {}),
      ...(input.customerId ? { customer: input.customerId } : input.customerEmail ? { customer_email: input.customerEmail } : {}),
      metadata,
      subscription_data: { metadata },
    });
    if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', BILLING_MESSAGES.noCheckoutUrl);
    return { id: session.id, url: session.url };
  }

  async retrieveCheckout(id: string): Promise<ProviderCheckoutSession | undefined> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] });
      return toCheckoutSession(session);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | undefined> {
    try {
      return toSubscription(await this.stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
    return { url: session.url };
  }

  async cancelSubscription(id: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(id);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
  }

  /**
   * Stripe's own plan change: the subscription's one item gets the new price. The prorated
   * difference is invoiced at once (`always_invoice`), so an upgrade is paid when it is granted and
   * a downgrade leaves a credit for the next invoices; a change of interval starts a new period.
   */
  async changeSubscriptionPrice(id: string, { priceId }: { priceId: string }): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(id);
    const item = subscription.items.data[0];
    if (!item) throw new AppError('SERVICE_UNAVAILABLE', BILLING_MESSAGES.checkoutFailed);
    await this.stripe.subscriptions.update(id, {
      items: [{ id: item.id, price: priceId }],
      proration_behavior: 'always_invoice',
      // Choosing a plan means staying: a scheduled cancellation is withdrawn.
      ...(subscription.cancel_at_period_end ? { cancel_at_period_end: false } : subscription.cancel_at ? { cancel_at: '' as const } : {}),
    });
  }

  /**
   * Checks the signature over the raw bytes, with Stripe's 300-second replay window, and turns the
   * event into ours. A bad signature or a stale timestamp is a 400, and nothing is applied.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.settings.webhookSecret);
    } catch {
      throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.webhookSignature);
    }
    return toBillingEvent(event as unknown as RawEvent);
  }
}

type RawEvent = { id: string; type: string; created: number; data: { object: unknown } };

function toBillingEvent(event: RawEvent): BillingEvent {
  const base = { id: event.id, created: event.created };
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { ...base, type: 'checkout.completed', session: toCheckoutSession(object) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, type: 'subscription.changed', subscription: toSubscription(object) };
    case 'invoice.paid':
      return { ...base, type: 'invoice.paid', invoice: toInvoice(object) };
    case 'invoice.payment_failed':
      return { ...base, type: 'invoice.payment_failed', invoice: toInvoice(object) };
    default:
      return { ...base, type: 'ignored', providerType: event.type };
  }
}

// Stripe's objects change shape between API versions (period ends moved to items, invoices'
// subscription moved under `parent`), so they are read leniently from both places.

function toCheckoutSession(object: unknown): ProviderCheckoutSession {
  const paymentStatus = text(object, 'payment_status');
  const status = text(object, 'status');
  return {
    id: text(object, 'id') ?? '',
    status: status === 'complete' || status === 'expired' ? status : 'open',
    paid: paymentStatus === 'paid' || paymentStatus === 'no_payment_required',
    customerEmail: text(object, 'customer_details', 'email') ?? text(object, 'customer_email') ?? null,
    priceId: text(object, 'line_items', 'data', 0, 'price', 'id') ?? text(object, 'metadata', 'priceId') ?? null,
    customerId: idOf(read(object, 'customer')),
    subscriptionId: idOf(read(object, 'subscription')),
    amountTotal: number(object, 'amount_total') ?? null,
    currency: text(object, 'currency') ?? null,
    userId: text(object, 'metadata', 'userId') ?? text(object, 'client_reference_id') ?? null,
  };
}

function toSubscription(object: unknown): ProviderSubscription {
  const item = read(object, 'items', 'data', 0);
  const periodEnd = number(item, 'current_period_end') ?? number(object, 'current_period_end');
  const cancelAt = number(object, 'cancel_at');
  const endedAt = number(object, 'ended_at');
  return {
    id: text(object, 'id') ?? '',
    customerId: idOf(read(object, 'customer')) ?? '',
    priceId: text(item, 'price', 'id') ?? '',
    status: text(object, 'status') ?? 'incomplete',
    // A cancellation scheduled for a date (`cancel_at`) is a cancellation at that date.
    currentPeriodEnd: cancelAt ? new Date(cancelAt * 1000) : periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: read(object, 'cancel_at_period_end') === true || cancelAt !== undefined,
    endedAt: endedAt ? new Date(endedAt * 1000) : null,
    userId: text(object, 'metadata', 'userId') ?? null,
  };
}

function toInvoice(object: unknown): ProviderInvoice {
  const line = read(object, 'lines', 'data', 0);
  return {
    id: text(object, 'id') ?? '',
    subscriptionId: idOf(read(object, 'parent', 'subscription_details', 'subscription')) ?? idOf(read(object, 'subscription')),
    customerId: idOf(read(object, 'customer')),
    priceId: text(line, 'pricing', 'price_details', 'price') ?? text(line, 'price', 'id') ?? null,
    amountCents: number(object, 'amount_paid') || number(object, 'amount_due') || 0,
    currency: (text(object, 'currency') ?? 'usd').toUpperCase(),
    billingReason: text(object, 'billing_reason') ?? null,
  };
}

function read(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function text(value: unknown, ...path: (string | number)[]): string | undefined {
  const found = read(value, ...path);
  return typeof found === 'string' && found !== '' ? found : undefined;
}

function number(value: unknown, ...path: (string | number)[]): number | undefined {
  const found = read(value, ...path);
  return typeof found === 'number' && Number.isFinite(found) ? found : undefined;
}

/** Expandable fields are an id or the object itself. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return text(value, 'id') ?? null;
}

function isMissing(error: unknown): boolean {
  const e = error as { statusCode?: number; code?: string };
  return e.statusCode === 404 || e.code === 'resource_missing';
}
