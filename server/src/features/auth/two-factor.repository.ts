import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { recoveryCodes, signInChallenges, totpFactors } from '#server/db/schema/index.ts';

export type TotpFactorRow = typeof totpFactors.$inferSelect;

export async function findTotpFactor(db: Db, userId: string): Promise<TotpFactorRow | undefined> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

/** A new secret waiting for its first code; replaces one that was never confirmed. */
export async function savePendingTotpSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db
    .insert(totpFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret, enabledAt: null, lastUsedStep: null, createdAt: new Date() }, setWhere: isNull(totpFactors.enabledAt) });
}

/**
 * Records that a code of `step` was accepted, only if no code of that step or a later one was:
 * false means the code was already used (a replay), atomically even when two requests race.
 */
export async function claimTotpStep(db: Db, userId: string, step: number, options: { enable?: boolean } = {}): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastUsedStep: step, ...(options.enable ? { enabledAt: new Date() } : {}) })
    .where(
      and(
        eq(totpFactors.userId, userId),
        options.enable ? isNull(totpFactors.enabledAt) : isNotNull(totpFactors.enabledAt),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

/** TOTP and its recovery codes go together. */
export async function deleteTotpFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  });
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

/** Marks an unused code used, atomically, so that each code works once. */
export async function consumeRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
}

// Sign-in challenges

export async function insertSignInChallenge(db: Db, challenge: typeof signInChallenges.$inferInsert): Promise<void> {
  await db.insert(signInChallenges).values(challenge);
}

const liveChallenge = (tokenHash: string) =>
  and(eq(signInChallenges.tokenHash, tokenHash), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, sql`now()`));

export async function findLiveSignInChallenge(db: Db, tokenHash: string) {
  const [row] = await db.select().from(signInChallenges).where(liveChallenge(tokenHash));
  return row;
}

export async function setChallengeWebAuthn(db: Db, id: string, webauthnChallenge: string): Promise<void> {
  await db.update(signInChallenges).set({ webauthnChallenge }).where(eq(signInChallenges.id, id));
}

/** Marks a live challenge used; false when it was already used or has expired (single use). */
export async function consumeSignInChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db.update(signInChallenges).set({ usedAt: new Date() }).where(liveChallenge(tokenHash)).returning({ id: signInChallenges.id });
  return rows.length > 0;
}

export async function deleteExpiredSignInChallenges(db: Db): Promise<void> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now() - interval '1 day'`));
}
