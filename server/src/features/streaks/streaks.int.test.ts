import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplementLogs, users } from '#server/db/schema/index.ts';
import { summariseLoggedDays } from '#server/features/supplement-logs/supplement-logs.repository.ts';
import { SupplementLogsService } from '#server/features/supplement-logs/supplement-logs.service.ts';
import { SupplementsService } from '#server/features/supplements/supplements.service.ts';
import { type TestApp, TestClient, createTestApp, newUserBody, signedInClient } from '#server/testing/test-app.ts';
import { StreakService } from './streaks.service.ts';
import type { User } from '#server/domain/user.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the streak over logged days', () => {
  it.each([
    [[], '2025-06-10', 0, 0],
    [['2025-06-10'], '2025-06-10', 1, 1],
    [['2025-06-09'], '2025-06-10', 1, 1],
    [['2025-06-08'], '2025-06-10', 0, 1],
    [['2025-06-10', '2025-06-09', '2025-06-08'], '2025-06-10', 3, 3],
    [['2025-06-09', '2025-06-08', '2025-06-07'], '2025-06-10', 3, 3],
    [['2025-06-10', '2025-06-08', '2025-06-07', '2025-06-06', '2025-06-05'], '2025-06-10', 1, 4],
    [['2025-03-01', '2025-02-28', '2025-02-27'], '2025-03-01', 3, 3],
    [['2024-03-01', '2024-02-29', '2024-02-28'], '2024-03-02', 3, 3],
    [['2026-01-01', '2025-12-31'], '2026-01-01', 2, 2],
    // A day after today (a later time zone change) is in the longest run, not the current one.
    [['2025-06-11', '2025-06-10', '2025-06-09'], '2025-06-10', 2, 3],
  ])('%j on %s: current %i, longest %i', async (days, today, current, longest) => {
    const userId = (await signedInClient(t)).user.id;
    if (days.length > 0) {
      // Two logs on the first day: a day counts once however many logs it has.
      const rows = [...days, days[0]!].map((day, index) => ({
        userId,
        localDate: day,
        takenAt: new Date(`${day}T08:00:00Z`),
        name: `Supplement ${index}`,
        dosageAmount: 1,
        dosageUnit: 'mg' as const,
        frequencyCount: 1,
        frequencyUnit: 'daily' as const,
      }));
      await t.database.db.insert(supplementLogs).values(rows);
    }
    const newest = [...days].sort().at(-1) ?? null;
    expect(await summariseLoggedDays(t.database.db, userId, today)).toEqual({ current, longest, lastLogDate: newest });
  });
});

describe('the runs of logged days the database keeps', () => {
  it('follow days removed and added in any order, for this user only', async () => {
    const userId = (await signedInClient(t)).user.id;
    const other = (await signedInClient(t)).user.id;
    const log = (owner: string, day: string) => ({
      userId: owner,
      localDate: day,
      takenAt: new Date(`${day}T08:00:00Z`),
      name: 'Magnesium',
      dosageAmount: 200,
      dosageUnit: 'mg' as const,
      frequencyCount: 1,
      frequencyUnit: 'daily' as const,
    });
    const days = ['2025-06-06', '2025-06-07', '2025-06-08', '2025-06-09', '2025-06-10'];
    await t.database.db.insert(supplementLogs).values([...days.map((day) => log(userId, day)), log(other, '2025-06-10')]);
    expect(await summariseLoggedDays(t.database.db, userId, '2025-06-10')).toEqual({ current: 5, longest: 5, lastLogDate: '2025-06-10' });

    // Un-logging the 8th splits the run; logging it again joins it.
    await t.database.db.delete(supplementLogs).where(and(eq(supplementLogs.userId, userId), eq(supplementLogs.localDate, '2025-06-08')));
    expect(await summariseLoggedDays(t.database.db, userId, '2025-06-10')).toEqual({ current: 2, longest: 2, lastLogDate: '2025-06-10' });
    await t.database.db.insert(supplementLogs).values(log(userId, '2025-06-08'));
    expect(await summariseLoggedDays(t.database.db, userId, '2025-06-10')).toEqual({ current: 5, longest: 5, lastLogDate: '2025-06-10' });

    // Moving the last day away ends the current run.
    await t.database.db.update(supplementLogs).set({ localDate: '2025-06-01' }).where(and(eq(supplementLogs.userId, userId), eq(supplementLogs.localDate, '2025-06-10')));
    expect(await summariseLoggedDays(t.database.db, userId, '2025-06-11')).toEqual({ current: 0, longest: 4, lastLogDate: '2025-06-09' });
    expect(await summariseLoggedDays(t.database.db, other, '2025-06-10')).toEqual({ current: 1, longest: 1, lastLogDate: '2025-06-10' });
  });
});

describe('streaks by local day, with a fixed clock', () => {
  // 2025-06-10 20:00 UTC: 13:00 on the 10th in Los Angeles, 08:00 on the 11th in Auckland, 01:30 on the 11th in Kolkata.
  const now = new Date('2025-06-10T20:00:00Z');

  async function setup(timeZone: string) {
    const client = new TestClient(t.app);
    const response = await client.post('/api/register', { ...newUserBody(), timeZone });
    const id = response.json().user.id as string;
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    const supplements = new SupplementsService(t.database.db);
    const logs = new SupplementLogsService({ db: t.database.db, supplements, now: () => now });
    const streaks = new StreakService({ logs, goalDays: 90, now: () => now });
    const supplementId = (await client.post('/api/supplements', { name: 'Magnesium', dosage: '200 mg', frequency: '1x daily' })).json().id;
    const log = (...takenAt: string[]) =>
      logs.saveLogs(user as User, { logs: takenAt.map((at) => ({ supplementId, takenAt: at, taken: true })) });
    return { user: user as User, streaks, log, client };
  }

  it('ends today in Los Angeles', async () => {
    const { user, streaks, log } = await setup('America/Los_Angeles');
    // 23:30 local on the 8th and 9th, and 09:00 local on the 10th.
    await log('2025-06-09T06:30:00Z', '2025-06-10T06:30:00Z', '2025-06-10T16:00:00Z');
    expect(await streaks.streak(user)).toEqual({
      streakDays: 3,
      currentStreak: 3,
      longestStreak: 3,
      goalDays: 90,
      loggedToday: true,
      lastLogDate: '2025-06-10',
    });
  });

  it('ends yesterday in Auckland, where the same instants fall a day later', async () => {
    const { user, streaks, log } = await setup('Pacific/Auckland');
    // Local 2025-06-08, 06-09, 06-10 (12:00 NZST each).
    await log('2025-06-08T00:00:00Z', '2025-06-09T00:00:00Z', '2025-06-10T00:00:00Z');
    expect(await streaks.streak(user)).toMatchObject({ currentStreak: 3, loggedToday: false, lastLogDate: '2025-06-10' });
  });

  it('is broken when the last log is two days old, keeping the longest', async () => {
    const { user, streaks, log } = await setup('Asia/Kolkata');
    // Local 06-06..06-09 at 12:00 IST; today is the 11th.
    await log('2025-06-06T06:30:00Z', '2025-06-07T06:30:00Z', '2025-06-08T06:30:00Z', '2025-06-09T06:30:00Z');
    expect(await streaks.streak(user)).toMatchObject({ streakDays: 0, currentStreak: 0, longestStreak: 4, loggedToday: false });
  });

  it('counts a day once however many logs it has, and follows edits that empty a day', async () => {
    const { user, streaks, log, client } = await setup('UTC');
    await log('2025-06-09T08:00:00Z', '2025-06-10T08:00:00Z');
    const second = (await client.post('/api/supplements', { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' })).json().id;
    await client.post('/api/supplement-logs', { logs: [{ supplementId: second, takenAt: '2025-06-10T09:00:00Z' }] });
    expect((await streaks.streak(user)).currentStreak).toBe(2);
  });
});

describe('streak routes', () => {
  it('answer the same computation on both paths', async () => {
    const client = new TestClient(t.app);
    await client.post('/api/register', { ...newUserBody(), timeZone: 'Asia/Kolkata' });
    const empty = await client.get('/api/supplements/streak');
    expect(empty.json()).toEqual({ streakDays: 0, currentStreak: 0, longestStreak: 0, goalDays: 90, loggedToday: false, lastLogDate: null });
    const id = (await client.post('/api/supplements', { name: 'Magnesium', dosage: '200 mg', frequency: '1x daily' })).json().id;
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    await client.post('/api/supplement-logs', { logs: [{ supplementId: id, takenAt: yesterday }, { supplementId: id, takenAt: new Date().toISOString() }] });
    const a = (await client.get('/api/supplements/streak')).json();
    const b = (await client.get('/api/supplement-streak')).json();
    expect(a).toEqual(b);
    expect(a).toMatchObject({ streakDays: 2, currentStreak: 2, loggedToday: true });
    expect((await new TestClient(t.app).get('/api/supplement-streak')).statusCode).toBe(401);
  });
});
