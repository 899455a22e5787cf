import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/errors.ts';
import { DEFAULT_PLAN_CATALOGUE } from '#contract/plans.ts';
import { users } from '#server/db/schema/index.ts';
import { AppError } from '#server/http/app-error.ts';
import { type TestApp, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { EntitlementsService } from './entitlements.service.ts';
import { UsageService } from './usage.service.ts';
import type { User } from '#server/domain/user.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

/** An injected clock: limits are checked and uses recorded at this time. */
function clockAt(iso: string) {
  const clock = { now: new Date(iso), set: (next: string) => (clock.now = new Date(next)), advance: (ms: number) => (clock.now = new Date(clock.now.getTime() + ms)) };
  return clock;
}

async function userWith(changes: Partial<User>): Promise<User> {
  const { user } = await signedInClient(t);
  const [row] = await t.database.db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  return row!;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function counts(user: User, now: Date) {
  return new UsageService(t.database.db, DEFAULT_PLAN_CATALOGUE).summarise(user, now);
}

describe('AI messages', () => {
  it("refuses a free user's 101st message of the month with 429, counts it nowhere, and allows again next month", async () => {
    const clock = clockAt('2031-03-10T12:00:00Z');
    const entitlements = new EntitlementsService(t.database.db, DEFAULT_PLAN_CATALOGUE, () => clock.now);
    const user = await userWith({ trialEndsAt: FAR_FUTURE });
    for (let i = 0; i < 100; i += 1) await entitlements.recordAiMessage(user);

    const refused = await refusal(entitlements.recordAiMessage(user));
    expect(refused.statusCode).toBe(429);
    expect(refused.code).toBe('LIMIT_REACHED');
    expect(refused.extra.limitReached).toBe(true);
    expect(refused.message).toBe('You have reached your monthly chat limit of 100 messages. It resets on April 1, 2031; upgrade to Pro for unlimited chats.');
    expect(refused.extra.retryAfterSeconds).toBe((Date.parse('2031-04-01T00:00:00Z') - clock.now.getTime()) / 1000);
    expect((await counts(user, clock.now)).aiInteractionsCount).toBe(100);

    clock.set('2031-03-31T23:59:59Z');
    await expect(entitlements.recordAiMessage(user)).rejects.toThrow(/monthly chat limit/);
    clock.set('2031-04-01T00:00:01Z');
    await entitlements.recordAiMessage(user);
    expect((await counts(user, clock.now)).aiInteractionsCount).toBe(1);
  });

  it('takes back a message whose answer failed, so it is not counted', async () => {
    const clock = clockAt('2031-05-10T12:00:00Z');
    const entitlements = new EntitlementsService(t.database.db, DEFAULT_PLAN_CATALOGUE, () => clock.now);
    const user = await userWith({ subscriptionTier: 'starter' });
    const use = await entitlements.recordAiMessage(user);
    await entitlements.recordAiMessage(user);
    await use.release();
    expect((await counts(user, clock.now)).aiInteractionsCount).toBe(1);
  });

  it("limits a pro user to 60 messages an hour (fair use), with no monthly cap, and frees the hour as it passes", async () => {
    const clock = clockAt('2031-06-10T08:00:00Z');
    const entitlements = new EntitlementsService(t.database.db, DEFAULT_PLAN_CATALOGUE, () => clock.now);
    const user = await userWith({ subscriptionTier: 'pro' });
    for (let i = 0; i < 60; i += 1) {
      await entitlements.recordAiMessage(user);
      clock.advance(30_000);
    }
    // 60 messages from 08:00:00 to 08:29:30; now 08:30:00.
    const refused = await refusal(entitlements.recordAiMessage(user));
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('You have reached the fair-use limit of 60 messages per hour. Please try again in 30 minutes.');
    expect(refused.extra).toMatchObject({ limitReached: true, retryAfterSeconds: 1800 });

    clock.set('2031-06-10T09:00:00.001Z');
    await entitlements.recordAiMessage(user);
    clock.set('2031-06-10T11:00:00Z');
    for (let i = 0; i < 60; i += 1) await entitlements.recordAiMessage(user);
    expect((await counts(user, clock.now)).aiInteractionsCount).toBe(121);
  });

  it('answers TRIAL_EXPIRED (403) once a free trial is over, and records nothing', async () => {
    const clock = clockAt('2031-07-10T12:00:00Z');
    const entitlements = new EntitlementsService(t.database.db, DEFAULT_PLAN_CATALOGUE, () => clock.now);
    const user = await userWith({ trialEndsAt: new Date('2031-07-10T11:59:59Z') });
    const refused = await refusal(entitlements.recordAiMessage(user));
    expect(refused.statusCode).toBe(403);
    expect(refused.code).toBe('TRIAL_EXPIRED');
    expect(refused.message).toBe(MESSAGES.trialExpired);
    expect((await refusal(entitlements.recordLabUpload(user))).code).toBe('TRIAL_EXPIRED');
    expect(await counts(user, clock.now)).toEqual({ aiInteractionsCount: 0, labUploadsCount: 0 });
  });
});

describe('lab uploads', () => {
  it("refuses a free user's first upload with 429 and an upgrade message", async () => {
    const entitlements = new EntitlementsService(t.database.db, DEFAULT_PLAN_CATALOGUE, () => new Date('2031-03-10T12:00:00Z'));
    const user = await userWith({ trialEndsAt: FAR_FUTURE });
    const refused = await refusal(entitlements.recordLabUpload(user));
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('Lab uploads are not included in the Free Trial. Upgrade to Starter or Pro to upload lab results.');
    expect((await counts(user, new Date('2031-03-10T12:00:00Z'))).labUploadsCount).toBe(0);
  });

  it("refuses a starter user's 4th upload in 12 months, frees a failed upload's slot, and allows again when the first leaves the window", async () => {
    const clock = clockAt('2031-01-15T10:00:00Z');
    const entitlements = new EntitlementsService(t.database.db, DEFAULT_PLAN_CATALOGUE, () => clock.now);
    const user = await userWith({ subscriptionTier: 'starter' });
    await entitlements.recordLabUpload(user);
    clock.set('2031-04-01T10:00:00Z');
    await entitlements.recordLabUpload(user);
    const failed = await entitlements.recordLabUpload(user);
    await failed.release();
    await entitlements.recordLabUpload(user);

    clock.set('2031-09-01T10:00:00Z');
    const refused = await refusal(entitlements.recordLabUpload(user));
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe(
      'Starter is limited to 3 lab uploads per 12 months. Upgrade to Pro for unlimited uploads. You can upload again on January 15, 2032.',
    );
    expect((await counts(user, clock.now)).labUploadsCount).toBe(3);

    clock.set('2032-01-15T10:00:01Z');
    await entitlements.recordLabUpload(user);
    await expect(entitlements.recordLabUpload(user)).rejects.toThrow(/limited to 3 lab uploads/);
  });

  it('gives exactly the remaining slots to parallel uploads', async () => {
    const entitlements = new EntitlementsService(t.database.db, DEFAULT_PLAN_CATALOGUE, () => new Date('2031-02-01T10:00:00Z'));
    const user = await userWith({ subscriptionTier: 'starter' });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => entitlements.recordLabUpload(user)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect((await counts(user, new Date('2031-02-01T10:00:00Z'))).labUploadsCount).toBe(3);
  });

  it('lets a pro user upload without limit', async () => {
    const entitlements = new EntitlementsService(t.database.db, DEFAULT_PLAN_CATALOGUE, () => new Date('2031-02-01T10:00:00Z'));
    const user = await userWith({ subscriptionTier: 'pro' });
    for (let i = 0; i < 8; i += 1) await entitlements.recordLabUpload(user);
  });
});

describe('a cancelled plan', () => {
  it('keeps its limits until subscriptionEndsAt, then counts as free', async () => {
    const clock = clockAt('2031-03-01T00:00:00Z');
    const entitlements = new EntitlementsService(t.database.db, DEFAULT_PLAN_CATALOGUE, () => clock.now);
    const user = await userWith({ subscriptionTier: 'pro', subscriptionEndsAt: new Date('2031-03-15T00:00:00Z') });
    expect(entitlements.effectiveTier(user)).toBe('pro');
    await entitlements.recordLabUpload(user);
    clock.set('2031-03-15T00:00:01Z');
    expect(entitlements.effectiveTier(user)).toBe('free');
    // Signed up long before: the trial is over too.
    expect((await refusal(entitlements.recordLabUpload(user))).code).toBe('TRIAL_EXPIRED');
  });
});
