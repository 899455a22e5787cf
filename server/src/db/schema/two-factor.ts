import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A user's authenticator-app secret. `enabled_at` is null while the user is enrolling (the secret
 * is shown, no code confirmed yet); `last_used_step` is the newest 30-second step a code was
 * accepted for, so that a code cannot be used twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: userId().primaryKey(),
  /** Base32, as authenticator apps take it. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

/** Ten single-use codes per user, made when TOTP is turned on; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId), uniqueIndex('recovery_codes_code_hash_key').on(t.codeHash)],
);

/** WebAuthn credentials (passkeys), each named by its user. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: integer('sign_count').notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * The step between a correct password and a session: a short-lived, single-use token the second
 * factor completes. It is never a session. `webauthn_challenge` holds the challenge of a passkey
 * asked for as the second factor.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    tokenHash: text('token_hash').notNull(),
    webauthnChallenge: text('webauthn_challenge'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sign_in_challenges_token_hash_key').on(t.tokenHash), index('sign_in_challenges_user_id_idx').on(t.userId)],
);

/**
 * WebAuthn challenges of registration (with the user) and of passkey sign-in (no user yet: the
 * passkey names them). Each is taken once, by the answer that carries it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_user_id_idx').on(t.userId)],
);
