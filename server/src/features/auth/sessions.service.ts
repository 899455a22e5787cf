import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { UsageSummary, UsageWindows } from '#server/features/usage/usage.service.ts';
import { createToken, hashToken } from '#server/lib/tokens.ts';
import {
  type UserRow,
  deleteExpiredSessionsAndTokens,
  deleteSessionByTokenHash,
  deleteSessionOfUser,
  deleteSessionsOfUser,
  findActiveSession,
  findActiveSessionWithUsage,
  insertSession,
  listSessionsOfUser,
  touchSession,
} from './auth.repository.ts';

export type SessionUser = {
  sessionId: string;
  user: UserRow;
  /** The user's metered counts, read with the session when the route asked for them. */
  usage?: UsageSummary;
};

const DAY_MS = 24 * 60 * 60 * 1000;
// Writing last-seen on every request would turn each read into a write; an hour is precise enough for a 30-day idle limit.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly settings: Config['session'],
  ) {}

  /** A new random token; only its hash is stored. */
  async start(userId: string, client: { userAgent?: string; ipAddress?: string }): Promise<{ token: string; expiresAt: Date }> {
    const token = createToken();
    const expiresAt = new Date(Date.now() + this.settings.maxDays * DAY_MS);
    await insertSession(this.db, {
      userId,
      tokenHash: hashToken(token),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ipAddress: client.ipAddress ?? null,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** With `usageSince`, the user's metered counts from those starts come in the same read. */
  async resolve(token: string, usageSince?: UsageWindows): Promise<SessionUser | null> {
    const idleSince = new Date(Date.now() - this.settings.idleDays * DAY_MS);
    const tokenHash = hashToken(token);
    let resolved: SessionUser & { lastSeenAt: Date };
    if (usageSince) {
      const row = await findActiveSessionWithUsage(this.db, tokenHash, idleSince, usageSince);
      if (!row) return null;
      const usage = { aiInteractionsCount: row.usage.aiMessages, labUploadsCount: row.usage.labUploads };
      resolved = { sessionId: row.session.id, lastSeenAt: row.session.lastSeenAt, user: row.user, usage };
    } else {
      const row = await findActiveSession(this.db, tokenHash, idleSince);
      if (!row) return null;
      resolved = { sessionId: row.session.id, lastSeenAt: row.session.lastSeenAt, user: row.user };
    }
    const { lastSeenAt, ...sessionUser } = resolved;
    if (Date.now() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(this.db, sessionUser.sessionId, sessionUser.user.id);
    }
    return sessionUser;
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
