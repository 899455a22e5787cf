import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { UsageWindows } from '#server/features/usage/usage.service.ts';
import { createToken, hashToken } from '#server/lib/tokens.ts';
import type { UserCache } from '#server/lib/user-cache.ts';
import {
  deleteExpiredSessionsAndTokens,
  deleteSessionByTokenHash,
  deleteSessionOfUser,
  deleteSessionsOfUser,
  findActiveSession,
  findActiveSessionWithUsage,
  insertSession,
  listSessionsOfUser,
  markSessionReauthenticated,
  touchSession,
} from './auth.repository.ts';
import { type SessionUser, type UsageSummary, type User, isRecentlyAuthenticated } from '#server/domain/user.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// Writing last-seen on every request would turn each read into a write; an hour is precise enough for a 30-day idle limit.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** What one read of a session finds; the cache holds these. */
export type SessionRead = {
  sessionId: string;
  user: User;
  lastSeenAt: Date;
  expiresAt: Date;
  reauthenticatedAt: Date | null;
  /** Present when read with the counts; they hold for the AI-message month that began at `aiMessagesSince`. */
  usage?: { summary: UsageSummary; aiMessagesSince: number };
};

type SessionColumns = { id: string; lastSeenAt: Date; expiresAt: Date; reauthenticatedAt: Date | null };

function sessionFields(row: { session: SessionColumns; user: User }): SessionRead {
  const { session } = row;
  return { sessionId: session.id, lastSeenAt: session.lastSeenAt, expiresAt: session.expiresAt, reauthenticatedAt: session.reauthenticatedAt, user: row.user };
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly settings: Config['session'],
    private readonly cache: UserCache<SessionRead>,
  ) {}

  /**
   * A new random token; only its hash is stored. `proven` when the user just gave their password or
   * signed in with Google (not for a session opened by an e-mailed link).
   */
  async start(
    userId: string,
    client: { userAgent?: string; ipAddress?: string },
    { proven }: { proven: boolean },
  ): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
    const token = createToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.settings.maxDays * DAY_MS);
    const row = await insertSession(this.db, {
      userId,
      tokenHash: hashToken(token),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ipAddress: client.ipAddress ?? null,
      expiresAt,
      reauthenticatedAt: proven ? now : null,
    });
    return { token, expiresAt, sessionId: row.id };
  }

  /**
   * The signed-in user of a session token, or null. With `usageSince`, the user's metered counts
   * from those starts come in the same read. Answered from the cache when it holds the session.
   */
  async resolve(token: string, usageSince?: UsageWindows): Promise<SessionUser | null> {
    const now = Date.now();
    const idleSince = new Date(now - this.settings.idleDays * DAY_MS);
    const tokenHash = hashToken(token);
    const cached = this.cache.get(tokenHash);
    const stillValid =
      cached !== undefined &&
      cached.expiresAt.getTime() > now &&
      cached.lastSeenAt > idleSince &&
      (!usageSince || cached.usage?.aiMessagesSince === usageSince.aiMessages.getTime());
    const read = stillValid ? cached : await this.read(tokenHash, idleSince, usageSince);
    if (!read) return null;
    if (now - read.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      // The write makes the database tell every cache to forget this user's sessions.
      await touchSession(this.db, read.sessionId, read.user.id);
    }
    return { sessionId: read.sessionId, user: read.user, reauthenticatedAt: read.reauthenticatedAt, ...(usageSince && { usage: read.usage!.summary }) };
  }

  private async read(tokenHash: string, idleSince: Date, usageSince?: UsageWindows): Promise<SessionRead | undefined> {
    const readStarted = this.cache.readStarted();
    let read: SessionRead;
    if (usageSince) {
      const row = await findActiveSessionWithUsage(this.db, tokenHash, idleSince, usageSince);
      if (!row) return undefined;
      const summary = { aiInteractionsCount: row.usage.aiMessages, labUploadsCount: row.usage.labUploads };
      read = { ...sessionFields(row), usage: { summary, aiMessagesSince: usageSince.aiMessages.getTime() } };
    } else {
      const row = await findActiveSession(this.db, tokenHash, idleSince);
      if (!row) return undefined;
      read = sessionFields(row);
    }
    this.cache.set(tokenHash, read.user.id, read, readStarted);
    return read;
  }

  isRecentlyAuthenticated(auth: SessionUser): boolean {
    return isRecentlyAuthenticated(auth);
  }

  async markReauthenticated(auth: SessionUser): Promise<void> {
    await markSessionReauthenticated(this.db, auth.user.id, auth.sessionId, new Date());
  }

  async end(token: string): Promise<void> {
    await deleteSessionByTokenHash(this.db, hashToken(token));
  }

  async endOne(userId: string, sessionId: string): Promise<boolean> {
    return deleteSessionOfUser(this.db, userId, sessionId);
  }

  async endAll(userId: string, exceptSessionId?: string): Promise<void> {
    await deleteSessionsOfUser(this.db, userId, exceptSessionId);
  }

  async purgeExpired(): Promise<void> {
    await deleteExpiredSessionsAndTokens(this.db, new Date(Date.now() - this.settings.idleDays * DAY_MS));
  }

  async list(userId: string) {
    return listSessionsOfUser(this.db, userId);
  }
}
