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

export async function insertUsageEvent(db: Db, userId: string, kind: UsageKind): Promise<void> {
  await db.insert(usageEvents).values({ userId, kind });
}
