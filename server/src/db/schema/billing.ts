import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const TIER = ['free', 'starter', 'pro'] as const;
const INTERVAL = ['monthly', 'yearly'] as const;
const PROVIDER = ['stripe', 'local'] as const;

/**
 * Checkout sessions we created, with either provider. The local provider keeps its whole state
 * here; for Stripe the row remembers who asked and, once paid, which subscription it started, so
 * that post-payment registration can claim it exactly once.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: PROVIDER }).notNull(),
    priceId: text('price_id').notNull(),
    tier: text('tier', { enum: TIER }).notNull(),
    interval: text('interval', { enum: INTERVAL }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Set when a signed-in user started the checkout, or when post-payment registration claimed it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email'),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull().default('open'),
    paid: boolean('paid').notNull().default(false),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** When post-payment registration used this payment for an account; a session works once. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkout_sessions_user_id_idx').on(t.userId), index('checkout_sessions_subscription_id_idx').on(t.subscriptionId)],
);

/** The provider's subscriptions as last read from the provider; a user's tier is derived from these. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: PROVIDER }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: text('customer_id').notNull(),
    priceId: text('price_id').notNull(),
    tier: text('tier', { enum: TIER }).notNull(),
    interval: text('interval', { enum: INTERVAL }),
    /** The provider's status word: active, trialing, past_due, canceled, unpaid, incomplete… */
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** `created` (seconds) of the newest provider event applied, so an older one never overwrites it. */
    lastEventCreated: bigint('last_event_created', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_id_idx').on(t.userId), index('subscriptions_customer_id_idx').on(t.customerId)],
);

/** Provider event ids already applied: each webhook event takes effect once. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Money facts for the admin dashboard: what was paid or failed, for which tier and interval. */
export const revenueEvents = pgTable(
  'revenue_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: PROVIDER }).notNull(),
    /** The checkout session or invoice the fact comes from; one fact per reference. */
    reference: text('reference').notNull().unique(),
    kind: text('kind', { enum: ['payment', 'payment_failed'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: text('subscription_id'),
    tier: text('tier', { enum: TIER }).notNull(),
    interval: text('interval', { enum: INTERVAL }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revenue_events_occurred_at_idx').on(t.occurredAt), index('revenue_events_user_id_idx').on(t.userId)],
);
