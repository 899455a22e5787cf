import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { createToken, hashToken } from '#server/lib/tokens.ts';
import {
  type UserRow,
  deleteExpiredSessionsAndTokens,
  deleteSessionByTokenHash,
  deleteSessionOfUser,
  deleteSessionsOfUser,
  findActiveSession,
  insertSession,
  listSessionsOfUser,
  touchSession,
} from './auth.repository.ts';

export type SessionUser = { sessionId: string; user: UserRow };

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

  async resolve(token: string): Promise<SessionUser | null> {
    const idleSince = new Date(Date.now() - this.settings.idleDays * DAY_MS);
    const row = await findActiveSession(this.db, hashToken(token), idleSince);
    if (!row) return null;
    if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(this.db, row.session.id, row.user.id);
    }
    return { sessionId: row.session.id, user: row.user };
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
