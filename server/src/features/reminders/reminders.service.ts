import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PushSubscriptionBody, ReminderSettings, ReminderSettingsBody } from '#contract/reminders.ts';
import { pushSubscriptionBodySchema, reminderSettingsBodySchema } from '#contract/reminders.ts';
import type { Db } from '#server/db/client.ts';
import {
  countPushSubscriptions,
  deletePushSubscription,
  findReminderSettings,
  savePushSubscription,
  saveReminderSettings,
} from './reminders.repository.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = { db: Db; secret: string; publicUrl: string; vapidPublicKey: string };

/**
 * A reminder's unsubscribe link carries this: the user id (36 characters) and its signature, in
 * URL-safe characters only, so it works signed out and never expires.
 */
export function signUnsubscribeToken(secret: string, userId: string): string {
  return `${userId}${unsubscribeMac(secret, userId)}`;
}

export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const userId = token.slice(0, 36);
  const mac = token.slice(36);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(userId) || !mac) return null;
  const expected = Buffer.from(unsubscribeMac(secret, userId));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

function unsubscribeMac(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`reminders-unsubscribe:${userId}`).digest('base64url');
}

export function unsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}/reminders/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(secret, userId))}`;
}

/** The user's reminder settings and push devices; sending is the job's (reminders.jobs.ts). */
export class RemindersService {
  constructor(private readonly deps: Dependencies) {}

  async settingsOf(user: User): Promise<ReminderSettings> {
    const row = await findReminderSettings(this.deps.db, user.id);
    return {
      emailEnabled: row?.emailEnabled ?? false,
      pushEnabled: row?.pushEnabled ?? false,
      quietHours: row?.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
      timeZone: user.timeZone,
      pushDevices: await countPushSubscriptions(this.deps.db, user.id),
      pushPublicKey: this.deps.vapidPublicKey,
    };
  }

  async update(user: User, body: ReminderSettingsBody): Promise<ReminderSettings> {
    const value = reminderSettingsBodySchema.parse(body);
    await saveReminderSettings(this.deps.db, user.id, {
      emailEnabled: value.emailEnabled,
      pushEnabled: value.pushEnabled,
      quietStart: value.quietHours?.start ?? null,
      quietEnd: value.quietHours?.end ?? null,
    });
    return this.settingsOf(user);
  }

  async subscribePush(user: User, body: PushSubscriptionBody): Promise<ReminderSettings> {
    const value = pushSubscriptionBodySchema.parse(body);
    await savePushSubscription(this.deps.db, user.id, { endpoint: value.endpoint, p256dh: value.keys.p256dh, auth: value.keys.auth });
    return this.settingsOf(user);
  }

  /** Forgetting an endpoint that is not the user's (or is gone already) is the same answer: nothing of theirs has it. */
  async unsubscribePush(user: User, endpoint: string): Promise<ReminderSettings> {
    await deletePushSubscription(this.deps.db, user.id, endpoint);
    return this.settingsOf(user);
  }

  /** The unsubscribe link: e-mail reminders off. False when the link is not one of ours. */
  async unsubscribeByToken(token: string): Promise<boolean> {
    const userId = verifyUnsubscribeToken(this.deps.secret, token);
    if (!userId) return false;
    const existing = await findReminderSettings(this.deps.db, userId);
    if (existing) await saveReminderSettings(this.deps.db, userId, { emailEnabled: false });
    return true;
  }
}
