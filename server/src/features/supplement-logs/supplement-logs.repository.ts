import { and, asc, between, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { preparedPerDb } from '#server/db/prepared.ts';
import { loggedDayRuns, qualitativeLogs, supplementLogs, users } from '#server/db/schema/index.ts';
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

/**
 * Marks one supplement taken (a row) or not (no row) on one local day, leaving the day's other
 * intake as it is. Taken twice keeps the first time. Under the same per-user lock as `replaceDays`.
 */
export async function setTakenOnDay(db: Db, userId: string, day: string, supplementId: string, log: NewSupplementLog | null) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`supplement-logs:${userId}`}))`);
  const where = and(eq(supplementLogs.userId, userId), eq(supplementLogs.localDate, day), eq(supplementLogs.supplementId, supplementId));
  if (!log) {
    await db.delete(supplementLogs).where(where);
    return null;
  }
  const [existing] = await db.select({ id: supplementLogs.id, takenAt: supplementLogs.takenAt }).from(supplementLogs).where(where);
  if (existing) return existing;
  const [row] = await db.insert(supplementLogs).values({ ...log, userId }).returning({ id: supplementLogs.id, takenAt: supplementLogs.takenAt });
  return row!;
}

export type DayLogRow = {
  id: string;
  supplementId: string | null;
  takenAt: Date;
} & IntakeItem;
export type DayNoteRow = Pick<QualitativeLogRow, 'id' | 'type' | 'localDate' | 'content' | 'summary' | 'energy' | 'mood' | 'sleep' | 'note' | 'loggedAt'>;
type AsJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

// Plain SQL names: inside a select list Drizzle writes columns without their table, which the
// subqueries (three tables with an `id` each) would find ambiguous.
const dayQuery = preparedPerDb((db) =>
  db
    .select({
      logs: sql<AsJson<DayLogRow>[]>`coalesce((
        select json_agg(json_build_object(
          'id', l.id, 'supplementId', l.supplement_id, 'name', l.name,
          'dosageAmount', l.dosage_amount, 'dosageUnit', l.dosage_unit,
          'frequencyCount', l.frequency_count, 'frequencyUnit', l.frequency_unit, 'takenAt', l.taken_at,
          'strengthAmount', l.strength_amount, 'strengthUnit', l.strength_unit, 'contentAmount', l.content_amount, 'contentUnit', l.content_unit,
          'nutrient', r.nutrient, 'upperLimitAmount', r.upper_limit_amount, 'upperLimitUnit', r.upper_limit_unit,
          'upperLimitSource', r.upper_limit_source, 'upperLimitSourceUrl', r.upper_limit_source_url,
          'upperLimitNote', r.upper_limit_note, 'iuConversion', r.iu_conversion, 'schedule', s.schedule
        ) order by l.taken_at, l.name)
        from supplement_logs l left join reference_supplements r on r.id = l.reference_supplement_id
        left join supplements s on s.id = l.supplement_id and s.user_id = l.user_id
        where l.user_id = users.id and l.local_date = ${sql.placeholder('date')}), '[]'::json)`,
      notes: sql<AsJson<DayNoteRow>[]>`coalesce((
        select json_agg(json_build_object(
          'id', n.id, 'type', n.type, 'localDate', n.local_date, 'content', n.content, 'summary', n.summary,
          'energy', n.energy, 'mood', n.mood, 'sleep', n.sleep, 'note', n.note, 'loggedAt', n.logged_at
        ) order by n.logged_at, n.id)
        from qualitative_logs n
        where n.user_id = users.id and n.local_date = ${sql.placeholder('date')}), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('read_day'),
);

/**
 * A day's intake (with each item's reference limits, for the intake warnings) and notes, in one
 * round trip: the day view is read on every dashboard and history visit (decisions/013).
 */
export async function readDay(db: Db, userId: string, date: string): Promise<{ logs: DayLogRow[]; notes: DayNoteRow[] }> {
  const [row] = await dayQuery(db).execute({ userId, date });
  return {
    logs: (row?.logs ?? []).map((log) => ({ ...log, takenAt: new Date(log.takenAt) })),
    notes: (row?.notes ?? []).map((note) => ({ ...note, loggedAt: new Date(note.loggedAt) })),
  };
}

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

const loggedDaysQuery = preparedPerDb((db) => {
  const runsOfUser = sql`${loggedDayRuns} where ${loggedDayRuns.userId} = ${users.id}`;
  const today = sql`${sql.placeholder('today')}::date`;
  return db
    .select({
      current: sql<number>`coalesce((select least(${loggedDayRuns.lastDay}, ${today}) - ${loggedDayRuns.firstDay} + 1 from ${runsOfUser}
        and ${loggedDayRuns.firstDay} <= ${today} and ${loggedDayRuns.lastDay} >= ${today} - 1 order by ${loggedDayRuns.firstDay} desc limit 1), 0)::int`,
      longest: sql<number>`coalesce((select max(${loggedDayRuns.lastDay} - ${loggedDayRuns.firstDay} + 1) from ${runsOfUser}), 0)::int`,
      lastLogDate: sql<string | null>`(select max(${loggedDayRuns.lastDay}) from ${runsOfUser})::text`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('summarise_logged_days');
});

/**
 * The streak over the distinct local days with a supplement log (product.md, Tracking), from the
 * runs of consecutive days the database keeps (`logged_day_runs`): a few index reads however long
 * the history. The current run is the one holding the latest day not after `today`, counted up to
 * `today`, and only if that day is today or yesterday. Days after `today` (a later time zone
 * change) count toward the longest run and the last log date, not the current run.
 */
export async function summariseLoggedDays(db: Db, userId: string, today: string): Promise<LoggedDaysSummary> {
  const [row] = await loggedDaysQuery(db).execute({ userId, today });
  return row ?? { current: 0, longest: 0, lastLogDate: null };
}

/** When each supplement of a local day was taken, by supplement id (an edit keeps those times). */
export async function findDayTakenTimes(db: Db, userId: string, date: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ supplementId: supplementLogs.supplementId, takenAt: supplementLogs.takenAt })
    .from(supplementLogs)
    .where(and(eq(supplementLogs.userId, userId), eq(supplementLogs.localDate, date)));
  return new Map(rows.flatMap((row) => (row.supplementId ? [[row.supplementId, row.takenAt] as const] : [])));
}

/**
 * Sets the given supplements of one local day: each of `supplementIds` is removed from the day,
 * then `logs` (the taken ones) are written. Supplements not named, such as one since deleted from
 * the stack, stay as they were. Run inside a transaction.
 */
export async function setDaySupplements(db: Db, userId: string, date: string, supplementIds: string[], logs: NewSupplementLog[]) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`supplement-logs:${userId}`}))`);
  if (supplementIds.length > 0) {
    await db
      .delete(supplementLogs)
      .where(and(eq(supplementLogs.userId, userId), eq(supplementLogs.localDate, date), inArray(supplementLogs.supplementId, supplementIds)));
  }
  if (logs.length > 0) await db.insert(supplementLogs).values(logs.map((log) => ({ ...log, userId })));
}

/** Removes a local day's intake; answers how many supplements it held. */
export async function deleteDayIntake(db: Db, userId: string, date: string): Promise<number> {
  const rows = await db
    .delete(supplementLogs)
    .where(and(eq(supplementLogs.userId, userId), eq(supplementLogs.localDate, date)))
    .returning({ id: supplementLogs.id });
  return rows.length;
}

/** Removes one intake entry of the user; answers its local day, or undefined when the user has no such entry. */
export async function deleteIntakeEntry(db: Db, userId: string, id: string): Promise<string | undefined> {
  const [row] = await db
    .delete(supplementLogs)
    .where(and(eq(supplementLogs.userId, userId), eq(supplementLogs.id, id)))
    .returning({ localDate: supplementLogs.localDate });
  return row?.localDate;
}

/** Removes a local day's energy, mood and sleep rating; answers whether there was one. */
export async function deleteEffects(db: Db, userId: string, date: string): Promise<boolean> {
  const rows = await db
    .delete(qualitativeLogs)
    .where(and(eq(qualitativeLogs.userId, userId), eq(qualitativeLogs.localDate, date), isNotNull(qualitativeLogs.energy)))
    .returning({ id: qualitativeLogs.id });
  return rows.length > 0;
}
