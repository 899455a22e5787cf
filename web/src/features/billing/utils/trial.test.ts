import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE } from '#contract/plans.ts';
import { canClaimTrialExtension, daysText, trialDaysRemaining, trialEnd, trialPurchaseNote, trialStatus, trialSummary, trialWasExtended } from './trial.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const signedUp = new Date('2025-03-01T10:00:00Z');
const catalogue = DEFAULT_PLAN_CATALOGUE;

function user(overrides: { trialEndsAt?: Date | null; trialExtendedAt?: Date; tier?: 'free' | 'starter' | 'pro' } = {}) {
  return {
    subscriptionTier: overrides.tier ?? ('free' as const),
    createdAt: signedUp.toISOString(),
    trialEndsAt: overrides.trialEndsAt ? overrides.trialEndsAt.toISOString() : null,
    trialExtendedAt: overrides.trialExtendedAt?.toISOString() ?? null,
  };
}

const at = (days: number, hours = 0) => new Date(signedUp.getTime() + days * DAY_MS + hours * 60 * 60 * 1000);

describe('trial days remaining', () => {
  it('counts a started day as a day and never goes below zero', () => {
    const end = at(28);
    expect(trialDaysRemaining(end, at(0))).toBe(28);
    expect(trialDaysRemaining(end, at(0, 1))).toBe(28);
    expect(trialDaysRemaining(end, at(27, 1))).toBe(1);
    expect(trialDaysRemaining(end, at(28))).toBe(0);
    expect(trialDaysRemaining(end, at(40))).toBe(0);
  });

  it('writes days', () => {
    expect(daysText(1)).toBe('1 day');
    expect(daysText(0)).toBe('0 days');
    expect(daysText(12)).toBe('12 days');
  });
});

describe('trial status', () => {
  it('is not started without a recorded end, yet counts from sign-up as the server does', () => {
    const status = trialStatus(user(), catalogue.trialDays, at(3));
    expect(status).toEqual({ kind: 'not-started', endsAt: at(28), daysLeft: 25 });
    expect(trialEnd(user(), 28)).toEqual(at(28));
  });

  it('is active with a recorded end in the future', () => {
    expect(trialStatus(user({ trialEndsAt: at(28) }), 28, at(10, 5))).toEqual({ kind: 'active', endsAt: at(28), daysLeft: 18 });
  });

  it('is expired at or after the end, started or not', () => {
    expect(trialStatus(user({ trialEndsAt: at(28) }), 28, at(28)).kind).toBe('expired');
    expect(trialStatus(user(), 28, at(29)).kind).toBe('expired');
  });

  it('follows an extended end', () => {
    expect(trialStatus(user({ trialEndsAt: at(35) }), 28, at(30))).toMatchObject({ kind: 'active', daysLeft: 5 });
  });
});

describe('trial extension', () => {
  it('is claimed when the server recorded the claim', () => {
    expect(trialWasExtended(user())).toBe(false);
    expect(trialWasExtended(user({ trialEndsAt: at(28) }))).toBe(false);
    expect(trialWasExtended(user({ trialEndsAt: at(35), trialExtendedAt: at(20) }))).toBe(true);
  });

  it('can be claimed by a free user at the streak the catalogue asks, once', () => {
    expect(canClaimTrialExtension(user(), catalogue, 14)).toBe(true);
    expect(canClaimTrialExtension(user({ trialEndsAt: at(28) }), catalogue, 20)).toBe(true);
    expect(canClaimTrialExtension(user(), catalogue, 13)).toBe(false);
    expect(canClaimTrialExtension(user(), catalogue, undefined)).toBe(false);
    expect(canClaimTrialExtension(user({ trialEndsAt: at(35), trialExtendedAt: at(20) }), catalogue, 30)).toBe(false);
    expect(canClaimTrialExtension(user({ tier: 'starter' }), catalogue, 30)).toBe(false);
    expect(canClaimTrialExtension(user(), { ...catalogue, trialExtensionStreakDays: 21 }, 20)).toBe(false);
  });
});

describe('one trial rule in every text (decision 030)', () => {
  it('a new account: its trial runs from sign-up, and every text counts the same days to the same date', () => {
    for (const daysIn of [0, 1, 13, 27]) {
      const now = at(daysIn, 2);
      const status = trialStatus(user({ trialEndsAt: at(catalogue.trialDays) }), catalogue.trialDays, now);
      expect(status.kind).toBe('active');
      if (status.kind !== 'active') continue;
      const left = daysText(catalogue.trialDays - daysIn);
      const summary = trialSummary(status, catalogue.trialDays);
      expect(summary.title).toBe(`${left} left in your free trial`);
      expect(summary.detail).toBe(`Your ${catalogue.trialDays}-day free trial started when you signed up and ends on March 29, 2025.`);
      expect(trialPurchaseNote(status, catalogue.moneyBackDays)).toBe(
        `Buying a plan now: it starts today and you are charged today. The ${left} left in your free trial are not added to it. The ${catalogue.moneyBackDays}-day money-back guarantee applies.`,
      );
      expect(`${summary.title} ${summary.detail}`).not.toContain('not started');
    }
  });

  it('says "Trial not started" only for an account from before the rule, with the same end date', () => {
    const status = trialStatus(user(), catalogue.trialDays, at(3));
    expect(status.kind).toBe('not-started');
    if (status.kind !== 'not-started') return;
    expect(trialSummary(status, catalogue.trialDays)).toEqual({
      title: 'Trial not started',
      detail: `Your ${catalogue.trialDays}-day free trial counts from the day you signed up: 25 days left, until March 29, 2025.`,
    });
  });

  it('has nothing to say about trial days once the trial is over', () => {
    expect(trialPurchaseNote(trialStatus(user(), catalogue.trialDays, at(30)), catalogue.moneyBackDays)).toBeNull();
  });
});
