import { and, asc, between, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { preparedPerDb } from '#server/db/prepared.ts';
import { qualitativeLogs, referenceSupplements, supplementLogs } from '#server/db/schema/index.ts';
import type { IntakeItem } from '#server/features/supplements/intake-warnings.ts';

export type NewSupplementLog = Omit<typeof supplementLogs.$inferInsert, 'id' | 'userId' | 'createdAt'>;
export type QualitativeLogRow = typeof qualitativeLogs.$inferSelect;

/**
 * Replaces the user's intake of each given local day with `logs` (all of them on those days).
 * Run inside a transaction so that a day is never seen half replaced.
 */
export async function replaceDays(db: Db, userId: string, days: string[], logs: NewSupplementLog[]) {
  // Two saves of one user's day at once (a double tap, two tabs) take turns instead of colliding
  // on the one-row-per-supplement-and-day index; the later one wins, as if sent one after the other.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`supplement-logs:${userId}`}))`);
  if (days.length > 0) {
    await db.delete(supplementLogs).where(and(eq(supplementLogs.userId, userId), inArray(supplementLogs.localDate, days)));
  }
  if (logs.length === 0) return [];
  return db
    .insert(supplementLogs)
    .values(logs.map((log) => ({ ...log, userId })))
    .returning({ id: supplementLogs.id, takenAt: supplementLogs.takenAt });
}

const dayLogsQuery = preparedPerDb((db) =>
  db
    .select({
      id: supplementLogs.id,
      supplementId: supplementLogs.supplementId,
      name: supplementLogs.name,
      dosageAmount: supplementLogs.dosageAmount,
      dosageUnit: supplementLogs.dosageUnit,
      frequencyCount: supplementLogs.frequencyCount,
      frequencyUnit: supplementLogs.frequencyUnit,
      takenAt: supplementLogs.takenAt,
      nutrient: referenceSupplements.nutrient,
      upperLimitAmount: referenceSupplements.upperLimitAmount,
      upperLimitUnit: referenceSupplements.upperLimitUnit,
      upperLimitSource: referenceSupplements.upperLimitSource,
      upperLimitSourceUrl: referenceSupplements.upperLimitSourceUrl,
      upperLimitNote: referenceSupplements.upperLimitNote,
      iuConversion: referenceSupplements.iuConversion,
    })
    .from(supplementLogs)
    .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplementLogs.referenceSupplementId))
    .where(and(eq(supplementLogs.userId, sql.placeholder('userId')), eq(supplementLogs.localDate, sql.placeholder('date'))))
    .orderBy(asc(supplementLogs.takenAt), asc(supplementLogs.name))
    .prepare('list_day_logs'),
);

export async function listDayLogs(db: Db, userId: string, date: string) {
  return dayLogsQuery(db).execute({ userId, date });
}
export type DayLogRow = Awaited<ReturnType<typeof listDayLogs>>[number] & IntakeItem;

const dayNotesQuery = preparedPerDb((db) =>
  db
    .select()
    .from(qualitativeLogs)
    .where(and(eq(qualitativeLogs.userId, sql.placeholder('userId')), eq(qualitativeLogs.localDate, sql.placeholder('date'))))
    .orderBy(asc(qualitativeLogs.loggedAt), asc(qualitativeLogs.id))
    .prepare('list_day_notes'),
);

export async function listDayNotes(db: Db, userId: string, date: string): Promise<QualitativeLogRow[]> {
  return dayNotesQuery(db).execute({ userId, date });
}

/** Per local day between two dates (inclusive): supplement count and which kinds of notes exist. */
export async function summariseDays(db: Db, userId: string, from: string, to: string) {
  const [logDays, noteDays] = await Promise.all([
    db
      .select({ date: supplementLogs.localDate, count: sql<number>`count(*)::int` })
      .from(supplementLogs)
      .where(and(eq(supplementLogs.userId, userId), between(supplementLogs.localDate, from, to)))
      .groupBy(supplementLogs.localDate),
    db
      .select({
        date: qualitativeLogs.localDate,
        hasNotes: sql<boolean>`bool_or(${qualitativeLogs.type} <> 'summary')`,
        hasSummary: sql<boolean>`bool_or(${qualitativeLogs.type} = 'summary')`,
        hasEffects: sql<boolean>`bool_or(${qualitativeLogs.energy} is not null)`,
      })
      .from(qualitativeLogs)
      .where(and(eq(qualitativeLogs.userId, userId), between(qualitativeLogs.localDate, from, to)))
      .groupBy(qualitativeLogs.localDate),
  ]);
  return { logDays, noteDays };
}

export type EffectsValues = { localDate: string; energy: number; mood: number; sleep: number; note: string | null; content: string; loggedAt: Date };

/** One rating per user and local day: a second one replaces the first (same id). */
export async function upsertEffects(db: Db, userId: string, values: EffectsValues): Promise<QualitativeLogRow> {
  const [row] = await db
    .insert(qualitativeLogs)
    .values({ ...values, userId, type: 'other' })
    .onConflictDoUpdate({
      target: [qualitativeLogs.userId, qualitativeLogs.localDate],
      targetWhere: isNotNull(qualitativeLogs.energy),
      set: {
        energy: values.energy,
        mood: values.mood,
        sleep: values.sleep,
        note: values.note,
        content: values.content,
        loggedAt: values.loggedAt,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

/** Whether the user has ever logged a supplement (profile completion). */
export async function hasAnySupplementLog(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: supplementLogs.id }).from(supplementLogs).where(eq(supplementLogs.userId, userId)).limit(1);
  return row !== undefined;
}

export type LoggedDaysSummary = { current: number; longest: number; lastLogDate: string | null };

/**
 * The streak over the distinct local days with a supplement log (decisions section 4), computed
 * in the database so that years of history answer one row instead of a row a day. A run of
 * consecutive days shares `day - row_number()`; the current run ends at the latest day not after
 * `today`, and only counts if that day is today or yesterday. Days after `today` (a later time
 * zone change) count toward the longest run and the last log date, not the current run.
 */
export async function summariseLoggedDays(db: Db, userId: string, today: string): Promise<LoggedDaysSummary> {
  const [row] = ((await db.execute(sql`
    with days as (
      select distinct ${supplementLogs.localDate} as day from ${supplementLogs} where ${supplementLogs.userId} = ${userId}
    ),
    past as (
      select day, day - (row_number() over (order by day))::int as run from days where day <= ${today}::date
    ),
    latest as (
      select run from past where day >= ${today}::date - 1 order by day desc limit 1
    )
    select
      (select count(*) from past where run = (select run from latest))::int as "current",
      coalesce((select max(length) from (select count(*) as length from (select day - (row_number() over (order by day))::int as run from days) all_days group by run) runs), 0)::int as "longest",
      (select max(day) from days)::text as "lastLogDate"
  `)) as unknown as { rows: LoggedDaysSummary[] }).rows;
  return row!;
}
