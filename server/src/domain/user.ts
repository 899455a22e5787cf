import { AUTH_MESSAGES, REAUTH_WINDOW_MINUTES } from '#contract/auth.ts';
import type { users } from '#server/db/schema/index.ts';
import { AppError } from '#server/http/app-error.ts';

/** A StackLab account, as every feature and layer shares it. */
export type User = typeof users.$inferSelect;

/** A user's metered counts in the current windows. */
export type UsageSummary = { aiInteractionsCount: number; labUploadsCount: number };

/** The signed-in user of a request, with the session that carries them. */
export type SessionUser = {
  sessionId: string;
  user: User;
  /** When the user last proved who they are in this session (password or Google sign-in); null when never (a link). */
  reauthenticatedAt: Date | null;
  /** The user's metered counts, read with the session when the route asked for them. */
  usage?: UsageSummary;
};

const MINUTE_MS = 60_000;

export function isRecentlyAuthenticated({ reauthenticatedAt: at }: Pick<SessionUser, 'reauthenticatedAt'>, now = new Date()): boolean {
  return at !== null && now.getTime() - at.getTime() <= REAUTH_WINDOW_MINUTES * MINUTE_MS;
}

/**
 * The one check of the sensitive actions (changing the e-mail or password, a share link, an
 * export, deleting the account): the session's user proved who they are in the last minutes.
 */
export function requireRecentAuthentication(auth: Pick<SessionUser, 'reauthenticatedAt'>, now = new Date()): void {
  if (!isRecentlyAuthenticated(auth, now)) throw new AppError('REAUTH_REQUIRED', AUTH_MESSAGES.reauthRequired);
}
