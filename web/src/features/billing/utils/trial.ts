import type { User } from '#contract/auth.ts';
import type { PlanCatalogue } from '#contract/plans.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type TrialUser = Pick<User, 'subscriptionTier' | 'trialEndsAt' | 'trialExtendedAt' | 'createdAt'>;

/**
 * Where a free user's trial stands. The server counts the trial from sign-up whether or not it
 * was "started" (product.md, Plans and billing), so the end is known even before it is: `not-started`
 * still carries the days the server will allow.
 */
export type TrialStatus =
  | { kind: 'not-started'; endsAt: Date; daysLeft: number }
  | { kind: 'active'; endsAt: Date; daysLeft: number }
  | { kind: 'expired'; endsAt: Date };

/** The trial's end as the server enforces it: when started, else counted from sign-up. */
export function trialEnd(user: Pick<User, 'trialEndsAt' | 'createdAt'>, trialDays: number): Date {
  if (user.trialEndsAt) return new Date(user.trialEndsAt);
  return new Date(new Date(user.createdAt).getTime() + trialDays * DAY_MS);
}

/** Whole days left, counting a started day as a day (23 hours left is "1 day"); never negative. */
export function trialDaysRemaining(endsAt: Date, now: Date): number {
  const left = endsAt.getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

export function trialStatus(user: TrialUser, trialDays: number, now: Date = new Date()): TrialStatus {
  const endsAt = trialEnd(user, trialDays);
  if (endsAt.getTime() <= now.getTime()) return { kind: 'expired', endsAt };
  const daysLeft = trialDaysRemaining(endsAt, now);
  return user.trialEndsAt ? { kind: 'active', endsAt, daysLeft } : { kind: 'not-started', endsAt, daysLeft };
}

/** "1 day" / "12 days". */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Whether the one-time extension was already claimed. */
export function trialWasExtended(user: Pick<User, 'trialExtendedAt'>): boolean {
  return user.trialExtendedAt !== null;
}

/** product.md, Plans and billing: a free user with a long enough streak may claim the extra days once. */
export function canClaimTrialExtension(
  user: TrialUser,
  catalogue: Pick<PlanCatalogue, 'trialDays' | 'trialExtensionStreakDays'>,
  streakDays: number | undefined,
): boolean {
  if (user.subscriptionTier !== 'free' || streakDays === undefined) return false;
  return streakDays >= catalogue.trialExtensionStreakDays && !trialWasExtended(user);
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Every screen's words for where a free trial stands (the plan page, the account card), from one
 * place, so that they always agree (product.md, Plans and billing; decision 030). The trial runs
 * from sign-up; "Trial not started" is only for accounts made before that rule, until they start it.
 */
export function trialSummary(status: Exclude<TrialStatus, { kind: 'expired' }>, trialDays: number): { title: string; detail: string } {
  const until = longDate.format(status.endsAt);
  if (status.kind === 'not-started') {
    return {
      title: 'Trial not started',
      detail: `Your ${trialDays}-day free trial counts from the day you signed up: ${daysText(status.daysLeft)} left, until ${until}.`,
    };
  }
  return {
    title: `${daysText(status.daysLeft)} left in your free trial`,
    detail: `Your ${trialDays}-day free trial started when you signed up and ends on ${until}.`,
  };
}

/**
 * What buying a plan does to the trial days left, shown before payment (decision 030): the paid
 * plan starts and is charged today; the trial's days are not added to it.
 */
export function trialPurchaseNote(status: TrialStatus, moneyBackDays: number): string | null {
  if (status.kind === 'expired') return null;
  const guarantee = moneyBackDays > 0 ? ` The ${moneyBackDays}-day money-back guarantee applies.` : '';
  return `Buying a plan now: it starts today and you are charged today. The ${daysText(status.daysLeft)} left in your free trial are not added to it.${guarantee}`;
}
