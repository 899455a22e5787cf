import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Schedule } from '#contract/schedule.ts';
import type { Db } from '#server/db/client.ts';
import { labRetests, pushSubscriptions, reminderSends, reminderSettings, supplementLogs, supplements, users } from '#server/db/schema/index.ts';

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function findReminderSettings(db: Db, userId: string): Promise<ReminderSettingsRow | undefined> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  return row;
}

export async function saveReminderSettings(
  db: Db,
  userId: string,
  values: { emailEnabled?: boolean; pushEnabled?: boolean; quietStart?: string | null; quietEnd?: string | null },
): Promise<ReminderSettingsRow> {
  const [row] = await db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function countPushSubscriptions(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return Number(row?.count ?? 0);
}

/** An endpoint belongs to one browser: subscribing it again (perhaps as another user) moves it. */
export async function savePushSubscription(db: Db, userId: string, value: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...value })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: value.p256dh, auth: value.auth } });
}

export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function findPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt));
}

export type ReminderRecipient = {
  userId: string;
  email: string;
  timeZone: string;
  emailEnabled: boolean;
  pushEnabled: boolean;
  quietStart: string | null;
  quietEnd: string | null;
};

/** Users with a reminder channel on, a page at a time in id order. */
export async function findReminderRecipients(db: Db, afterUserId: string | null, limit: number): Promise<ReminderRecipient[]> {
  return db
    .select({
      userId: users.id,
      email: users.email,
      timeZone: users.timeZone,
      emailEnabled: reminderSettings.emailEnabled,
      pushEnabled: reminderSettings.pushEnabled,
      quietStart: reminderSettings.quietStart,
      quietEnd: reminderSettings.quietEnd,
    })
    .from(reminderSettings)
    .innerJoin(users, eq(users.id, reminderSettings.userId))
    .where(
      and(
        or(eq(reminderSettings.emailEnabled, true), eq(reminderSettings.pushEnabled, true)),
        afterUserId ? sql`${reminderSettings.userId} > ${afterUserId}` : undefined,
      ),
    )
    .orderBy(asc(reminderSettings.userId))
    .limit(limit);
}

export type StackItem = { id: string; name: string; schedule: Schedule | null; frequencyUnit: 'hourly' | 'daily' | 'weekly' };

export async function findStack(db: Db, userId: string): Promise<StackItem[]> {
  return db
    .select({ id: supplements.id, name: supplements.name, schedule: supplements.schedule, frequencyUnit: supplements.frequencyUnit })
    .from(supplements)
    .where(eq(supplements.userId, userId))
    .orderBy(asc(supplements.createdAt));
}

/** Which of the user's supplements are logged on a local day. */
export async function findLoggedSupplementIds(db: Db, userId: string, localDate: string): Promise<Set<string>> {
  const rows = await db
    .select({ supplementId: supplementLogs.supplementId })
    .from(supplementLogs)
    .where(and(eq(supplementLogs.userId, userId), eq(supplementLogs.localDate, localDate)));
  return new Set(rows.flatMap((row) => (row.supplementId ? [row.supplementId] : [])));
}

/** Claims reminders before they are sent; answers the slots this call claimed (not claimed before). */
export async function claimReminderSends(db: Db, userId: string, localDate: string, slots: string[]): Promise<string[]> {
  if (slots.length === 0) return [];
  const rows = await db
    .insert(reminderSends)
    .values(slots.map((slot) => ({ userId, localDate, slot })))
    .onConflictDoNothing()
    .returning({ slot: reminderSends.slot });
  return rows.map((row) => row.slot);
}

/** Gives claims back after every channel failed, so that the next scan tries again. */
export async function releaseReminderSends(db: Db, userId: string, localDate: string, slots: string[]): Promise<void> {
  if (slots.length === 0) return;
  await db.delete(reminderSends).where(and(eq(reminderSends.userId, userId), eq(reminderSends.localDate, localDate), inArray(reminderSends.slot, slots)));
}

/** Claims older than a few days are never looked at again. */
export async function purgeOldReminderSends(db: Db, beforeDate: string): Promise<void> {
  await db.delete(reminderSends).where(sql`${reminderSends.localDate} < ${beforeDate}`);
}

export async function deletePushSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export type DueRetest = { id: string; biomarkerKey: string; dueDate: string };

/** Retests the user accepted whose day has come (in their time zone) and that are not sent yet (decision 040). */
export async function findDueRetests(db: Db, userId: string, localDate: string): Promise<DueRetest[]> {
  return db
    .select({ id: labRetests.id, biomarkerKey: labRetests.biomarkerKey, dueDate: labRetests.dueDate })
    .from(labRetests)
    .where(and(eq(labRetests.userId, userId), isNull(labRetests.sentAt), lte(labRetests.dueDate, localDate)))
    .orderBy(asc(labRetests.dueDate), asc(labRetests.biomarkerKey));
}

/** Marks retests sent before sending; answers the ids this call marked, so a retest is sent once. */
export async function claimRetests(db: Db, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(labRetests)
    .set({ sentAt: sql`now()` })
    .where(and(eq(labRetests.userId, userId), inArray(labRetests.id, ids), isNull(labRetests.sentAt)))
    .returning({ id: labRetests.id });
  return rows.map((row) => row.id);
}

/** Gives retests back after every channel failed, so that the next scan tries again. */
export async function releaseRetests(db: Db, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(labRetests).set({ sentAt: null }).where(and(eq(labRetests.userId, userId), inArray(labRetests.id, ids)));
}
