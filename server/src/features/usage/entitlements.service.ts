import { MESSAGES } from '#contract/errors.ts';
import type { PlanCatalogue, Tier } from '#contract/plans.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import { countUsageSince, deleteUsageEvent, oldestUsageSince, recordUsageWithin } from './usage.repository.ts';
import type { User } from '#server/domain/user.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Features the trial gates (product.md, Plans and billing): reading, export and deletion never are. */
export type GatedFeature = 'ai_message' | 'lab_upload' | 'log';

/**
 * What a user may do under their plan: the trial, and the metered limits counted in the
 * database. Every gated route asks here before doing the work.
 */
export class EntitlementsService {
  constructor(
    private readonly db: Db,
    private readonly plans: PlanCatalogue,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The trial's end: when it was started, else counted from sign-up. */
  trialEndsAt(user: User): Date {
    return user.trialEndsAt ?? new Date(user.createdAt.getTime() + this.plans.trialDays * DAY_MS);
  }

  /**
   * The tier that applies now. A cancelled paid plan keeps its tier until `subscriptionEndsAt`;
   * the provider's webhook then sets the stored tier back to free. Should that webhook be late,
   * access still ends on time: past the end date the plan counts as free.
   */
  effectiveTier(user: User): Tier {
    if (user.subscriptionTier !== 'free' && user.subscriptionEndsAt && user.subscriptionEndsAt <= this.now()) return 'free';
    return user.subscriptionTier;
  }

  isTrialExpired(user: User): boolean {
    return this.effectiveTier(user) === 'free' && this.trialEndsAt(user) <= this.now();
  }

  /** Throws TRIAL_EXPIRED (403) when a free user's trial is over. */
  assertActive(user: User): void {
    if (this.isTrialExpired(user)) throw new AppError('TRIAL_EXPIRED', MESSAGES.trialExpired);
  }

  /**
   * Counts one lab upload against the plan, or refuses with 429 and a message that says which
   * limit and when it frees up. Returns the use's id and a handle to take it back if the upload fails.
   */
  async recordLabUpload(user: User): Promise<{ id: string; release(): Promise<void> }> {
    this.assertActive(user);
    const tier = this.plans.tiers[this.effectiveTier(user)];
    const { labUploads, labUploadWindowMonths } = tier.limits;
    if (labUploads === 0) {
      throw new AppError('LIMIT_REACHED', `Lab uploads are not included in the ${tier.label}. Upgrade to Starter or Pro to upload lab results.`, { limitReached: true });
    }
    const since = this.monthsAgo(labUploadWindowMonths);
    const id = await recordUsageWithin(this.db, user.id, 'lab_upload', labUploads === null ? null : { max: labUploads, since }, this.now());
    if (!id) {
      const oldest = await oldestUsageSince(this.db, user.id, 'lab_upload', since);
      const freeOn = oldest ? this.addMonths(oldest, labUploadWindowMonths) : this.now();
      throw new AppError(
        'LIMIT_REACHED',
        `${tier.label} is limited to ${labUploads} lab uploads per ${labUploadWindowMonths} months. Upgrade to Pro for unlimited uploads. You can upload again on ${formatDay(freeOn)}.`,
        { limitReached: true, retryAfterSeconds: Math.max(1, Math.ceil((freeOn.getTime() - this.now().getTime()) / 1000)) },
      );
    }
    return { id, release: () => deleteUsageEvent(this.db, user.id, id) };
  }

  /** Takes back a recorded use whose work failed later, e.g. an upload whose file could not be read. */
  async releaseUse(userId: string, useId: string): Promise<void> {
    await deleteUsageEvent(this.db, userId, useId);
  }

  /** Counts one AI message: the monthly allowance, and the hourly fair-use limit where one is set. */
  async recordAiMessage(user: User): Promise<{ release(): Promise<void> }> {
    this.assertActive(user);
    const { aiMessagesPerMonth, aiMessagesPerHour } = this.plans.tiers[this.effectiveTier(user)].limits;
    const hourAgo = new Date(this.now().getTime() - HOUR_MS);
    if (aiMessagesPerHour !== null && aiMessagesPerMonth !== null) {
      const used = await countUsageSince(this.db, user.id, 'ai_message', hourAgo);
      if (used >= aiMessagesPerHour) throw await this.hourlyLimitError(user, aiMessagesPerHour, hourAgo);
    }
    const monthStart = this.monthStart();
    // The limit checked under the per-user lock: the monthly allowance, or, where months are unlimited (Pro), the hourly fair use.
    const atomicLimit =
      aiMessagesPerMonth !== null
        ? { max: aiMessagesPerMonth, since: monthStart }
        : aiMessagesPerHour !== null
          ? { max: aiMessagesPerHour, since: hourAgo }
          : null;
    const id = await recordUsageWithin(this.db, user.id, 'ai_message', atomicLimit, this.now());
    if (!id) {
      if (aiMessagesPerMonth === null && aiMessagesPerHour !== null) throw await this.hourlyLimitError(user, aiMessagesPerHour, hourAgo);
      throw this.monthlyLimitError(aiMessagesPerMonth!, monthStart);
    }
    return { release: () => deleteUsageEvent(this.db, user.id, id) };
  }

  /** Refuses an AI message as `recordAiMessage` would, without counting one (for a call that changes nothing). */
  async assertAiMessageAvailable(user: User): Promise<void> {
    this.assertActive(user);
    const { aiMessagesPerMonth, aiMessagesPerHour } = this.plans.tiers[this.effectiveTier(user)].limits;
    const hourAgo = new Date(this.now().getTime() - HOUR_MS);
    if (aiMessagesPerHour !== null && (await countUsageSince(this.db, user.id, 'ai_message', hourAgo)) >= aiMessagesPerHour) {
      throw await this.hourlyLimitError(user, aiMessagesPerHour, hourAgo);
    }
    const monthStart = this.monthStart();
    if (aiMessagesPerMonth !== null && (await countUsageSince(this.db, user.id, 'ai_message', monthStart)) >= aiMessagesPerMonth) {
      throw this.monthlyLimitError(aiMessagesPerMonth, monthStart);
    }
  }

  private monthlyLimitError(perMonth: number, monthStart: Date): AppError {
    const resetsOn = this.addMonths(monthStart, 1);
    return new AppError(
      'LIMIT_REACHED',
      `You have reached your monthly chat limit of ${perMonth} messages. It resets on ${formatDay(resetsOn)}; upgrade to Pro for unlimited chats.`,
      { limitReached: true, retryAfterSeconds: Math.ceil((resetsOn.getTime() - this.now().getTime()) / 1000) },
    );
  }

  private async hourlyLimitError(user: User, perHour: number, since: Date): Promise<AppError> {
    const oldest = await oldestUsageSince(this.db, user.id, 'ai_message', since);
    const minutes = Math.max(1, Math.ceil(((oldest?.getTime() ?? this.now().getTime()) + HOUR_MS - this.now().getTime()) / 60_000));
    return new AppError('LIMIT_REACHED', `You have reached the fair-use limit of ${perHour} messages per hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      limitReached: true,
      retryAfterSeconds: minutes * 60,
    });
  }

  private monthStart(): Date {
    const now = this.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }

  private monthsAgo(months: number): Date {
    return this.addMonths(this.now(), -months);
  }

  private addMonths(date: Date, months: number): Date {
    const result = new Date(date);
    result.setUTCMonth(result.getUTCMonth() + months);
    return result;
  }
}

function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
