import { ACCOUNT_MESSAGES } from '#contract/data-ownership.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import type { AuthService, ClientInfo } from '#server/features/auth/auth.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { countAdmins, deleteShareLinksOf, eraseUser } from './account.repository.ts';
import type { SessionUser } from '#server/domain/user.ts';

type Dependencies = {
  db: Db;
  sessions: { endAll(userId: string): Promise<void> };
  /** The auth service: the one proof of identity of sensitive actions. */
  identity: Pick<AuthService, 'confirmIdentity'>;
  /** The labs service: stored files (local folder or S3) do not cascade with rows. */
  files: { removeAllStoredFiles(userId: string): Promise<number> };
  /** The billing service: the subscription is cancelled at the provider, not only forgotten here. */
  billing: { cancelAllForAccountDeletion(userId: string): Promise<number> };
  /** The mailer: the local outbox keeps copies of the account's mail, which go with it. */
  mail: { forgetRecipient(address: string): Promise<void> };
  audit: AuditLog;
  log: { error(object: unknown, message: string): void };
};

/**
 * DELETE /api/account. The user proves it is them (the password, or for an account without one a
 * Google sign-in in the last ten minutes); then the subscription is cancelled at the provider, sessions
 * and share links end, stored files go, and the rows go in one transaction. Each step before the
 * last can fail without losing anything that a retry cannot finish.
 */
export class AccountService {
  constructor(private readonly deps: Dependencies) {}

  async deleteAccount(auth: SessionUser, password: string | undefined, client: ClientInfo): Promise<void> {
    const { user } = auth;
    const { db } = this.deps;
    // Irreversible: an account with a password gives it here, even when it re-authenticated recently.
    if (user.passwordHash && !password) throw AppError.validation('password', ACCOUNT_MESSAGES.passwordRequired);
    await this.deps.identity.confirmIdentity(auth, password, client);
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
    await this.deps.mail.forgetRecipient(user.email);
    await eraseUser(db, user);
    return { filesRemoved, subscriptionsCancelled };
  }
}
