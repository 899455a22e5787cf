/**
 * Reminders (decision 035): per user, e-mail and push on or off, and quiet hours in the user's
 * time zone during which nothing is sent. When a reminder is due comes from the stack's
 * schedules (`schedule.ts`).
 */
import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

export const REMINDER_MESSAGES = {
  saved: 'Reminder settings saved',
  quietTime: 'Quiet hours are a clock time like 22:00',
  quietBoth: 'Give both the start and the end of quiet hours, or neither',
  quietSame: 'Quiet hours must start and end at different times',
  pushEndpoint: 'A push subscription needs an https address',
  pushKeys: 'A push subscription needs its p256dh and auth keys',
  unsubscribed: 'E-mail reminders are off',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const clockTime = z.string({ error: REMINDER_MESSAGES.quietTime }).regex(CLOCK, REMINDER_MESSAGES.quietTime);

/** Quiet hours from `start` to `end`; when `end` is earlier than `start` they run past midnight. */
export const quietHoursSchema = z
  .strictObject({ start: clockTime, end: clockTime })
  .refine((value) => value.start !== value.end, { message: REMINDER_MESSAGES.quietSame, path: ['end'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const reminderSettingsBodySchema = z.strictObject({
  emailEnabled: z.boolean({ error: 'E-mail reminders are on (true) or off (false)' }),
  pushEnabled: z.boolean({ error: 'Push reminders are on (true) or off (false)' }),
  quietHours: quietHoursSchema.nullable(),
});
export type ReminderSettingsBody = z.input<typeof reminderSettingsBodySchema>;

export const reminderSettingsSchema = z.object({
  emailEnabled: z.boolean(),
  pushEnabled: z.boolean(),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The zone the times are in (the profile's). */
  timeZone: z.string(),
  /** Devices of this user subscribed to push. */
  pushDevices: z.number().int(),
  /** The server's VAPID public key (base64url), for `PushManager.subscribe`. */
  pushPublicKey: z.string(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** A browser's `PushSubscription.toJSON()`, as the web sends it. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: REMINDER_MESSAGES.pushEndpoint }).max(2000, REMINDER_MESSAGES.pushEndpoint),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject(
    {
      p256dh: z.string({ error: REMINDER_MESSAGES.pushKeys }).min(1, REMINDER_MESSAGES.pushKeys).max(200, REMINDER_MESSAGES.pushKeys),
      auth: z.string({ error: REMINDER_MESSAGES.pushKeys }).min(1, REMINDER_MESSAGES.pushKeys).max(100, REMINDER_MESSAGES.pushKeys),
    },
    { error: REMINDER_MESSAGES.pushKeys },
  ),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: z.string().min(1).max(2000) });

/** Whether a local minute of the day (0–1439) falls inside quiet hours (start inclusive, end exclusive). */
export function isQuietAt(quietHours: QuietHours | null, minuteOfDay: number): boolean {
  if (!quietHours) return false;
  const start = clockMinutes(quietHours.start);
  const end = clockMinutes(quietHours.end);
  return start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
}

export function clockMinutes(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

export const remindersEndpoints = defineEndpoints({
  settings: { method: 'GET', path: '/api/reminders', response: reminderSettingsSchema },
  saveSettings: { method: 'PUT', path: '/api/reminders', body: reminderSettingsBodySchema, response: reminderSettingsSchema },
  subscribe: { method: 'POST', path: '/api/reminders/push-subscriptions', body: pushSubscriptionBodySchema, response: reminderSettingsSchema },
  unsubscribe: { method: 'DELETE', path: '/api/reminders/push-subscriptions', body: pushUnsubscribeBodySchema, response: reminderSettingsSchema },
});
