import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { billingEvents, checkoutSessions, revenueEvents, subscriptions, users } from '#server/db/schema/index.ts';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type NewCheckoutSession = typeof checkoutSessions.$inferInsert;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type NewRevenueEvent = typeof revenueEvents.$inferInsert;

// Checkout sessions

export async function insertCheckoutSession(db: Db, row: NewCheckoutSession): Promise<void> {
  await db.insert(checkoutSessions).values(row);
}

/** A Stripe session we did not create (a static payment link) is recorded when we first see it. */
export async function insertCheckoutSessionIfMissing(db: Db, row: NewCheckoutSession): Promise<void> {
  await db.insert(checkoutSessions).values(row).onConflictDoNothing();
}

export async function findCheckoutSession(db: Db, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

export async function findCheckoutSessionBySubscription(db: Db, subscriptionId: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.subscriptionId, subscriptionId))
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  return row;
}

export async function updateCheckoutSession(db: Db, id: string, changes: Partial<NewCheckoutSession>): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.update(checkoutSessions).set(changes).where(eq(checkoutSessions.id, id)).returning();
  return row;
}

/** Takes a paid session for a new account, atomically: of two racing registrations only one wins. */
export async function claimCheckoutSession(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(checkoutSessions)
    .set({ claimedAt: at })
    .where(and(eq(checkoutSessions.id, id), isNull(checkoutSessions.claimedAt), isNull(checkoutSessions.userId)))
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
}

/** The account could not be created (a taken username): the payment may be used again. */
export async function releaseCheckoutClaim(db: Db, id: string): Promise<void> {
  await db.update(checkoutSessions).set({ claimedAt: null }).where(and(eq(checkoutSessions.id, id), isNull(checkoutSessions.userId)));
}

// Events

/** Records a provider event id; false when it was applied before. */
export async function recordBillingEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(billingEvents).values({ id, type }).onConflictDoNothing().returning({ id: billingEvents.id });
  return rows.length > 0;
}

// Subscriptions

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function upsertSubscription(db: Db, row: NewSubscription): Promise<SubscriptionRow> {
  const { id: _id, createdAt: _createdAt, ...changes } = row;
  const [saved] = await db
    .insert(subscriptions)
    .values(row)
    .onConflictDoUpdate({ target: subscriptions.id, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return saved!;
}

export async function listSubscriptionsOfUser(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt));
}

/** Only a subscription with no owner yet is linked: a payment never moves between accounts. */
export async function linkSubscription(db: Db, subscriptionId: string, userId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.userId)));
  await db
    .update(revenueEvents)
    .set({ userId })
    .where(and(eq(revenueEvents.subscriptionId, subscriptionId), isNull(revenueEvents.userId)));
}

/** Local subscriptions whose paid period is over: they renew, or end if they were cancelled. */
export async function listLocalSubscriptionsDue(db: Db, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
}

// Revenue

export async function recordRevenue(db: Db, row: NewRevenueEvent): Promise<void> {
  await db.insert(revenueEvents).values(row).onConflictDoNothing();
}

export async function listRevenue(db: Db) {
  return db.select().from(revenueEvents).orderBy(desc(revenueEvents.occurredAt));
}

// The user's plan fields

export async function setUserPlan(db: Db, userId: string, plan: { subscriptionTier: 'free' | 'starter' | 'pro'; subscriptionEndsAt: Date | null }): Promise<void> {
  await db.update(users).set({ ...plan, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Sets the trial end once; answers the stored end either way. */
export async function startTrial(db: Db, userId: string, trialEndsAt: Date): Promise<Date | undefined> {
  await db
    .update(users)
    .set({ trialEndsAt, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.trialEndsAt)));
  const [row] = await db.select({ trialEndsAt: users.trialEndsAt }).from(users).where(eq(users.id, userId));
  return row?.trialEndsAt ?? undefined;
}

/** Adds the extension once per account, atomically: two clicks cannot both add days. */
export async function extendTrialOnce(db: Db, userId: string, days: number, currentEnd: Date, at: Date): Promise<Date | undefined> {
  const [row] = await db
    .update(users)
    .set({
      trialEndsAt: sql`${currentEnd.toISOString()}::timestamptz + make_interval(days => ${days})`,
      trialExtendedAt: at,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), isNull(users.trialExtendedAt)))
    .returning({ trialEndsAt: users.trialEndsAt });
  return row?.trialEndsAt ?? undefined;
}
