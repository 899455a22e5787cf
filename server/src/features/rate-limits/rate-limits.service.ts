import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import { networkOf } from '#server/lib/client-address.ts';
import { type Counter, deleteCounter, deleteExpiredCounters, giveBackToCounter, readCounter, takeFromCounter } from './rate-limits.repository.ts';

export type RateRule = { name: string; limit: number; windowSeconds: number };

/** Rules for the public account calls (product.md, Accounts). Keys combine a rule with an address or account. */
export const RATE_RULES = {
  signInPerAddress: { name: 'sign-in:ip', limit: 30, windowSeconds: 15 * 60 },
  signInPerAccountAndAddress: { name: 'sign-in:account-ip', limit: 10, windowSeconds: 15 * 60 },
  signInPerAccount: { name: 'sign-in:account', limit: 50, windowSeconds: 60 * 60 },
  signUpPerAddress: { name: 'sign-up:ip', limit: 20, windowSeconds: 60 * 60 },
  mailPerAccount: { name: 'mail:account', limit: 5, windowSeconds: 60 * 60 },
  mailPerAddress: { name: 'mail:ip', limit: 20, windowSeconds: 60 * 60 },
  tokenPerAddress: { name: 'token:ip', limit: 30, windowSeconds: 15 * 60 },
  contactPerAddress: { name: 'contact:ip', limit: 5, windowSeconds: 60 * 60 },
  importPerAccount: { name: 'import:account', limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

export class RateLimiter {
  /** `limitOverrides` maps a rule's name to another limit (configuration, e.g. for test rigs on one address). */
  constructor(
    private readonly db: Db,
    private readonly limitOverrides: Record<string, number> = {},
  ) {}

  private limitOf(rule: RateRule): number {
    return this.limitOverrides[rule.name] ?? rule.limit;
  }

  /**
   * Counts one attempt, or refuses it when the window is full. The check and the count are one
   * statement, so a burst of parallel requests gets no more attempts than a sequence would.
   */
  async consume(rule: RateRule, subject: string): Promise<void> {
    const key = keyOf(rule, subject);
    const taken = await takeFromCounter(this.db, key, rule.windowSeconds, this.limitOf(rule));
    if (taken) return;
    const full = await readCounter(this.db, key);
    throw tooMany(full ?? { count: this.limitOf(rule), resetAt: new Date(Date.now() + rule.windowSeconds * 1000) });
  }

  /** Gives back an attempt `consume` counted, when it turned out not to be one that counts (a sign-in that succeeded). */
  async release(rule: RateRule, subject: string): Promise<void> {
    await giveBackToCounter(this.db, keyOf(rule, subject));
  }

  async reset(rule: RateRule, subject: string): Promise<void> {
    await deleteCounter(this.db, keyOf(rule, subject));
  }

  async purgeExpired(): Promise<void> {
    await deleteExpiredCounters(this.db);
  }
}

/** Every part of a subject (`account|address`) that is an IP address counts by its network, so that one IPv6 host cannot rotate through its /64. */
function keyOf(rule: RateRule, subject: string): string {
  return `${rule.name}:${subject.toLowerCase().split('|').map(networkOf).join('|')}`;
}

function tooMany(counter: Counter): AppError {
  const seconds = Math.max(1, Math.ceil((counter.resetAt.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds: seconds },
  );
}
