import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { qualitativeLogs, supplementLogs, usageEvents, users } from '#server/db/schema/index.ts';
import { testDatabaseKind } from '#server/testing/databases.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';

/**
 * Signed-in reads (the session, the day, the streak) are answered from memory; these tests prove
 * that what the user sees still follows every change to their data, however it was made.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ USER_CACHE_SECONDS: '1' });
});
afterAll(() => t.close());

// PGlite hears a commit before the committing call returns; PostgreSQL a moment later, on the
// listening connection.
const untilNotified = () => ({ timeout: t.database.kind === 'pglite' ? 1 : 2_000, interval: 10 });

/** A change the cache is not told about: triggers off for this one statement's transaction. */
async function renameQuietly(userId: string, username: string) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(users).set({ username }).where(eq(users.id, userId));
  });
}

async function usernameSeenBy(client: TestClient) {
  const response = await client.get('/api/user');
  return response.statusCode === 200 ? (response.json().user.username as string) : response.statusCode;
}

it('answers a repeated read from memory until it expires (a change the database does not announce shows only then)', async () => {
  const { client, user } = await signedInClient(t);
  expect(await usernameSeenBy(client)).toBe(user.username);
  await renameQuietly(user.id, `${user.username}x`);
  expect(await usernameSeenBy(client)).toBe(user.username);
  await vi.waitFor(async () => expect(await usernameSeenBy(client)).toBe(`${user.username}x`), { timeout: 3_000, interval: 100 });
});

it('shows a change to the user made directly in the database, by any writer, at once', async () => {
  const { client, user } = await signedInClient(t);
  expect((await client.get('/api/user')).json().user.subscriptionTier).toBe('free');
  await t.database.db.update(users).set({ subscriptionTier: 'pro' }).where(eq(users.id, user.id));
  await vi.waitFor(async () => expect((await client.get('/api/user')).json().user.subscriptionTier).toBe('pro'), untilNotified());
});

it('counts a new AI message in the usage shown at once', async () => {
  const { client, user } = await signedInClient(t);
  expect((await client.get('/api/user')).json().user).toMatchObject({ aiInteractionsCount: 0, labUploadsCount: 0 });
  await t.database.db.insert(usageEvents).values({ userId: user.id, kind: 'ai_message' });
  await vi.waitFor(async () => expect((await client.get('/api/user')).json().user).toMatchObject({ aiInteractionsCount: 1 }), untilNotified());
});

it("shows intake and notes saved by another process or tool in the day and the streak at once", async () => {
  const { client, user } = await signedInClient(t);
  const today = new Date().toISOString().slice(0, 10);
  const day = async () => (await client.get(`/api/supplement-logs/${today}`)).json();
  const streak = async () => (await client.get('/api/supplements/streak')).json();
  expect((await day()).supplements).toEqual([]);
  expect(await streak()).toMatchObject({ currentStreak: 0 });

  // As another app process would save them: straight into the database.
  await t.database.db.insert(supplementLogs).values({
    userId: user.id, localDate: today, takenAt: new Date(), name: 'Magnesium', dosageAmount: 200, dosageUnit: 'mg', frequencyCount: 1, frequencyUnit: 'daily',
  });
  await t.database.db.insert(qualitativeLogs).values({ userId: user.id, type: 'other', localDate: today, content: 'Slept well' });
  await vi.waitFor(async () => {
    const seen = await day();
    expect(seen.supplements.map((item: { name: string }) => item.name)).toEqual(['Magnesium']);
    expect(seen.qualitativeLogs.map((note: { content: string }) => note.content)).toEqual(['Slept well']);
    expect(await streak()).toMatchObject({ currentStreak: 1, loggedToday: true });
  }, untilNotified());
});

it('ends a session the moment the user signs out, or signs out their other sessions', async () => {
  const { client, body } = await signedInClient(t);
  const laptop = new TestClient(t.app);
  expect((await laptop.post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(200);
  const stolen = new TestClient(t.app);
  stolen.setCookie('stacklab_session', laptop.sessionCookie!);
  expect((await stolen.get('/api/user')).statusCode).toBe(200);

  expect((await laptop.post('/api/logout')).statusCode).toBe(200);
  expect((await stolen.get('/api/user')).statusCode).toBe(401);

  const phone = new TestClient(t.app);
  expect((await phone.post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(200);
  expect((await phone.get('/api/user')).statusCode).toBe(200);
  const { sessions } = (await client.get('/api/sessions')).json() as { sessions: { id: string; current: boolean }[] };
  for (const session of sessions.filter((s) => !s.current)) expect((await client.delete(`/api/sessions/${session.id}`)).statusCode).toBe(200);
  expect((await phone.get('/api/user')).statusCode).toBe(401);
  expect((await client.get('/api/user')).statusCode).toBe(200);
});

// PGlite has no connection to lose: it runs in this process.
if (testDatabaseKind() === 'postgres') describe('on PostgreSQL, when the listening connection breaks', () => {
  it('reads every session from the database until it listens again, then answers from memory again', async () => {
    const { client, user } = await signedInClient(t);
    expect(await usernameSeenBy(client)).toBe(user.username);
    const ended = (await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    )) as unknown as { rows: unknown[] };
    expect(ended.rows).toHaveLength(1);

    // Without the notices a quiet change is seen at once: nothing is served from memory.
    await vi.waitFor(async () => {
      const name = `${user.username}-${Date.now()}`;
      await renameQuietly(user.id, name);
      expect(await usernameSeenBy(client)).toBe(name);
    }, { timeout: 2_000, interval: 20 });

    // Listening again (it retries every second), repeated reads come from memory once more.
    await vi.waitFor(async () => {
      const seen = await usernameSeenBy(client);
      await renameQuietly(user.id, `${user.username}-${Date.now()}`);
      expect(await usernameSeenBy(client)).toBe(seen);
    }, { timeout: 5_000, interval: 100 });
  });
});
