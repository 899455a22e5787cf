import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema/index.ts';

export type Counter = { count: number; resetAt: Date };

/**
 * Adds one to a fixed-window counter unless it has reached `limit`, in one atomic statement
 * (opening a new window when the old one ended). Undefined when the window is full: concurrent
 * callers cannot all pass between a read and a write.
 */
export async function takeFromCounter(db: Db, key: string, windowSeconds: number, limit: number): Promise<Counter | undefined> {
  const windowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${windowEnd} else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${rateLimits.resetAt} <= now() or ${rateLimits.count} < ${limit}`,
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row;
}

/** Takes one back from a counter's current window (an attempt that turned out not to count). */
export async function giveBackToCounter(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now() and ${rateLimits.count} > 0`);
}

export async function readCounter(db: Db, key: string): Promise<Counter | undefined> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
  return row;
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function deleteExpiredCounters(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
