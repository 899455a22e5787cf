import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE } from '#contract/plans.ts';
import { usageRows } from './usage.ts';

describe('usage against the tier limits', () => {
  it('shows Starter usage against its limits', () => {
    const rows = usageRows({ aiInteractionsCount: 12, labUploadsCount: 1 }, DEFAULT_PLAN_CATALOGUE, 'starter');
    expect(rows).toEqual([
      { key: 'ai', label: 'AI messages this month', used: 12, limit: 100, text: '12 of 100' },
      { key: 'labs', label: 'Lab uploads in the last 12 months', used: 1, limit: 3, text: '1 of 3' },
    ]);
  });

  it('shows Pro as unlimited, with the fair-use note', () => {
    const [ai, labs] = usageRows({ aiInteractionsCount: 250, labUploadsCount: 9 }, DEFAULT_PLAN_CATALOGUE, 'pro');
    expect(ai).toMatchObject({ limit: null, text: '250 (unlimited)', note: 'Fair use: up to 60 an hour.' });
    expect(labs).toMatchObject({ limit: null, text: '9 (unlimited)' });
  });

  it('follows the catalogue window', () => {
    const catalogue = structuredClone(DEFAULT_PLAN_CATALOGUE);
    catalogue.tiers.starter.limits.labUploadWindowMonths = 1;
    expect(usageRows({ aiInteractionsCount: 0, labUploadsCount: 0 }, catalogue, 'starter')[1]!.label).toBe('Lab uploads in the last 1 month');
  });
});
