import type { User } from '#contract/auth.ts';
import type { PlanCatalogue, Tier } from '#contract/plans.ts';

export type UsageRow = {
  key: 'ai' | 'labs';
  label: string;
  used: number;
  /** null: unlimited. */
  limit: number | null;
  /** "12 of 100" or "12 (unlimited)". */
  text: string;
  /** A fair-use or window note, if any. */
  note?: string;
};

function monthsText(months: number): string {
  return months === 12 ? 'the last 12 months' : `the last ${months} ${months === 1 ? 'month' : 'months'}`;
}

/**
 * Usage against the tier's limits (product.md, Plans and billing): AI messages this calendar month and lab uploads in
 * the tier's rolling window, as the server counts them (`/api/user`), against the catalogue.
 */
export function usageRows(user: Pick<User, 'aiInteractionsCount' | 'labUploadsCount'>, catalogue: PlanCatalogue, tier: Tier): UsageRow[] {
  const { limits } = catalogue.tiers[tier];
  const row = (key: UsageRow['key'], label: string, used: number, limit: number | null, note?: string): UsageRow => ({
    key,
    label,
    used,
    limit,
    text: limit === null ? `${used} (unlimited)` : `${used} of ${limit}`,
    ...(note ? { note } : {}),
  });
  return [
    row(
      'ai',
      'AI messages this month',
      user.aiInteractionsCount,
      limits.aiMessagesPerMonth,
      limits.aiMessagesPerMonth === null && limits.aiMessagesPerHour !== null ? `Fair use: up to ${limits.aiMessagesPerHour} an hour.` : undefined,
    ),
    row('labs', `Lab uploads in ${monthsText(limits.labUploadWindowMonths)}`, user.labUploadsCount, limits.labUploads),
  ];
}
