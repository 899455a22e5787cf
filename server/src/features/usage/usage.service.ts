import type { Db } from '#server/db/client.ts';
import type { PlanCatalogue, Tier } from '#contract/plans.ts';
import { countUsage } from './usage.repository.ts';
import type { UsageSummary, User } from '#server/domain/user.ts';

/** Where each metered count starts: AI messages this calendar month, lab uploads over each tier's window. */
export type UsageWindows = { aiMessages: Date; labUploads: Record<Tier, Date> };

/** AI messages count per calendar month (UTC); lab uploads over the tier's rolling window. */
export class UsageService {
  constructor(
    private readonly db: Db,
    private readonly plans: PlanCatalogue,
  ) {}

  windows(now = new Date()): UsageWindows {
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const windowStart = (tier: Tier) => {
      const start = new Date(now);
      start.setUTCMonth(start.getUTCMonth() - this.plans.tiers[tier].limits.labUploadWindowMonths);
      return start;
    };
    return { aiMessages: monthStart, labUploads: { free: windowStart('free'), starter: windowStart('starter'), pro: windowStart('pro') } };
  }

  async summarise(user: User, now = new Date()): Promise<UsageSummary> {
    const since = this.windows(now);
    const counts = await countUsage(this.db, user.id, { aiMessages: since.aiMessages, labUploads: since.labUploads[user.subscriptionTier] });
    return { aiInteractionsCount: counts.aiMessages, labUploadsCount: counts.labUploads };
  }
}
