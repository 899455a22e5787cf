import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import {
  type JobRow,
  type NewJob,
  claimNextJob,
  completeJob,
  extendLease,
  failAbandonedJobs,
  failJob,
  insertJob,
  releaseJob,
  setJobProgress,
} from './jobs.repository.ts';

export type JobContext = {
  workerId: string;
  /** Aborted when the worker gives the job back (shutdown) or loses its lease. */
  signal: AbortSignal;
  setProgress(progress: number): Promise<void>;
};

export type JobHandler = {
  run(job: JobRow, context: JobContext): Promise<void>;
  /** Told when the job fails for good (an error with no retries left, or a worker that kept dying). */
  onGiveUp?(job: JobRow, message: string): Promise<void>;
  /** Told when the job was given back to the queue unfinished (shutdown past the grace period). */
  onRelease?(job: JobRow): Promise<void>;
};

/** A failure that retrying cannot fix (a damaged file): the job fails at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export type JobWorkerOptions = {
  db: Db;
  handlers: Record<string, JobHandler>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Backoff before retry n (1-based); default 5 s, 25 s, 125 s... */
  retryDelayMs?: (attempt: number) => number;
};

/** In-process wake-ups so that a job enqueued here starts without waiting for the next poll. */
const queued = new EventEmitter();
queued.setMaxListeners(100);

export async function enqueueJob(db: Db, job: NewJob): Promise<JobRow> {
  const row = await insertJob(db, job);
  notifyJobQueued(row.kind);
  return row;
}

/** For jobs inserted inside a caller's transaction: call once it has committed. */
export function notifyJobQueued(kind: string): void {
  queued.emit('queued', kind);
}

/**
 * Runs jobs from the PostgreSQL queue: polls, claims with SKIP LOCKED, keeps the lease alive
 * while a job runs, retries with backoff, and on stop finishes (or gives back) what it holds.
 */
export class JobWorker {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, { job: JobRow; promise: Promise<void>; abort: AbortController }>();
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** Set by a wake-up that came while the loop was claiming, not waiting: the next wait is skipped. */
  private woken = false;
  private readonly onQueued = (kind: string) => {
    if (kind in this.options.handlers) this.nudge();
  };

  private nudge() {
    this.woken = true;
    this.wake?.();
  }

  constructor(private readonly options: JobWorkerOptions) {}

  private get concurrency() {
    return this.options.concurrency ?? 1;
  }

  private get leaseMs() {
    return this.options.leaseMs ?? 120_000;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    queued.on('queued', this.onQueued);
    this.loop = this.pollLoop();
  }

  /**
   * Stops claiming, waits up to `graceMs` for running jobs to finish, then gives the rest back to
   * the queue (another worker, or this one after a restart, runs them from the start).
   */
  async stop({ graceMs = 10_000 }: { graceMs?: number } = {}): Promise<void> {
    this.stopping = true;
    queued.off('queued', this.onQueued);
    this.nudge();
    await this.loop;
    this.loop = undefined;
    const inFlight = [...this.running.values()].map((entry) => entry.promise);
    if (inFlight.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      Promise.all(inFlight).then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (!timedOut) return;
    for (const [id, entry] of this.running) {
      entry.abort.abort();
      if (!(await releaseJob(this.options.db, id, this.workerId))) continue;
      this.options.log.info({ jobId: id }, 'job given back on shutdown');
      await this.options.handlers[entry.job.kind]?.onRelease?.(entry.job).catch((error: unknown) => {
        this.options.log.error({ err: error, jobId: id }, 'job release handler failed');
      });
    }
    this.running.clear();
  }

  /** Claims and runs one due job; false when there was none. For tests and one-off runs. */
  async runOnce(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  /** Runs due jobs one after another until none is left; answers how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOnce()) count += 1;
    return count;
  }

  private async pollLoop(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let claimed = false;
      if (this.running.size < this.concurrency) {
        try {
          const job = await this.claim();
          if (job) {
            claimed = true;
            const abort = new AbortController();
            const promise = this.execute(job, abort).finally(() => {
              this.running.delete(job.id);
              this.nudge();
            });
            this.running.set(job.id, { job, promise, abort });
          }
        } catch (error) {
          this.options.log.error({ err: error }, 'job queue: claim failed');
        }
      }
      if ((claimed && this.running.size < this.concurrency) || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.options.pollMs ?? 1000);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = undefined;
    }
  }

  private async claim(): Promise<JobRow | undefined> {
    const kinds = Object.keys(this.options.handlers);
    const abandoned = await failAbandonedJobs(this.options.db, kinds, 'Stopped after the worker running it stopped responding too many times');
    for (const job of abandoned) {
      this.options.log.warn({ jobId: job.id, kind: job.kind }, 'job abandoned after too many attempts');
      await this.options.handlers[job.kind]?.onGiveUp?.(job, job.error ?? 'Stopped').catch((error: unknown) => {
        this.options.log.error({ err: error, jobId: job.id }, 'job give-up handler failed');
      });
    }
    return claimNextJob(this.options.db, kinds, this.workerId, this.leaseMs);
  }

  private async execute(job: JobRow, abort = new AbortController()): Promise<void> {
    const { db, log } = this.options;
    const handler = this.options.handlers[job.kind]!;
    const heartbeat = setInterval(() => {
      extendLease(db, job.id, this.workerId, this.leaseMs)
        .then((held) => {
          if (!held) abort.abort();
        })
        .catch(() => {});
    }, Math.max(1000, this.leaseMs / 3));
    const context: JobContext = {
      workerId: this.workerId,
      signal: abort.signal,
      setProgress: (progress) => setJobProgress(db, job.id, this.workerId, progress),
    };
    // Operators (and the multi-process tests) follow which process ran which job from these lines.
    const started = performance.now();
    log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts, workerId: this.workerId }, 'job started');
    try {
      await handler.run(job, context);
      if (!abort.signal.aborted && (await completeJob(db, job.id, this.workerId))) {
        log.info({ jobId: job.id, kind: job.kind, ms: Math.round(performance.now() - started) }, 'job finished');
      }
    } catch (error) {
      if (abort.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const delay = permanent ? null : (this.options.retryDelayMs ?? defaultRetryDelay)(job.attempts);
      log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, permanent, err: error }, 'job failed');
      const updated = await failJob(db, job.id, this.workerId, message, delay).catch(() => false);
      if (updated && permanent) await handler.onGiveUp?.(job, message).catch(() => {});
    } finally {
      clearInterval(heartbeat);
    }
  }
}

function defaultRetryDelay(attempt: number): number {
  return 5000 * 5 ** (attempt - 1);
}
