import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { BillingInterval, Tier } from '#contract/plans.ts';
import type { Db } from '#server/db/client.ts';
import { escapeLike, selectRows } from '#server/db/sql.ts';
import { labFiles, users } from '#server/db/schema/index.ts';

/**
 * The admin's reads and writes across users. These are the only queries that look at many
 * users at once; each is an aggregate or a page, never a whole table sent somewhere.
 */

/**
 * When a user was last seen: a request with a session (touched hourly), a session's last use,
 * or a sign-in (from the audit log, which outlives ended sessions).
 */
// Qualified by hand: drizzle leaves a single table's columns unqualified, and inside these
// subqueries "id" would be the inner table's.
const lastActivity = sql<Date | null>`greatest(
  "users"."last_active_at",
  (select max(se.last_seen_at) from sessions se where se.user_id = "users"."id"),
  (select max(a.created_at) from audit_log a where a.actor_id = "users"."id" and a.action = 'auth.sign_in')
)`;
/** The user's running paid subscription, the one their tier follows (BillingService.currentSubscription). */
const runningSubscription = sql<RunningSubscription | null>`(
  select json_build_object('tier', s.tier, 'interval', s.interval, 'cancelAtPeriodEnd', s.cancel_at_period_end, 'currentPeriodEnd', s.current_period_end)
  from subscriptions s
  where s.user_id = "users"."id" and s.status in ('active', 'trialing', 'past_due') and s.ended_at is null and s.tier <> 'free'
  order by s.created_at desc limit 1)`;

const totalSupplements = sql<number>`(select count(*) from supplements s where s.user_id = "users"."id")::int`;

function activeSince(since: Date): SQL {
  const iso = since.toISOString();
  return sql`("users"."last_active_at" >= ${iso}
    or exists (select 1 from sessions se where se.user_id = "users"."id" and se.last_seen_at >= ${iso})
    or exists (select 1 from audit_log a where a.actor_id = "users"."id" and a.action = 'auth.sign_in' and a.created_at >= ${iso}))`;
}

type RunningSubscription = { tier: Tier; interval: BillingInterval | null; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null };

export type AdminUserRow = {
  id: string;
  username: string;
  name: string | null;
  email: string;
  subscriptionTier: Tier;
  subscription: RunningSubscription | null;
  createdAt: Date;
  isAdmin: boolean;
  totalSupplements: number;
  lastActivity: Date | null;
};

/** A page of users, newest first, searched in name, username and e-mail. */
export async function listUsersForAdmin(db: Db, options: { q: string; limit: number; offset: number }) {
  const pattern = `%${escapeLike(options.q.toLowerCase())}%`;
  const where = options.q
    ? sql`(lower(${users.email}) like ${pattern} or lower(${users.username}) like ${pattern} or lower(coalesce(${users.name}, '')) like ${pattern})`
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        email: users.email,
        subscriptionTier: users.subscriptionTier,
        subscription: runningSubscription,
        createdAt: users.createdAt,
        isAdmin: users.isAdmin,
        totalSupplements,
        lastActivity,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.createdAt} desc`, users.id)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows: rows.map(normaliseDates), total: count?.total ?? 0 };
}

export async function findUserForAdmin(db: Db, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      subscriptionTier: users.subscriptionTier,
      subscription: runningSubscription,
      createdAt: users.createdAt,
      isAdmin: users.isAdmin,
      totalSupplements,
      lastActivity,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ? normaliseDates(row) : undefined;
}

// Raw aggregate columns come back as strings from some drivers; make them dates.
function normaliseDates<T extends { lastActivity: Date | string | null }>(row: T): T & { lastActivity: Date | null } {
  return { ...row, lastActivity: row.lastActivity === null ? null : new Date(row.lastActivity) };
}

export async function countUsers(db: Db, activeSinceDate: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${activeSince(activeSinceDate)}))::int`,
      admins: sql<number>`(count(*) filter (where ${users.isAdmin}))::int`,
      free: sql<number>`(count(*) filter (where ${users.subscriptionTier} = 'free'))::int`,
      starter: sql<number>`(count(*) filter (where ${users.subscriptionTier} = 'starter'))::int`,
      pro: sql<number>`(count(*) filter (where ${users.subscriptionTier} = 'pro'))::int`,
    })
    .from(users);
  return row ?? { total: 0, active: 0, admins: 0, free: 0, starter: 0, pro: 0 };
}

/** Sign-ups per UTC month (`YYYY-MM`) since a date. */
export async function countSignupsByMonth(db: Db, since: Date): Promise<Map<string, number>> {
  const rows = await selectRows<{ month: string; count: number }>(db, sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as count
    from users where created_at >= ${since.toISOString()}
    group by 1`);
  return new Map(rows.map((row) => [row.month, Number(row.count)]));
}

/** Sign-ups per UTC year, every year there were any. */
export async function countSignupsByYear(db: Db): Promise<Map<number, number>> {
  const rows = await selectRows<{ year: number; count: number }>(db, sql`
    select extract(year from created_at at time zone 'UTC')::int as year, count(*)::int as count
    from users group by 1`);
  return new Map(rows.map((row) => [Number(row.year), Number(row.count)]));
}

export async function countUsageSince(db: Db, kind: 'ai_message' | 'lab_upload', since: Date): Promise<number> {
  const [row] = await selectRows<{ count: number }>(db, sql`
    select count(*)::int as count from usage_events where kind = ${kind} and created_at >= ${since.toISOString()}`);
  return Number(row?.count ?? 0);
}

export async function countStoredLabFiles(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(labFiles);
  return row?.count ?? 0;
}

export type RevenueRow = { tier: Tier; currency: string; amountCents: number; payments: number };

/** Paid amounts per tier and currency since a date (all time without one). */
export async function sumRevenueByTier(db: Db, since?: Date): Promise<RevenueRow[]> {
  const rows = await selectRows<RevenueRow>(db, sql`
    select tier, currency, coalesce(sum(amount_cents), 0)::bigint as "amountCents", count(*)::int as payments
    from revenue_events
    where kind = 'payment' ${since ? sql`and occurred_at >= ${since.toISOString()}` : sql``}
    group by tier, currency
    order by tier, currency`);
  return rows.map((row) => ({ tier: row.tier, currency: row.currency, amountCents: Number(row.amountCents), payments: Number(row.payments) }));
}

export async function countFailedPaymentsSince(db: Db, since: Date): Promise<number> {
  const [row] = await selectRows<{ count: number }>(db, sql`
    select count(*)::int as count from revenue_events where kind = 'payment_failed' and occurred_at >= ${since.toISOString()}`);
  return Number(row?.count ?? 0);
}

/**
 * Changes a user's details; a change to anyone's admin flag happens under one lock, so two admins
 * revoking each other at once cannot leave the product without one.
 */
export async function updateUserAsAdmin(
  db: Db,
  options: {
    id: string;
    actorId: string;
    changes: { name?: string | null | undefined; email: string; subscriptionTier: Tier; isAdmin?: boolean | undefined; emailVerifiedAt?: null };
  },
): Promise<'updated' | 'not-found' | 'actor-not-admin' | 'last-admin'> {
  return db.transaction(async (tx) => {
    if (options.changes.isAdmin !== undefined) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('stacklab.admin-flags', 0))`);
      const [actor] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, options.actorId));
      if (!actor?.isAdmin) return 'actor-not-admin';
      if (!options.changes.isAdmin) {
        const [others] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(users)
          .where(and(eq(users.isAdmin, true), sql`${users.id} <> ${options.id}`));
        if ((others?.count ?? 0) === 0) return 'last-admin';
      }
    }
    const updated = await tx
      .update(users)
      .set({ ...options.changes, updatedAt: new Date() })
      .where(eq(users.id, options.id))
      .returning({ id: users.id });
    return updated.length > 0 ? 'updated' : 'not-found';
  });
}

