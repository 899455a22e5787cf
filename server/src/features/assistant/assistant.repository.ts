import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { ValueComparator } from '#contract/biomarkers.ts';
import type { Db } from '#server/db/client.ts';
import {
  assistantQueries,
  labFiles,
  labResults,
  qualitativeLogs,
  referenceSupplementNames,
  referenceSupplements,
  supplementLogs,
} from '#server/db/schema/index.ts';

/**
 * The assistant's reads of the user's records (Tracking's and Labs' tables, read only) and its own
 * writes: query history, saved chats and daily summaries. Every query on user data is scoped by the
 * user's id here, so one user's records can never reach another's context.
 */

/** How many answered questions a user's history keeps; older ones are removed as new ones come. */
export const HISTORY_KEPT = 100;

/** Per supplement (id and name as logged): first and last day logged and how many days. */
export async function summariseLoggedSupplements(db: Db, userId: string) {
  return db
    .select({
      supplementId: supplementLogs.supplementId,
      name: supplementLogs.name,
      referenceSupplementId: supplementLogs.referenceSupplementId,
      nutrient: referenceSupplements.nutrient,
      firstLoggedOn: sql<string>`min(${supplementLogs.localDate})::text`,
      lastLoggedOn: sql<string>`max(${supplementLogs.localDate})::text`,
      // One row per supplement and day (a unique index), so rows are days.
      loggedDays: sql<number>`count(*)::int`,
    })
    .from(supplementLogs)
    .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplementLogs.referenceSupplementId))
    .where(eq(supplementLogs.userId, userId))
    .groupBy(supplementLogs.supplementId, supplementLogs.name, supplementLogs.referenceSupplementId, referenceSupplements.nutrient);
}

/** Intake rows from `from` to `to` (local days, inclusive), newest day first. */
export async function listIntakeBetween(db: Db, userId: string, from: string, to: string) {
  return db
    .select({
      id: supplementLogs.id,
      date: supplementLogs.localDate,
      supplementId: supplementLogs.supplementId,
      name: supplementLogs.name,
      dosageAmount: supplementLogs.dosageAmount,
      dosageUnit: supplementLogs.dosageUnit,
      frequencyCount: supplementLogs.frequencyCount,
      frequencyUnit: supplementLogs.frequencyUnit,
    })
    .from(supplementLogs)
    .where(and(eq(supplementLogs.userId, userId), gte(supplementLogs.localDate, from), lte(supplementLogs.localDate, to)))
    .orderBy(desc(supplementLogs.localDate), asc(supplementLogs.takenAt), asc(supplementLogs.name));
}

/** Effects ratings (notes with energy, mood and sleep) from `from` on (to `to`, when given), newest first. */
export async function listEffectsSince(db: Db, userId: string, from: string, to?: string) {
  return db
    .select({ id: qualitativeLogs.id, date: qualitativeLogs.localDate, energy: qualitativeLogs.energy, mood: qualitativeLogs.mood, sleep: qualitativeLogs.sleep, note: qualitativeLogs.note })
    .from(qualitativeLogs)
    .where(and(eq(qualitativeLogs.userId, userId), isNotNull(qualitativeLogs.energy), gte(qualitativeLogs.localDate, from), to === undefined ? undefined : lte(qualitativeLogs.localDate, to)))
    .orderBy(desc(qualitativeLogs.localDate));
}

/**
 * Every rated day, newest first, and whether any of the given supplements (by id, or by name as
 * logged, ignoring case) was logged that day: the days taken, once, joined to the ratings.
 */
export async function listRatedDays(db: Db, userId: string, match: { supplementIds: string[]; names: string[] }) {
  const byId = match.supplementIds.length > 0 ? inArray(supplementLogs.supplementId, match.supplementIds) : sql`false`;
  const byName = match.names.length > 0 ? inArray(sql`lower(${supplementLogs.name})`, match.names.map((name) => name.toLowerCase())) : sql`false`;
  const taken = db
    .selectDistinct({ day: supplementLogs.localDate })
    .from(supplementLogs)
    .where(and(eq(supplementLogs.userId, userId), or(byId, byName)))
    .as('taken');
  return db
    .select({
      id: qualitativeLogs.id,
      date: qualitativeLogs.localDate,
      energy: qualitativeLogs.energy,
      mood: qualitativeLogs.mood,
      sleep: qualitativeLogs.sleep,
      note: qualitativeLogs.note,
      took: sql<boolean>`(${taken.day} is not null)`,
    })
    .from(qualitativeLogs)
    .leftJoin(taken, eq(taken.day, qualitativeLogs.localDate))
    .where(and(eq(qualitativeLogs.userId, userId), isNotNull(qualitativeLogs.energy)))
    .orderBy(desc(qualitativeLogs.localDate));
}

/** The notes of one local day (ratings, free notes, chats), oldest first; summaries left out. */
export async function listDayNotes(db: Db, userId: string, date: string) {
  return db
    .select({ id: qualitativeLogs.id, type: qualitativeLogs.type, content: qualitativeLogs.content, energy: qualitativeLogs.energy, mood: qualitativeLogs.mood, sleep: qualitativeLogs.sleep, note: qualitativeLogs.note })
    .from(qualitativeLogs)
    .where(and(eq(qualitativeLogs.userId, userId), eq(qualitativeLogs.localDate, date), ne(qualitativeLogs.type, 'summary')))
    .orderBy(asc(qualitativeLogs.loggedAt), asc(qualitativeLogs.id));
}

const resultColumns = {
  id: labResults.id,
  biomarkerKey: labResults.biomarkerKey,
  name: labResults.name,
  category: labResults.category,
  value: labResults.value,
  comparator: labResults.comparator,
  canonicalValue: labResults.canonicalValue,
  canonicalUnit: labResults.canonicalUnit,
  unit: labResults.unit,
  referenceLow: labResults.referenceLow,
  referenceHigh: labResults.referenceHigh,
  referenceText: labResults.referenceText,
  flag: labResults.flag,
  printedFlag: labResults.printedFlag,
  testDate: labResults.testDate,
  reviewed: labResults.reviewed,
  fileName: labFiles.fileName,
};
export type LabResultRead = {
  id: string;
  biomarkerKey: string;
  name: string;
  category: string;
  /** As printed on the report, in `unit`. */
  value: number;
  /** Set when `value` is a limit as printed ("<" 0.5); null for an exact value. */
  comparator: ValueComparator | null;
  canonicalValue: number;
  canonicalUnit: string;
  unit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
  referenceText: string | null;
  flag: 'low' | 'high' | 'normal' | null;
  printedFlag: string | null;
  testDate: string;
  reviewed: boolean;
  fileName: string | null;
};

/** Per biomarker: its first result and its two latest (window functions over the user's results). */
export async function listBiomarkerEnds(db: Db, userId: string): Promise<(LabResultRead & { newest: number; total: number })[]> {
  const ranked = db
    .select({
      ...resultColumns,
      newest: sql<number>`(row_number() over (partition by ${labResults.biomarkerKey} order by ${labResults.testDate} desc, ${labResults.createdAt} desc))::int`.as('newest'),
      oldest: sql<number>`(row_number() over (partition by ${labResults.biomarkerKey} order by ${labResults.testDate} asc, ${labResults.createdAt} asc))::int`.as('oldest'),
      total: sql<number>`(count(*) over (partition by ${labResults.biomarkerKey}))::int`.as('total'),
    })
    .from(labResults)
    .leftJoin(labFiles, and(eq(labFiles.id, labResults.labFileId), eq(labFiles.userId, userId)))
    .where(eq(labResults.userId, userId))
    .as('ranked');
  const rows = await db.select().from(ranked).where(or(lte(ranked.newest, 2), eq(ranked.oldest, 1)));
  return rows as (LabResultRead & { newest: number; total: number })[];
}

/** Every result of one biomarker, oldest first. */
export async function listBiomarkerResults(db: Db, userId: string, biomarkerKey: string): Promise<LabResultRead[]> {
  return db
    .select(resultColumns)
    .from(labResults)
    .leftJoin(labFiles, and(eq(labFiles.id, labResults.labFileId), eq(labFiles.userId, userId)))
    .where(and(eq(labResults.userId, userId), eq(labResults.biomarkerKey, biomarkerKey)))
    .orderBy(asc(labResults.testDate), asc(labResults.createdAt));
}

// ─── Reference supplements (not user data) ──────────────────────────────────────────────────────

/**
 * Reference supplements whose name or alternative name occurs in `text` (lower case, single
 * spaces, as names are stored). The caller keeps whole-word matches.
 */
export async function findReferenceNamesIn(db: Db, text: string) {
  return db
    .select({
      matched: referenceSupplementNames.name,
      isPrimary: referenceSupplementNames.isPrimary,
      id: referenceSupplements.id,
      name: referenceSupplements.name,
      category: referenceSupplements.category,
      description: referenceSupplements.description,
      source: referenceSupplements.source,
      sourceUrl: referenceSupplements.sourceUrl,
      nutrient: referenceSupplements.nutrient,
      upperLimitAmount: referenceSupplements.upperLimitAmount,
      upperLimitUnit: referenceSupplements.upperLimitUnit,
      upperLimitNote: referenceSupplements.upperLimitNote,
      upperLimitSource: referenceSupplements.upperLimitSource,
      upperLimitSourceUrl: referenceSupplements.upperLimitSourceUrl,
    })
    .from(referenceSupplementNames)
    .innerJoin(referenceSupplements, eq(referenceSupplements.id, referenceSupplementNames.referenceSupplementId))
    .where(sql`strpos(${text}, ${referenceSupplementNames.name}) > 0`);
}

// ─── The assistant's own writes ─────────────────────────────────────────────────────────────────

/** Keeps an answered question, and only the newest `HISTORY_KEPT` of the user's. */
export async function insertQuery(db: Db, userId: string, question: string, answer: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(assistantQueries).values({ userId, question, answer });
    await tx.execute(sql`
      delete from assistant_queries where user_id = ${userId} and id in (
        select id from assistant_queries where user_id = ${userId} order by created_at desc, id desc offset ${HISTORY_KEPT}
      )`);
  });
}

export async function listQueries(db: Db, userId: string, limit: number) {
  return db
    .select({ id: assistantQueries.id, question: assistantQueries.question, answer: assistantQueries.answer, createdAt: assistantQueries.createdAt })
    .from(assistantQueries)
    .where(eq(assistantQueries.userId, userId))
    .orderBy(desc(assistantQueries.createdAt), desc(assistantQueries.id))
    .limit(limit);
}

/** Removes every kept question and answer of the user; answers how many. */
export async function deleteQueries(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(assistantQueries).where(eq(assistantQueries.userId, userId)).returning({ id: assistantQueries.id });
  return rows.length;
}

/** A saved conversation: a note of type `chat` on the user's local day (Tracking's notes table). */
export async function insertChatNote(db: Db, userId: string, values: { localDate: string; content: string; tags: string[]; loggedAt: Date }) {
  const [row] = await db
    .insert(qualitativeLogs)
    .values({ userId, type: 'chat', localDate: values.localDate, content: values.content, tags: values.tags, loggedAt: values.loggedAt })
    .returning({ id: qualitativeLogs.id, loggedAt: qualitativeLogs.loggedAt });
  return row!;
}

/** Whether the day has anything logged: intake, a rating or a note of the user's own. */
export async function dayHasLogs(db: Db, userId: string, date: string): Promise<boolean> {
  const [intake] = await db
    .select({ id: supplementLogs.id })
    .from(supplementLogs)
    .where(and(eq(supplementLogs.userId, userId), eq(supplementLogs.localDate, date)))
    .limit(1);
  if (intake) return true;
  const [note] = await db
    .select({ id: qualitativeLogs.id })
    .from(qualitativeLogs)
    .where(and(eq(qualitativeLogs.userId, userId), eq(qualitativeLogs.localDate, date), eq(qualitativeLogs.type, 'other')))
    .limit(1);
  return note !== undefined;
}

/** The day's summary note, replacing any earlier one of that day (one per day). */
export async function replaceDaySummary(db: Db, userId: string, values: { localDate: string; summary: string; loggedAt: Date }) {
  return db.transaction(async (tx) => {
    // Two summaries of one day asked at once take turns, so the day never ends up with two.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`day-summary:${userId}:${values.localDate}`}))`);
    await tx
      .delete(qualitativeLogs)
      .where(and(eq(qualitativeLogs.userId, userId), eq(qualitativeLogs.localDate, values.localDate), eq(qualitativeLogs.type, 'summary')));
    const [row] = await tx
      .insert(qualitativeLogs)
      .values({ userId, type: 'summary', localDate: values.localDate, content: values.summary, summary: values.summary, loggedAt: values.loggedAt })
      .returning({ id: qualitativeLogs.id, loggedAt: qualitativeLogs.loggedAt });
    return row!;
  });
}
