import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { escapeLike } from '#server/db/sql.ts';
import { auditLog, checkoutSessions, contactMessages, rateLimits, revenueEvents, shareLinks, subscriptions, users } from '#server/db/schema/index.ts';

/**
 * The writes of account deletion. Every table holding a user's data cascades with the user row;
 * these are the rows that outlive it by design (the audit log, billing facts, contact messages,
 * rate counters), scrubbed of anything that names the person before the user row goes.
 */

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.isAdmin, true));
  return row?.count ?? 0;
}

/** Share links stop opening at once, before the slower parts of deletion. */
export async function deleteShareLinksOf(db: Db, userId: string): Promise<void> {
  await db.delete(shareLinks).where(eq(shareLinks.userId, userId));
}

/**
 * In one transaction: the audit log keeps its entries but loses the person (their addresses and
 * details, and their id as a target; the actor id is set null by the foreign key); their contact
 * messages, checkout sessions, subscriptions (already cancelled at the provider) and rate-limit
 * counters go; revenue facts stay as anonymous amounts; then the user row and, by cascade, all
 * their data. False when the user was already gone.
 */
export async function eraseUser(db: Db, user: { id: string; email: string; username: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const email = user.email.toLowerCase();
    const username = user.username.toLowerCase();
    await tx.update(auditLog).set({ ipAddress: null, details: null }).where(eq(auditLog.actorId, user.id));
    await tx.update(auditLog).set({ targetId: null }).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, user.id)));
    await tx.delete(contactMessages).where(or(eq(contactMessages.userId, user.id), sql`lower(${contactMessages.email}) = ${email}`));
    await tx.delete(checkoutSessions).where(or(eq(checkoutSessions.userId, user.id), sql`lower(${checkoutSessions.customerEmail}) = ${email}`));
    await tx.update(revenueEvents).set({ userId: null, subscriptionId: null }).where(eq(revenueEvents.userId, user.id));
    await tx.delete(subscriptions).where(eq(subscriptions.userId, user.id));
    // Rate keys are "<rule>:<subject>", the subject an e-mail, a username, a user id or "<identifier>|<address>".
    for (const subject of new Set([email, username, user.id.toLowerCase()])) {
      await tx.delete(rateLimits).where(or(sql`${rateLimits.key} like ${`%:${escapeLike(subject)}`}`, sql`${rateLimits.key} like ${`%:${escapeLike(subject)}|%`}`));
    }
    const deleted = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
    return deleted.length > 0;
  });
}

