import type { Db } from '#server/db/client.ts';
import type { PlanCatalogue } from '#contract/plans.ts';
import type { UserRow } from '#server/features/auth/auth.repository.ts';
import { countUsage } from './usage.repository.ts';

export type UsageSummary = { aiInteractionsCount: number; labUploadsCount: number };

/** AI messages count per calendar month (UTC); lab uploads over the tier's rolling window. */
export class UsageService {
  constructor(
    private readonly db: Db,
    private readonly plans: PlanCatalogue,
  ) {}

  async summarise(user: UserRow, now = new Date()): Promise<UsageSummary> {
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const windowMonths = this.plans.tiers[user.subscriptionTier].limits.labUploadWindowMonths;
    const windowStart = new Date(now);
    windowStart.setUTCMonth(windowStart.getUTCMonth() - windowMonths);
    const counts = await countUsage(this.db, user.id, { aiMessages: monthStart, labUploads: windowStart });
    return { aiInteractionsCount: counts.aiMessages, labUploadsCount: counts.labUploads };
  }
}
