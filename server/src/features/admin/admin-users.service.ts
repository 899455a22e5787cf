import {
  type AdminDashboard,
  type AdminUser,
  type AdminUserList,
  type UserGrowth,
  ACTIVE_DAYS,
  ADMIN_MESSAGES,
  GROWTH_MONTHS,
} from '#contract/admin.ts';
import { totalPagesOf } from '#contract/blog.ts';
import type { PlanCatalogue, Tier } from '#contract/plans.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { findUserByEmail } from '#server/features/auth/public.ts';
import { isUniqueViolation } from '#server/features/auth/auth.service.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Actor } from './admin-actor.ts';
import {
  type AdminUserRow,
  countFailedPaymentsSince,
  countSignupsByMonth,
  countSignupsByYear,
  countStoredLabFiles,
  countUsageSince,
  countUsers,
  findUserForAdmin,
  listUsersForAdmin,
  sumRevenueByTier,
  updateUserAsAdmin,
} from './admin-users.repository.ts';

type Dependencies = {
  db: Db;
  /** The account service: deleting a user is the same erasure as a user deleting their own account. */
  accounts: { erase(user: { id: string; email: string; username: string }): Promise<{ filesRemoved: number; subscriptionsCancelled: number }> };
  audit: AuditLog;
  /** E-mail verification: an address an administrator changes is the user's to confirm again. */
  auth: {
    readonly verificationRequired: boolean;
    verifyChangedEmail(userId: string): Promise<void>;
    notifyEmailChanged(previousEmail: string, user: { username: string }, by: 'administrator'): Promise<void>;
  };
  /** The plan catalogue, for the plans' names. */
  plans: PlanCatalogue;
  /** Tests move the clock. */
  now?: () => Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** User management, growth and the dashboard's figures. Months and years are UTC. */
export class AdminUsersService {
  private readonly now: () => Date;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async list(query: { q: string; page: number; pageSize: number }): Promise<AdminUserList> {
    const { rows, total } = await listUsersForAdmin(this.deps.db, { q: query.q, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    return {
      users: rows.map(toDto),
      pagination: { page: query.page, pageSize: query.pageSize, total, totalPages: totalPagesOf(total, query.pageSize) },
    };
  }

  async growth(): Promise<UserGrowth> {
    const now = this.now();
    const [counts, monthly, yearly] = await Promise.all([
      countUsers(this.deps.db, new Date(now.getTime() - ACTIVE_DAYS * DAY_MS)),
      this.signupsByMonth(now),
      countSignupsByYear(this.deps.db),
    ]);
    return { totalUsers: counts.total, activeUsers: counts.active, monthly, yearly: yearsUpTo(now, yearly) };
  }

  async dashboard(): Promise<AdminDashboard> {
    const { db } = this.deps;
    const now = this.now();
    const last30 = new Date(now.getTime() - 30 * DAY_MS);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    // One at a time: PGlite has one connection, and on PostgreSQL these are each a few milliseconds.
    const counts = await countUsers(db, new Date(now.getTime() - ACTIVE_DAYS * DAY_MS));
    const signupsByMonth = await this.signupsByMonth(now);
    const uploadsLast30 = await countUsageSince(db, 'lab_upload', last30);
    const uploadsThisMonth = await countUsageSince(db, 'lab_upload', monthStart);
    const storedFiles = await countStoredLabFiles(db);
    const aiLast30 = await countUsageSince(db, 'ai_message', last30);
    const aiThisMonth = await countUsageSince(db, 'ai_message', monthStart);
    const revenueLast30 = await sumRevenueByTier(db, last30);
    const revenueAllTime = await sumRevenueByTier(db);
    const failed = await countFailedPaymentsSince(db, last30);
    return {
      users: { total: counts.total, active: counts.active, admins: counts.admins, byTier: { free: counts.free, starter: counts.starter, pro: counts.pro } },
      signupsByMonth,
      uploads: { last30Days: uploadsLast30, thisMonth: uploadsThisMonth, storedFiles },
      aiUsage: { last30Days: aiLast30, thisMonth: aiThisMonth },
      revenue: { last30Days: revenueLast30, allTime: revenueAllTime, failedPaymentsLast30Days: failed },
      generatedAt: now.toISOString(),
    };
  }

  async update(actor: Actor, id: string, changes: { name?: string | null | undefined; email: string; subscriptionTier: Tier; isAdmin?: boolean | undefined }): Promise<AdminUser> {
    const { db } = this.deps;
    const before = await findUserForAdmin(db, id);
    if (!before) throw AppError.notFound(ADMIN_MESSAGES.userNotFound);
    if (changes.isAdmin === false && id === actor.id) {
      throw new AppError('CONFLICT', ADMIN_MESSAGES.ownAdminFlag, { details: [{ field: 'isAdmin', message: ADMIN_MESSAGES.ownAdminFlag }] });
    }
    const owner = await findUserByEmail(db, changes.email);
    if (owner && owner.id !== id) throw emailTaken();
    // A paying user's tier follows their subscription: a tier set here would be silently undone
    // by the provider's next event while the provider kept charging for the old one.
    if (before.subscription && changes.subscriptionTier !== before.subscription.tier) throw tierFollowsSubscription(before.subscription, this.deps.plans);
    // As when users change it themselves (profile.service.ts): a new address is unverified until
    // its owner opens the link sent to it, so an administrator's typo cannot hand the account's
    // mail, password resets included, to a stranger who never proved the address is theirs.
    const emailChanged = changes.email.toLowerCase() !== before.email.toLowerCase();
    const unverify = emailChanged && this.deps.auth.verificationRequired;
    let outcome: Awaited<ReturnType<typeof updateUserAsAdmin>>;
    try {
      outcome = await updateUserAsAdmin(db, { id, actorId: actor.id, changes: unverify ? { ...changes, emailVerifiedAt: null } : changes });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    if (outcome === 'not-found') throw AppError.notFound(ADMIN_MESSAGES.userNotFound);
    // Lost admin rights while the form was open: the same answer as any admin route to a non-admin.
    if (outcome === 'actor-not-admin') throw AppError.notFound();
    if (outcome === 'last-admin') {
      throw new AppError('CONFLICT', ADMIN_MESSAGES.lastAdmin, { details: [{ field: 'isAdmin', message: ADMIN_MESSAGES.lastAdmin }] });
    }
    const after = (await findUserForAdmin(db, id))!;
    await this.deps.audit.record({
      action: 'admin.user.updated',
      actorId: actor.id,
      ipAddress: actor.ipAddress,
      targetType: 'user',
      targetId: id,
      // Which fields changed, and the tier and role; never the e-mail or name themselves.
      details: {
        changed: (['name', 'email', 'subscriptionTier', 'isAdmin'] as const).filter((field) => before[field] !== after[field]),
        ...(before.subscriptionTier !== after.subscriptionTier ? { tier: { from: before.subscriptionTier, to: after.subscriptionTier } } : {}),
        ...(before.isAdmin !== after.isAdmin ? { isAdmin: after.isAdmin } : {}),
      },
    });
    if (emailChanged) await this.deps.auth.notifyEmailChanged(before.email, before, 'administrator');
    if (unverify) await this.deps.auth.verifyChangedEmail(id);
    return toDto(after);
  }

  /**
   * Deletes a user who is not an admin, and everything they own, exactly as deleting one's own
   * account does (AccountService.erase): their subscription is cancelled at the provider (nothing is
   * deleted when it cannot be), their sessions end at once, their files leave the store, their rows
   * go. A failure part way leaves the user in place, and deleting again finishes the job.
   */
  async remove(actor: Actor, id: string): Promise<void> {
    const { db } = this.deps;
    const target = await findUserForAdmin(db, id);
    if (!target) throw AppError.notFound(ADMIN_MESSAGES.userNotFound);
    if (target.isAdmin) throw cannotDeleteAdmin();
    let erased: { filesRemoved: number; subscriptionsCancelled: number };
    try {
      erased = await this.deps.accounts.erase(target);
    } catch (error) {
      if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') throw new AppError('SERVICE_UNAVAILABLE', ADMIN_MESSAGES.billingFailed);
      throw error;
    }
    // Who was deleted is erased with them (as for a user deleting their own account); the entry keeps who did it.
    await this.deps.audit.record({
      action: 'admin.user.deleted',
      actorId: actor.id,
      ipAddress: actor.ipAddress,
      targetType: 'user',
      details: erased,
    });
  }

  /** The last `GROWTH_MONTHS` UTC months, oldest first, the current month last, months without sign-ups as 0. */
  private async signupsByMonth(now: Date) {
    const months = lastMonths(now, GROWTH_MONTHS);
    const [first] = months;
    const counts = await countSignupsByMonth(this.deps.db, new Date(`${first}-01T00:00:00Z`));
    return months.map((month) => ({ month, count: counts.get(month) ?? 0 }));
  }
}

/** `YYYY-MM` of the `count` UTC months ending with the month of `now`. */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/** Every year from the first sign-up to the current one, oldest first, with 0 for quiet years. */
export function yearsUpTo(now: Date, counts: Map<number, number>): { year: number; count: number }[] {
  const current = now.getUTCFullYear();
  const first = Math.min(current, ...counts.keys());
  const years: { year: number; count: number }[] = [];
  for (let year = first; year <= current; year += 1) years.push({ year, count: counts.get(year) ?? 0 });
  return years;
}

function emailTaken(): AppError {
  return new AppError('CONFLICT', ADMIN_MESSAGES.emailTaken, { details: [{ field: 'email', message: ADMIN_MESSAGES.emailTaken }] });
}

function tierFollowsSubscription(subscription: NonNullable<AdminUserRow['subscription']>, plans: PlanCatalogue): AppError {
  const plan = `${plans.tiers[subscription.tier].label}${subscription.interval ? ` (${subscription.interval})` : ''}`;
  const message = ADMIN_MESSAGES.tierFollowsSubscription.replace('{plan}', plan);
  return new AppError('CONFLICT', message, { details: [{ field: 'subscriptionTier', message }] });
}

function cannotDeleteAdmin(): AppError {
  return new AppError('CONFLICT', ADMIN_MESSAGES.cannotDeleteAdmin);
}

function toDto(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    subscriptionTier: row.subscriptionTier,
    subscription: row.subscription
      ? {
          tier: row.subscription.tier,
          interval: row.subscription.interval,
          cancelAtPeriodEnd: row.subscription.cancelAtPeriodEnd,
          currentPeriodEnd: row.subscription.currentPeriodEnd ? new Date(row.subscription.currentPeriodEnd).toISOString() : null,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    totalSupplements: row.totalSupplements,
    lastActivity: row.lastActivity?.toISOString() ?? null,
    isAdmin: row.isAdmin,
  };
}
