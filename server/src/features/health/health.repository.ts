import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { healthStats } from '#server/db/schema/index.ts';

export type HealthStatsRow = typeof healthStats.$inferSelect;
export type HealthStatsChanges = Partial<Omit<typeof healthStats.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>>;

export async function findHealthStats(db: Db, userId: string): Promise<HealthStatsRow | undefined> {
  const [row] = await db.select().from(healthStats).where(eq(healthStats.userId, userId));
  return row;
}

/** Creates the user's row on first save; afterwards changes only the given columns. */
export async function upsertHealthStats(db: Db, userId: string, changes: HealthStatsChanges): Promise<HealthStatsRow> {
  const [row] = await db
    .insert(healthStats)
    .values({ ...changes, userId })
    .onConflictDoUpdate({ target: healthStats.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}
