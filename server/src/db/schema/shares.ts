import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const SHARE_PARTS = ['labs', 'stack', 'logs', 'stats'] as const;

/**
 * A read-only link to chosen parts of a user's data, for a clinician. The token exists only in the
 * link the user copies; we keep its SHA-256. A link answers until `expires_at`, or until revoked.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Who the user made it for ("Dr. Rivera"), shown only to the user. */
    label: text('label'),
    parts: text('parts', { enum: SHARE_PARTS }).array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('share_links_token_hash_key').on(t.tokenHash), index('share_links_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * One opening of a share link: only when. No address or browser is kept; the owner sees these in
 * their list of links.
 */
export const shareViews = pgTable(
  'share_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareLinkId: uuid('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_views_user_link_idx').on(t.userId, t.shareLinkId, t.createdAt), index('share_views_link_idx').on(t.shareLinkId)],
);
