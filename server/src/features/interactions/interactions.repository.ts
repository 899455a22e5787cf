import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { healthStats, interactions, labResults, medications, referenceSupplements, supplementLogs, supplements } from '#server/db/schema/index.ts';
import type { InteractionRule, StackItem } from './interactions.match.ts';

export type InteractionRow = typeof interactions.$inferSelect;
export type InteractionValues = Pick<typeof interactions.$inferInsert, 'agentA' | 'agentB' | 'severity' | 'effect' | 'advice' | 'source' | 'sourceUrl'>;

// ─── The table ─────────────────────────────────────────────────────────────────────────────────

export async function listInteractionRules(db: Db): Promise<InteractionRule[]> {
  return db
    .select({
      id: interactions.id,
      agentA: interactions.agentA,
      agentB: interactions.agentB,
      severity: interactions.severity,
      effect: interactions.effect,
      advice: interactions.advice,
      source: interactions.source,
      sourceUrl: interactions.sourceUrl,
    })
    .from(interactions);
}

export async function listInteractionRows(db: Db): Promise<InteractionRow[]> {
  return db.select().from(interactions).orderBy(asc(interactions.agentA), asc(interactions.agentB));
}

export async function findInteractionRow(db: Db, id: string): Promise<InteractionRow | undefined> {
  const [row] = await db.select().from(interactions).where(eq(interactions.id, id));
  return row;
}

/** The row for this pair written either way round, other than `exceptId`. */
export async function findPairOwner(db: Db, agentA: string, agentB: string, exceptId?: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: interactions.id })
    .from(interactions)
    .where(
      and(
        sql`least(${interactions.agentA}, ${interactions.agentB}) = least(${agentA}::text, ${agentB}::text)`,
        sql`greatest(${interactions.agentA}, ${interactions.agentB}) = greatest(${agentA}::text, ${agentB}::text)`,
        exceptId ? sql`${interactions.id} <> ${exceptId}` : undefined,
      ),
    );
  return row;
}

export async function insertInteraction(db: Db, values: InteractionValues): Promise<InteractionRow> {
  const [row] = await db.insert(interactions).values(values).returning();
  return row!;
}

export async function updateInteraction(db: Db, id: string, values: InteractionValues): Promise<InteractionRow | undefined> {
  const [row] = await db
    .update(interactions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(interactions.id, id))
    .returning();
  return row;
}

export async function deleteInteraction(db: Db, id: string): Promise<InteractionRow | undefined> {
  const [row] = await db.delete(interactions).where(eq(interactions.id, id)).returning();
  return row;
}

// ─── One user's stack, allergies and results ───────────────────────────────────────────────────

/** The user's supplements (with their reference's names) and medications, as stack items. */
export async function listStackItems(db: Db, userId: string): Promise<StackItem[]> {
  const [supplementRows, medicationRows] = await Promise.all([
    db
      .select({
        id: supplements.id,
        name: supplements.name,
        referenceName: referenceSupplements.name,
        alternativeNames: referenceSupplements.alternativeNames,
      })
      .from(supplements)
      .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplements.referenceSupplementId))
      .where(eq(supplements.userId, userId))
      .orderBy(asc(supplements.createdAt), asc(supplements.id)),
    db
      .select({ id: medications.id, name: medications.name })
      .from(medications)
      .where(eq(medications.userId, userId))
      .orderBy(asc(medications.createdAt), asc(medications.id)),
  ]);
  return [
    ...supplementRows.map((row): StackItem => ({
      id: row.id,
      kind: 'supplement',
      name: row.name,
      otherNames: row.referenceName ? [row.referenceName, ...(row.alternativeNames ?? [])] : [],
    })),
    ...medicationRows.map((row): StackItem => ({ id: row.id, kind: 'medication', name: row.name })),
  ];
}

export async function findAllergies(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ allergies: healthStats.allergies }).from(healthStats).where(eq(healthStats.userId, userId));
  return row?.allergies ?? null;
}

/** A reference supplement's own and alternative names, for an item not yet added. */
export async function findReferenceNames(db: Db, name: string): Promise<string[]> {
  const normalised = name.trim().toLowerCase().replace(/\s+/g, ' ');
  const [row] = await db
    .select({ name: referenceSupplements.name, alternativeNames: referenceSupplements.alternativeNames })
    .from(referenceSupplements)
    .where(sql`${referenceSupplements.id} = (select reference_supplement_id from reference_supplement_names where name = ${normalised} order by is_primary desc limit 1)`);
  return row ? [row.name, ...row.alternativeNames] : [];
}

export type ResultForNotes = { id: string; biomarkerKey: string; name: string; testDate: string };

export async function listResultsOfBiomarkers(db: Db, userId: string, biomarkerKeys: readonly string[]): Promise<ResultForNotes[]> {
  if (biomarkerKeys.length === 0) return [];
  return db
    .select({ id: labResults.id, biomarkerKey: labResults.biomarkerKey, name: labResults.name, testDate: labResults.testDate })
    .from(labResults)
    .where(and(eq(labResults.userId, userId), inArray(labResults.biomarkerKey, [...biomarkerKeys])))
    .orderBy(asc(labResults.testDate), asc(labResults.id));
}

/** A supplement in the stack from `from` on (still there), or logged on the day `from`. */
export type StackPresence = { name: string; otherNames: string[]; from: string; onlyThatDay: boolean };

/** How many days before a test a logged supplement still counts as taken for it. */
export const LOGGED_DAYS_BEFORE_TEST = 7;

/**
 * The supplements around the user's results of these biomarkers: each supplement of the stack
 * from the day it was added, and each supplement logged within a week before such a result
 * (deleted supplements keep their logs).
 */
export async function listStackPresence(db: Db, userId: string, biomarkerKeys: readonly string[]): Promise<StackPresence[]> {
  if (biomarkerKeys.length === 0) return [];
  const [current, logged] = await Promise.all([
    db
      .select({
        name: supplements.name,
        referenceName: referenceSupplements.name,
        alternativeNames: referenceSupplements.alternativeNames,
        from: sql<string>`to_char(${supplements.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      })
      .from(supplements)
      .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplements.referenceSupplementId))
      .where(eq(supplements.userId, userId)),
    db
      .selectDistinct({
        name: supplementLogs.name,
        referenceName: referenceSupplements.name,
        alternativeNames: referenceSupplements.alternativeNames,
        from: sql<string>`${supplementLogs.localDate}::text`,
      })
      .from(supplementLogs)
      .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplementLogs.referenceSupplementId))
      .where(
        and(
          eq(supplementLogs.userId, userId),
          sql`exists (
            select 1 from ${labResults} r
            where r.user_id = ${userId}
              and r.biomarker_key in (${sql.join(biomarkerKeys.map((key) => sql`${key}`), sql`, `)})
              and ${supplementLogs.localDate} between r.test_date - ${LOGGED_DAYS_BEFORE_TEST}::int and r.test_date
          )`,
        ),
      ),
  ]);
  const otherNames = (row: { referenceName: string | null; alternativeNames: string[] | null }) =>
    row.referenceName ? [row.referenceName, ...(row.alternativeNames ?? [])] : [];
  return [
    ...current.map((row) => ({ name: row.name, otherNames: otherNames(row), from: row.from, onlyThatDay: false })),
    ...logged.map((row) => ({ name: row.name, otherNames: otherNames(row), from: row.from, onlyThatDay: true })),
  ];
}
