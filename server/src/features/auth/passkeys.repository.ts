import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { passkeys, webauthnChallenges } from '#server/db/schema/index.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function listPasskeysOfUser(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
}

export async function countPasskeysOfUser(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.count ?? 0;
}

/** By the authenticator's credential id, whoever owns it: a passkey sign-in names its user this way. */
export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(db: Db, passkey: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(passkey).returning();
  return row!;
}

export async function recordPasskeyUse(db: Db, id: string, signCount: number, backedUp: boolean): Promise<void> {
  await db.update(passkeys).set({ signCount, backedUp, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

export async function deletePasskeyOfUser(db: Db, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
  return row;
}

// WebAuthn challenges

export async function insertWebAuthnChallenge(db: Db, challenge: typeof webauthnChallenges.$inferInsert): Promise<void> {
  await db.insert(webauthnChallenges).values(challenge);
}

/**
 * Takes a live challenge of this purpose (and user, for registration) once: the row is deleted, so
 * a second answer carrying the same challenge finds nothing.
 */
export async function takeWebAuthnChallenge(
  db: Db,
  challenge: string,
  purpose: 'register' | 'sign-in',
  userId: string | null,
): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.length > 0;
}

export async function deleteExpiredWebAuthnChallenges(db: Db): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
}
