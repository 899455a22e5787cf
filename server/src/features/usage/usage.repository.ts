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
