import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { usageEvents } from '#server/db/schema/index.ts';

export type UsageKind = (typeof usageEvents.$inferSelect)['kind'];

export async function countUsageSince(db: Db, userId: string, kind: UsageKind, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, kind), gte(usageEvents.createdAt, since)));
  return row?.count ?? 0;
}

/**
 * Records one use if fewer than `limit` happened since `since`, atomically per user: a
 * transaction-scoped advisory lock on the user serialises concurrent requests, so two parallel
 * uploads cannot both take the last slot. Answers the id of the recorded use, or undefined.
 */
export async function recordUsageWithin(
  db: Db,
  userId: string,
  kind: UsageKind,
  limit: { max: number; since: Date } | null,
  /** When the use happened; the caller's clock, so that windows and records agree (tests inject a clock). */
  at?: Date,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${userId}, 0))`);
    if (limit) {
      const used = await countUsageSince(tx, userId, kind, limit.since);
      if (used >= limit.max) return undefined;
    }
    const [row] = await tx
      .insert(usageEvents)
      .values({ userId, kind, ...(at ? { createdAt: at } : {}) })
      .returning({ id: usageEvents.id });
    return row!.id;
  });
}

/** Takes back a recorded use whose work failed, so it is not counted. */
export async function deleteUsageEvent(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(usageEvents).where(and(eq(usageEvents.userId, userId), eq(usageEvents.id, id)));
}

/** The oldest use inside the window: when it leaves the window, a slot frees up. */
export async function oldestUsageSince(db: Db, userId: string, kind: UsageKind, since: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: sql<Date>`min(${usageEvents.createdAt})` })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, kind), gte(usageEvents.createdAt, since)));
  return row?.createdAt ? new Date(row.createdAt) : undefined;
}

/** Both metered counts in one indexed read: AI messages since one date, lab uploads since another. */
export async function countUsage(db: Db, userId: string, since: { aiMessages: Date; labUploads: Date }) {
  const earliest = since.aiMessages < since.labUploads ? since.aiMessages : since.labUploads;
  const [row] = await db
    .select({
      aiMessages: sql<number>`(count(*) filter (where ${usageEvents.kind} = 'ai_message' and ${usageEvents.createdAt} >= ${since.aiMessages}))::int`,
      labUploads: sql<number>`(count(*) filter (where ${usageEvents.kind} = 'lab_upload' and ${usageEvents.createdAt} >= ${since.labUploads}))::int`,
    })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), gte(usageEvents.createdAt, earliest)));
  return { aiMessages: row?.aiMessages ?? 0, labUploads: row?.labUploads ?? 0 };
}
