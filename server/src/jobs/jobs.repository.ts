import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { selectRows } from '#server/db/sql.ts';
import { jobs } from '#server/db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = { kind: string; payload: Record<string, unknown>; userId?: string | null; runAfter?: Date; maxAttempts?: number };

export async function insertJob(db: Db, job: NewJob): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      userId: job.userId ?? null,
      ...(job.runAfter ? { runAfter: job.runAfter } : {}),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .returning();
  return row!;
}

/**
 * Claims the next due job of `kinds` for `workerId`: a queued job whose time has come, or a
 * running one whose lease expired (its worker died) and that has attempts left. Users are served
 * in turn: the oldest due job of the user whose last claim is oldest (never served first), so one
 * user's fifty jobs do not hold back another's one. SKIP LOCKED lets concurrent workers pass over
 * each other's candidates instead of waiting on them.
 */
export async function claimNextJob(db: Db, kinds: string[], workerId: string, leaseMs: number): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`with claimed as (
          update jobs set state = 'running', attempts = attempts + 1, locked_by = ${workerId},
            locked_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
          where id = (
            select j.id from jobs j
            left join job_turns t on t.user_id = j.user_id
            where j.kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
              and ((j.state = 'queued' and j.run_after <= now())
                or (j.state = 'running' and j.locked_until < now() and j.attempts < j.max_attempts))
            order by t.served_at nulls first, j.run_after, j.created_at
            limit 1
            for update of j skip locked
          )
          returning *
        ), turn as (
          insert into job_turns (user_id, served_at)
          select user_id, clock_timestamp() from claimed where user_id is not null
          on conflict (user_id) do update set served_at = excluded.served_at
        )
        select * from claimed`,
  );
  return rows[0] ? toJobRow(rows[0]) : undefined;
}

/** Running jobs whose lease expired with no attempts left: failed, and returned for their owners to hear of it. */
export async function failAbandonedJobs(db: Db, kinds: string[], message: string): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`update jobs set state = 'failed', error = ${message}, locked_by = null, locked_until = null, updated_at = now()
        where id in (
          select id from jobs
          where kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
            and state = 'running' and locked_until < now() and attempts >= max_attempts
          for update skip locked
        )
        returning *`,
  );
  return rows.map(toJobRow);
}

const owned = (id: string, workerId: string): SQL =>
  and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running'))!;

/** Extends the lease; false when the job is no longer this worker's (it expired and was taken). */
export async function extendLease(db: Db, id: string, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, updatedAt: sql`now()` })
    .where(owned(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function setJobProgress(db: Db, id: string, workerId: string, progress: number): Promise<void> {
  await db.update(jobs).set({ progress, updatedAt: sql`now()` }).where(owned(id, workerId));
}

export async function completeJob(db: Db, id: string, workerId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'done', progress: 100, error: null, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
    .where(owned(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Failed for good, or queued again after `retryAfterMs`. */
export async function failJob(db: Db, id: string, workerId: string, error: string, retryAfterMs: number | null): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set(
      retryAfterMs === null
        ? { state: 'failed', error, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` }
        : {
            state: 'queued',
            error,
            lockedBy: null,
            lockedUntil: null,
            runAfter: sql`now() + make_interval(secs => ${retryAfterMs / 1000})`,
            updatedAt: sql`now()`,
          },
    )
    .where(owned(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Gives a job back untouched (shutdown): queued again at once, and the attempt is not counted. */
export async function releaseJob(db: Db, id: string, workerId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
    .where(owned(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** True when the job is still this worker's to finish; used inside the transaction that saves its results. */
export async function lockOwnedJob(db: Db, id: string, workerId: string): Promise<boolean> {
  const rows = await db.select({ id: jobs.id }).from(jobs).where(owned(id, workerId)).for('update');
  return rows.length > 0;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

export async function deleteJobsFor(db: Db, kind: string, payloadKey: string, value: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.kind, kind), sql`${jobs.payload} ->> ${payloadKey} = ${value}`));
}

/** Raw rows come back with snake_case names and, over node-postgres, timestamps as Date; over PGlite too. */
function toJobRow(row: Record<string, unknown>): JobRow {
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    id: row.id as string,
    kind: row.kind as string,
    payload: row.payload as unknown,
    state: row.state as JobRow['state'],
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAfter: date(row.run_after)!,
    lockedUntil: date(row.locked_until),
    lockedBy: (row.locked_by as string | null) ?? null,
    error: (row.error as string | null) ?? null,
    progress: Number(row.progress),
    userId: (row.user_id as string | null) ?? null,
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
  };
}

/**
 * Queues a job of a kind that must exist once (a periodic job), unless one is already queued or
 * running. Two processes racing here may both insert; the job's successor is queued the same
 * way, so the extra one dies out after one run.
 */
export async function insertJobUnlessPending(db: Db, kind: string, runAfter: Date, exceptJobId?: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`insert into jobs (kind, payload, run_after)
        select ${kind}, '{}'::jsonb, ${runAfter.toISOString()}::timestamptz
        where not exists (
          select 1 from jobs where kind = ${kind} and state in ('queued', 'running')
            ${exceptJobId ? sql`and id <> ${exceptJobId}` : sql``}
        )
        returning id`,
  );
  return rows.length > 0;
}
