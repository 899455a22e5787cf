import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/errors.ts';
import { type AppProcess, HttpClient, startAppProcess, tempDataDir, waitFor } from '#server/testing/app-process.ts';
import { type PrivatePostgres, startPrivatePostgres } from '#server/testing/private-postgres.ts';

/**
 * PostgreSQL stopped and started again while users keep calling: during the outage every call
 * fails cleanly (503, our JSON, nothing of the query or stack) and /readyz says not ready; once
 * the database is back the same process answers normally, without a restart.
 */
const server = await startPrivatePostgres();
if ('skipped' in server) console.log(`PostgreSQL restart test skipped: ${server.skipped}`);
const postgres = 'skipped' in server ? undefined : server;

type Answer = { sentIn: Phase; answeredIn: Phase; route: string; status: number; body: string; retryAfter: string | null };
type Phase = 'before' | 'outage' | 'back';

describe.skipIf(!postgres)('PostgreSQL restarted under load', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let app: AppProcess;

  beforeAll(async () => {
    data = await tempDataDir();
    app = await startAppProcess({ DATABASE_URL: postgres!.url, DATA_DIR: data.dir, DATABASE_POOL_SIZE: '4', JOB_WORKER: 'false' });
  });
  afterAll(async () => {
    await app?.kill();
    await (postgres as PrivatePostgres | undefined)?.destroy();
    await data?.remove();
  });

  it('fails calls cleanly while it is down and recovers without a restart', async () => {
    const client = new HttpClient(app.url);
    expect((await client.post('/api/register', { username: 'outage', email: 'outage@example.com', password: 'correct horse battery' })).status).toBe(200);

    let phase: Phase = 'before';
    let running = true;
    const answers: Answer[] = [];
    const today = new Date().toISOString().slice(0, 10);
    const calls: [string, () => ReturnType<HttpClient['request']>][] = [
      ['GET /api/user', () => client.get('/api/user')],
      ['GET /api/supplement-logs/:date', () => client.get(`/api/supplement-logs/${today}`)],
      ['POST /api/effects', () => client.post('/api/effects', { energy: phase === 'back' ? 5 : 4, mood: 3, sleep: 4 })],
    ];
    // Six users' worth of calls back to back, each call recorded with the phase it was sent in.
    const users = Array.from({ length: 6 }, async (_, n) => {
      for (let i = n; running; i += 1) {
        const [route, call] = calls[i % calls.length]!;
        const sentIn = phase;
        const answer = await call();
        answers.push({ sentIn, answeredIn: phase, route, status: answer.status, body: answer.text, retryAfter: answer.headers.get('retry-after') });
      }
    });

    await sleep(1500);
    phase = 'outage';
    await postgres!.stop();
    await sleep(1500);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'database-unavailable' });

    await postgres!.start();
    await waitFor(async () => (await fetch(`${app.url}/readyz`)).status === 200, 30_000);
    phase = 'back';
    const backFrom = answers.length;
    await sleep(1500);
    running = false;
    await Promise.all(users);

    expect(app.exited()).toBe(false);
    const failures = answers.filter((answer) => answer.status >= 300);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      // A call in flight when the database stopped may fail; none answered before that.
      expect(failure.answeredIn, `${failure.route} failed with ${failure.status} before the outage: ${failure.body}`).not.toBe('before');
      expect(failure.status, `${failure.route}: ${failure.body}`).toBe(503);
      expect(JSON.parse(failure.body)).toEqual({ ok: false, code: 'SERVICE_UNAVAILABLE', message: MESSAGES.databaseUnavailable, retryAfterSeconds: 5 });
      expect(failure.retryAfter).toBe('5');
    }
    const answeredAfter = answers.slice(backFrom).filter((answer) => answer.sentIn === 'back');
    expect(answeredAfter.length).toBeGreaterThan(0);
    expect(answeredAfter.filter((answer) => answer.status !== 200)).toEqual([]);
    // The rating written after the outage is the one kept.
    const day = (await client.get(`/api/supplement-logs/${today}`)).json() as { effects: { energy: number } | null };
    expect(day.effects).toMatchObject({ energy: 5 });
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
