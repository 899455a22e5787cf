import { boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A user's reminder channels and quiet hours ("HH:MM" in their time zone); no row means all off. */
export const reminderSettings = pgTable('reminder_settings', {
  userId: userId().primaryKey(),
  emailEnabled: boolean('email_enabled').notNull().default(false),
  pushEnabled: boolean('push_enabled').notNull().default(false),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per reminder sent (or being sent): a local day and a dose time ("HH:MM", or "nudge" for
 * the empty-stack nudge). Inserted before sending, so a second scan, another process or a restart
 * never sends the same reminder twice (decision 035).
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: userId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    slot: text('slot').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate, t.slot] })],
);

/** A browser's Web Push subscription; one user may have several devices. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId, t.createdAt), uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint)],
);
