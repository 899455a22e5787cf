import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import { type Counter, deleteCounter, deleteExpiredCounters, incrementCounter, readCounter } from './rate-limits.repository.ts';

export type RateRule = { name: string; limit: number; windowSeconds: number };

/** Rules for the public account calls (decisions section 3). Keys combine a rule with an address or account. */
export const RATE_RULES = {
  signInPerAddress: { name: 'sign-in:ip', limit: 30, windowSeconds: 15 * 60 },
  signInPerAccountAndAddress: { name: 'sign-in:account-ip', limit: 10, windowSeconds: 15 * 60 },
  signInPerAccount: { name: 'sign-in:account', limit: 50, windowSeconds: 60 * 60 },
  signUpPerAddress: { name: 'sign-up:ip', limit: 20, windowSeconds: 60 * 60 },
  mailPerAccount: { name: 'mail:account', limit: 5, windowSeconds: 60 * 60 },
  mailPerAddress: { name: 'mail:ip', limit: 20, windowSeconds: 60 * 60 },
  tokenPerAddress: { name: 'token:ip', limit: 30, windowSeconds: 15 * 60 },
  contactPerAddress: { name: 'contact:ip', limit: 5, windowSeconds: 60 * 60 },
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

  /** Counts one attempt and refuses it when the window is full. */
  async consume(rule: RateRule, subject: string): Promise<void> {
    const counter = await incrementCounter(this.db, keyOf(rule, subject), rule.windowSeconds);
    if (counter.count > this.limitOf(rule)) throw tooMany(counter);
  }

  /** Refuses when the window is already full, without counting (for counting failures only). */
  async check(rule: RateRule, subject: string): Promise<void> {
    const counter = await readCounter(this.db, keyOf(rule, subject));
    if (counter && counter.count >= this.limitOf(rule)) throw tooMany(counter);
  }

  async recordFailure(rule: RateRule, subject: string): Promise<void> {
    await incrementCounter(this.db, keyOf(rule, subject), rule.windowSeconds);
  }

  async reset(rule: RateRule, subject: string): Promise<void> {
    await deleteCounter(this.db, keyOf(rule, subject));
  }

  async purgeExpired(): Promise<void> {
    await deleteExpiredCounters(this.db);
  }
}

function keyOf(rule: RateRule, subject: string): string {
  return `${rule.name}:${subject.toLowerCase()}`;
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
