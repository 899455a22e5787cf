import { verify } from '@node-rs/argon2';
import { ACCOUNT_MESSAGES, REAUTH_WINDOW_MINUTES } from '#contract/data-ownership.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import type { SessionUser } from '#server/features/auth/sessions.service.ts';
import type { RateLimiter, RateRule } from '#server/features/rate-limits/rate-limits.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { countAdmins, deleteShareLinksOf, eraseUser, findSessionCreatedAt } from './account.repository.ts';

type Dependencies = {
  db: Db;
  sessions: { endAll(userId: string): Promise<void> };
  /** The labs service: stored files (local folder or S3) do not cascade with rows. */
  files: { removeAllStoredFiles(userId: string): Promise<number> };
  /** The billing service: the subscription is cancelled at the provider, not only forgotten here. */
  billing: { cancelAllForAccountDeletion(userId: string): Promise<number> };
  limiter: RateLimiter;
  audit: AuditLog;
  log: { error(object: unknown, message: string): void };
  now?: () => Date;
};

/** Wrong passwords against a signed-in session: enough for typos, too few to guess with a stolen cookie. */
const DELETE_ATTEMPTS: RateRule = { name: 'account-delete:account', limit: 5, windowSeconds: 15 * 60 };
const MINUTE_MS = 60_000;

/**
 * DELETE /api/account. The user proves it is them (the password, or for an account without one a
 * sign-in less than ten minutes old); then the subscription is cancelled at the provider, sessions
 * and share links end, stored files go, and the rows go in one transaction. Each step before the
 * last can fail without losing anything that a retry cannot finish.
 */
export class AccountService {
  private readonly now: () => Date;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async deleteAccount(auth: SessionUser, password: string | undefined): Promise<void> {
    const { user } = auth;
    const { db } = this.deps;
    await this.confirmIdentity(auth, password);
    if (user.isAdmin && (await countAdmins(db)) <= 1) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastAdmin);
    const { filesRemoved, subscriptionsCancelled } = await this.erase(user);
    // Who it was is gone with them; the entry says only that an account was deleted.
    await this.deps.audit.record({ action: 'data.account_deleted', details: { filesRemoved, subscriptionsCancelled } });
  }

  /**
   * Everything of a user, after the caller's own checks (the user deleting their account, or an
   * admin deleting someone's): the subscription is cancelled at the provider first (nothing is
   * deleted when that fails), then sessions and share links end, stored files go, and the rows go
   * in one transaction. Each step before the last can fail without losing anything a retry cannot finish.
   */
  async erase(user: { id: string; email: string; username: string }): Promise<{ filesRemoved: number; subscriptionsCancelled: number }> {
    const { db } = this.deps;
    let subscriptionsCancelled: number;
    try {
      subscriptionsCancelled = await this.deps.billing.cancelAllForAccountDeletion(user.id);
    } catch (error) {
      this.deps.log.error({ err: error }, 'account deletion: the subscription could not be cancelled; nothing was deleted');
      throw new AppError('SERVICE_UNAVAILABLE', ACCOUNT_MESSAGES.billingFailed);
    }
    // Nothing of theirs may be reached from here on: no session, no share link.
    await this.deps.sessions.endAll(user.id);
    await deleteShareLinksOf(db, user.id);
    const filesRemoved = await this.deps.files.removeAllStoredFiles(user.id);
    await eraseUser(db, user);
    return { filesRemoved, subscriptionsCancelled };
  }

  private async confirmIdentity(auth: SessionUser, password: string | undefined): Promise<void> {
    const { user } = auth;
    if (user.passwordHash) {
      if (!password) throw AppError.validation('password', ACCOUNT_MESSAGES.passwordRequired);
      await this.deps.limiter.consume(DELETE_ATTEMPTS, user.id);
      if (!(await verify(user.passwordHash, password))) throw AppError.validation('password', ACCOUNT_MESSAGES.wrongPassword);
      return;
    }
    // An account that signs in only with Google has no password to ask for: a fresh sign-in stands in.
    const startedAt = await findSessionCreatedAt(this.deps.db, user.id, auth.sessionId);
    if (!startedAt || this.now().getTime() - startedAt.getTime() > REAUTH_WINDOW_MINUTES * MINUTE_MS) {
      throw new AppError('REAUTH_REQUIRED', ACCOUNT_MESSAGES.reauthRequired);
    }
  }
}
