import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { jobs, users } from '#server/db/schema/index.ts';
import { openTestDatabase } from '#server/testing/databases.ts';
import { type JobHandler, JobWorker, PermanentJobError, enqueueJob } from './job-worker.ts';
import { claimNextJob, findJob } from './jobs.repository.ts';

const log = { info: () => {}, warn: () => {}, error: () => {} };
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const worker = (handlers: Record<string, JobHandler>, extra: Partial<ConstructorParameters<typeof JobWorker>[0]> = {}) =>
  new JobWorker({ db: database.db, handlers, log, pollMs: 50, leaseMs: 60_000, ...extra });

/** A started worker that stops when its test ends, even a failed one, so it cannot take the next test's jobs. */
const started = (...args: Parameters<typeof worker>) => {
  const w = worker(...args);
  w.start();
  onTestFinished(() => w.stop({ graceMs: 0 }));
  return w;
};

const expireLease = (id: string) =>
  database.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));

describe('job queue', () => {
  it('runs a queued job once and records progress and completion', async () => {
    const seen: unknown[] = [];
    const w = worker({
      echo: {
        run: async (job, context) => {
          seen.push(job.payload);
          await context.setProgress(40);
        },
      },
    });
    const job = await enqueueJob(database.db, { kind: 'echo', payload: { n: 1 } });
    expect(await w.runOnce()).toBe(true);
    expect(await w.runOnce()).toBe(false);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await findJob(database.db, job.id)).toMatchObject({ state: 'done', progress: 100, attempts: 1, lockedBy: null });
  });

  it('leaves jobs of kinds it has no handler for, and jobs not yet due', async () => {
    const other = await enqueueJob(database.db, { kind: 'other', payload: {} });
    const later = await enqueueJob(database.db, { kind: 'echo', payload: {}, runAfter: new Date(Date.now() + 60_000) });
    expect(await worker({ echo: { run: async () => {} } }).drain()).toBe(0);
    expect((await findJob(database.db, other.id))?.state).toBe('queued');
    expect((await findJob(database.db, later.id))?.state).toBe('queued');
  });

  it('never hands one job to two workers', async () => {
    for (let i = 0; i < 6; i += 1) await enqueueJob(database.db, { kind: 'echo', payload: { i } });
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimNextJob(database.db, ['echo'], `worker-${i}`, 60_000)),
    );
    const ids = claims.filter(Boolean).map((job) => job!.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('skips a job another transaction holds locked (FOR UPDATE SKIP LOCKED)', async () => {
    if (database.kind === 'pglite') {
      // PGlite has one connection, so no second transaction can hold a lock; the statement itself runs above.
      console.log('skipped on PGlite: a single connection cannot hold a competing lock');
      return;
    }
    const first = await enqueueJob(database.db, { kind: 'echo', payload: { n: 1 }, runAfter: new Date(Date.now() - 1000) });
    const second = await enqueueJob(database.db, { kind: 'echo', payload: { n: 2 } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = database.db.transaction(async (tx) => {
      await tx.select().from(jobs).where(eq(jobs.id, first.id)).for('update');
      locked();
      await held;
    });
    await isLocked;
    const claimed = await claimNextJob(database.db, ['echo'], 'other-worker', 60_000);
    release();
    await holder;
    expect(claimed?.id).toBe(second.id);
  });

  it('runs again a job whose worker died (its lease expired), and the dead worker cannot complete it', async () => {
    const job = await enqueueJob(database.db, { kind: 'echo', payload: {} });
    const dead = await claimNextJob(database.db, ['echo'], 'dead-worker', 60_000);
    expect(dead?.id).toBe(job.id);
    const run = vi.fn(async () => {});
    const w = worker({ echo: { run } });
    expect(await w.runOnce()).toBe(false); // the lease is still held
    await expireLease(job.id);
    expect(await w.runOnce()).toBe(true);
    expect(run).toHaveBeenCalledOnce();
    expect(await findJob(database.db, job.id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('retries a failing job later, and fails a permanent error at once, telling the handler', async () => {
    const onGiveUp = vi.fn(async () => {});
    const flaky = await enqueueJob(database.db, { kind: 'flaky', payload: {} });
    const broken = await enqueueJob(database.db, { kind: 'broken', payload: {} });
    const w = worker({
      flaky: { run: async () => Promise.reject(new Error('network down')), onGiveUp },
      broken: { run: async () => Promise.reject(new PermanentJobError('damaged file')), onGiveUp },
    });
    await w.drain();
    const retried = await findJob(database.db, flaky.id);
    expect(retried).toMatchObject({ state: 'queued', error: 'network down', attempts: 1 });
    expect(retried!.runAfter.getTime()).toBeGreaterThan(Date.now() + 2000);
    expect(await findJob(database.db, broken.id)).toMatchObject({ state: 'failed', error: 'damaged file' });
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it('fails a job whose worker kept dying once its attempts are used up', async () => {
    const onGiveUp = vi.fn(async () => {});
    const job = await enqueueJob(database.db, { kind: 'echo', payload: {}, maxAttempts: 1 });
    await claimNextJob(database.db, ['echo'], 'dead-worker', 60_000);
    await expireLease(job.id);
    const run = vi.fn(async () => {});
    expect(await worker({ echo: { run, onGiveUp } }).runOnce()).toBe(false);
    expect(run).not.toHaveBeenCalled();
    expect(await findJob(database.db, job.id)).toMatchObject({ state: 'failed' });
    expect(onGiveUp).toHaveBeenCalledOnce();
  });

  it('polls: a job enqueued while the worker runs starts promptly', async () => {
    const done = vi.fn();
    const w = started({ echo: { run: async () => done() } }, { pollMs: 10_000 });
    const job = await enqueueJob(database.db, { kind: 'echo', payload: {} });
    await vi.waitFor(() => expect(done).toHaveBeenCalled(), { timeout: 3000 });
    await w.stop();
    await vi.waitFor(async () => expect((await findJob(database.db, job.id))?.state).toBe('done'));
  });

  it('on stop, finishes a job that ends within the grace period', async () => {
    const w = started({ echo: { run: () => new Promise((resolve) => setTimeout(resolve, 200)) } });
    const job = await enqueueJob(database.db, { kind: 'echo', payload: {} });
    await vi.waitFor(async () => expect((await findJob(database.db, job.id))?.state).toBe('running'));
    await w.stop({ graceMs: 5000 });
    expect((await findJob(database.db, job.id))?.state).toBe('done');
  });

  it('on stop, gives back a job that runs past the grace period, uncounted, for the next worker', async () => {
    let aborted = false;
    const released: string[] = [];
    const w = started({
      slow: {
        onRelease: async (job) => {
          released.push(job.id);
        },
        run: (_job, context) =>
          new Promise((resolve) => {
            context.signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            });
          }),
      },
    });
    const job = await enqueueJob(database.db, { kind: 'slow', payload: {} });
    await vi.waitFor(async () => expect((await findJob(database.db, job.id))?.state).toBe('running'));
    await w.stop({ graceMs: 100 });
    expect(aborted).toBe(true);
    expect(released).toEqual([job.id]);
    expect(await findJob(database.db, job.id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    const next = vi.fn(async () => {});
    expect(await worker({ slow: { run: next } }).runOnce()).toBe(true);
    expect(next).toHaveBeenCalledOnce();
  });

  it("serves users in turn: one user's 50 queued jobs do not hold back another user's single job", async () => {
    const [busy, other] = await database.db
      .insert(users)
      .values([1, 2].map((n) => ({ username: `queue-user-${n}-${Date.now()}`, email: `queue-${n}-${Date.now()}@example.test` })))
      .returning({ id: users.id });
    for (let i = 0; i < 50; i += 1) await enqueueJob(database.db, { kind: 'echo', payload: { owner: 'busy', i }, userId: busy!.id });
    const order: string[] = [];
    const busyJobs: number[] = [];
    const w = worker({
      echo: {
        run: async (job) => {
          const { owner, i } = job.payload as { owner: string; i?: number };
          order.push(owner);
          if (i !== undefined) busyJobs.push(i);
        },
      },
    });
    // The busy user is being served when the other user's one job arrives.
    expect(await w.runOnce()).toBe(true);
    await enqueueJob(database.db, { kind: 'echo', payload: { owner: 'other' }, userId: other!.id });
    expect(await w.drain()).toBe(50);
    expect(order.indexOf('other')).toBe(1);
    // The busy user's own jobs still run oldest first.
    expect(busyJobs).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
