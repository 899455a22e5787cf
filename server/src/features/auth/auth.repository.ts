import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailTokens, sessions, usageEvents, users } from '#server/db/schema/index.ts';
import type { User } from '#server/domain/user.ts';

export type NewUser = typeof users.$inferInsert;
export type TokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** An e-mail or a username, both compared ignoring case (product.md, Accounts). */
export async function findUserByLogin(db: Db, identifier: string): Promise<User | undefined> {
  const lowered = identifier.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(identifier.includes('@') ? sql`lower(${users.email}) = ${lowered}` : sql`lower(${users.username}) = ${lowered}`);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserByGoogleSubject(db: Db, subject: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return row;
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return row !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, changes: Partial<NewUser>): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.isAdmin, true));
  return row?.count ?? 0;
}

// Sessions

export async function insertSession(db: Db, session: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(session).returning();
  return row!;
}

const activeSessionQueries = new WeakMap<Db, ReturnType<typeof prepareActiveSessionQueries>>();

const activeSession = and(
  eq(sessions.tokenHash, sql.placeholder('tokenHash')),
  gt(sessions.expiresAt, sql`now()`),
  gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
);

function prepareActiveSessionQueries(db: Db) {
  return {
    plain: db
      .select({ session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, reauthenticatedAt: sessions.reauthenticatedAt }, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(activeSession)
      .prepare('find_active_session'),
    // The lab-upload window depends on the user's tier, known only inside the query: the
    // window starts arrive as one JSON object keyed by tier.
    withUsage: db
      .select({
        session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, reauthenticatedAt: sessions.reauthenticatedAt },
        user: users,
        usage: {
          aiMessages: sql<number>`(select count(*)::int from ${usageEvents} where ${usageEvents.userId} = ${users.id} and ${usageEvents.kind} = 'ai_message' and ${usageEvents.createdAt} >= ${sql.placeholder('aiMessagesSince')})`,
          labUploads: sql<number>`(select count(*)::int from ${usageEvents} where ${usageEvents.userId} = ${users.id} and ${usageEvents.kind} = 'lab_upload' and ${usageEvents.createdAt} >= (${sql.placeholder('labUploadsSince')}::jsonb ->> ${users.subscriptionTier})::timestamptz)`,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(activeSession)
      .prepare('find_active_session_with_usage'),
  };
}

function activeSessionQueriesOf(db: Db) {
  let queries = activeSessionQueries.get(db);
  if (!queries) {
    queries = prepareActiveSessionQueries(db);
    activeSessionQueries.set(db, queries);
  }
  return queries;
}

/**
 * The session and its user in one indexed read; idle and absolute expiry both apply. It runs on
 * every signed-in request, so it is a named prepared statement: planned once per connection.
 */
export async function findActiveSession(db: Db, tokenHash: string, idleSince: Date) {
  const [row] = await activeSessionQueriesOf(db).plain.execute({ tokenHash, idleSince });
  return row;
}

/**
 * The same read with the user's metered counts (AI messages and lab uploads since the given
 * starts), for the routes that show them: one round trip instead of two.
 */
export async function findActiveSessionWithUsage(
  db: Db,
  tokenHash: string,
  idleSince: Date,
  since: { aiMessages: Date; labUploads: Record<User['subscriptionTier'], Date> },
) {
  const [row] = await activeSessionQueriesOf(db).withUsage.execute({
    tokenHash,
    idleSince,
    aiMessagesSince: since.aiMessages,
    labUploadsSince: JSON.stringify(since.labUploads),
  });
  return row;
}

export async function touchSession(db: Db, sessionId: string, userId: string): Promise<void> {
  const now = new Date();
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
}

/** The user proved who they are again in this session; the write also clears every cache's copy of it. */
export async function markSessionReauthenticated(db: Db, userId: string, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ reauthenticatedAt: at }).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionOfUser(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function deleteSessionsOfUser(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
        : eq(sessions.userId, userId),
    );
}

export async function listSessionsOfUser(db: Db, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
}

// Single-use e-mail tokens

export async function insertEmailToken(db: Db, token: typeof emailTokens.$inferInsert): Promise<void> {
  await db.insert(emailTokens).values(token);
}

/** Marks a live token used and returns its user id, atomically, so a token works once. */
export async function consumeEmailToken(db: Db, tokenHash: string, purpose: TokenPurpose): Promise<string | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

export async function invalidateEmailTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Sessions past either limit and e-mail tokens past their expiry are of no use to anyone. */
export async function deleteExpiredSessionsAndTokens(db: Db, idleSince: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleSince)));
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, sql`now() - interval '1 day'`));
}
