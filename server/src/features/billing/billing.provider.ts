import type { BillingInterval } from '#contract/plans.ts';

/**
 * One interface over the card provider: Stripe, or the local test provider. The billing
 * service speaks only this; both providers answer in these shapes.
 */

export type ProviderCheckoutSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  customerEmail: string | null;
  /** The price actually bought (line items), else the one we asked for (metadata). */
  priceId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  amountTotal: number | null;
  currency: string | null;
  /** The signed-in user who started the checkout, when there was one. */
  userId: string | null;
};

export type ProviderSubscription = {
  id: string;
  customerId: string;
  priceId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  userId: string | null;
};

export type ProviderInvoice = {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  priceId: string | null;
  amountCents: number;
  currency: string;
  billingReason: string | null;
};

/** Provider events in our terms; Stripe's webhooks and the local provider both produce these. */
export type BillingEvent = { id: string; created: number } & (
  | { type: 'checkout.completed'; session: ProviderCheckoutSession }
  | { type: 'subscription.changed'; subscription: ProviderSubscription }
  | { type: 'invoice.paid'; invoice: ProviderInvoice }
  | { type: 'invoice.payment_failed'; invoice: ProviderInvoice }
  | { type: 'ignored'; providerType: string }
);

export type CreateCheckoutInput = {
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | undefined;
  customerId: string | undefined;
  userId: string | undefined;
};

export type PaymentProvider = {
  readonly kind: 'stripe' | 'local';
  createCheckout(input: CreateCheckoutInput): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<ProviderCheckoutSession | undefined>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined>;
  createPortal(input: { customerId: string; userId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Ends a subscription now (account deletion); one that is already gone is not an error. */
  cancelSubscription(id: string): Promise<void>;
  /**
   * Moves a running subscription to another price, prorated, and keeps it running (a scheduled
   * cancellation is withdrawn). The tier follows from the provider's event, not from this call.
   */
  changeSubscriptionPrice(id: string, change: { priceId: string; interval: BillingInterval }): Promise<void>;
};
