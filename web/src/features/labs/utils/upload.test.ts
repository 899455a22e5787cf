import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE } from '#contract/plans.ts';
import { exceedsAllowance, limitText, uploadAllowance, uploadInOrder } from './upload.ts';

describe('uploadInOrder', () => {
  it('sends the files one at a time, in order', async () => {
    const log: string[] = [];
    let active = 0;
    const outcome = await uploadInOrder(
      ['a', 'b', 'c'],
      async (name) => {
        active += 1;
        expect(active).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1));
        log.push(name);
        active -= 1;
      },
    );
    expect(log).toEqual(['a', 'b', 'c']);
    expect(outcome).toEqual({ kind: 'done', uploaded: 3 });
  });

  it('stops at the first failure (a 429 or any other) and sends nothing after it', async () => {
    const sent: string[] = [];
    const limit = Object.assign(new Error('limit'), { status: 429 });
    const outcome = await uploadInOrder(['a', 'b', 'c'], async (name) => {
      if (name === 'b') throw limit;
      sent.push(name);
    });
    expect(sent).toEqual(['a']);
    expect(outcome).toEqual({ kind: 'stopped', uploaded: 1, index: 1, error: limit });
  });
});

describe('uploadAllowance', () => {
  const catalogue = DEFAULT_PLAN_CATALOGUE;

  it('follows the catalogue: none on free, 3 on starter, unlimited on pro', () => {
    expect(uploadAllowance({ subscriptionTier: 'free', labUploadsCount: 0 }, catalogue)).toEqual({ kind: 'none' });
    expect(uploadAllowance({ subscriptionTier: 'pro', labUploadsCount: 40 }, catalogue)).toEqual({ kind: 'unlimited' });
    expect(uploadAllowance({ subscriptionTier: 'starter', labUploadsCount: 1 }, catalogue)).toEqual({ kind: 'limited', limit: 3, used: 1, remaining: 2, windowMonths: 12 });
    expect(uploadAllowance({ subscriptionTier: 'starter', labUploadsCount: 5 }, catalogue)).toMatchObject({ remaining: 0 });
  });

  it('blocks when the uploads so far plus the new files pass the limit', () => {
    const starter = uploadAllowance({ subscriptionTier: 'starter', labUploadsCount: 1 }, catalogue);
    expect(exceedsAllowance(starter, 2)).toBe(false);
    expect(exceedsAllowance(starter, 3)).toBe(true);
    expect(exceedsAllowance({ kind: 'unlimited' }, 500)).toBe(false);
    expect(exceedsAllowance({ kind: 'none' }, 1)).toBe(true);
  });

  it('says the limit with the tier names from the catalogue', () => {
    const starter = uploadAllowance({ subscriptionTier: 'starter', labUploadsCount: 3 }, catalogue);
    if (starter.kind !== 'limited') throw new Error('expected a limited allowance');
    expect(limitText(starter, 'Starter', 'Pro')).toBe('Starter tier is limited to 3 lab uploads per 12 months. Upgrade to Pro for unlimited uploads.');
  });
});
