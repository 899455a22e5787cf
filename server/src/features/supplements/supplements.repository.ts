import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { intakeWarningDismissals, referenceSupplements, supplements } from '#server/db/schema/index.ts';
import type { IntakeItem } from './intake-warnings.ts';

export type SupplementRow = typeof supplements.$inferSelect & { category: string | null; nutrient: string | null };
export type SupplementValues = Omit<typeof supplements.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

const columns = {
  id: supplements.id,
  userId: supplements.userId,
  referenceSupplementId: supplements.referenceSupplementId,
  name: supplements.name,
  dosageAmount: supplements.dosageAmount,
  dosageUnit: supplements.dosageUnit,
  frequencyCount: supplements.frequencyCount,
  frequencyUnit: supplements.frequencyUnit,
  strengthAmount: supplements.strengthAmount,
  strengthUnit: supplements.strengthUnit,
  strengthOf: supplements.strengthOf,
  contentAmount: supplements.contentAmount,
  contentUnit: supplements.contentUnit,
  contentOf: supplements.contentOf,
  schedule: supplements.schedule,
  notes: supplements.notes,
  createdAt: supplements.createdAt,
  updatedAt: supplements.updatedAt,
  category: referenceSupplements.category,
  nutrient: referenceSupplements.nutrient,
};

export async function listSupplements(db: Db, userId: string): Promise<SupplementRow[]> {
  return db
    .select(columns)
    .from(supplements)
    .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplements.referenceSupplementId))
    .where(eq(supplements.userId, userId))
    .orderBy(asc(supplements.createdAt), asc(supplements.id));
}

export async function findSupplement(db: Db, userId: string, id: string): Promise<SupplementRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(supplements)
    .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplements.referenceSupplementId))
    .where(and(eq(supplements.userId, userId), eq(supplements.id, id)));
  return row;
}

/** The user's supplements among `ids`; foreign or unknown ids are simply absent. */
export async function findSupplementsByIds(db: Db, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(supplements)
    .where(and(eq(supplements.userId, userId), inArray(supplements.id, ids)));
}

export async function countSupplements(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(supplements).where(eq(supplements.userId, userId));
  return row?.count ?? 0;
}

export async function insertSupplement(db: Db, userId: string, values: SupplementValues): Promise<string> {
  const [row] = await db.insert(supplements).values({ ...values, userId }).returning({ id: supplements.id });
  return row!.id;
}

export async function updateSupplement(db: Db, userId: string, id: string, values: SupplementValues): Promise<boolean> {
  const rows = await db
    .update(supplements)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(supplements.userId, userId), eq(supplements.id, id)))
    .returning({ id: supplements.id });
  return rows.length > 0;
}

export async function deleteSupplement(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(supplements)
    .where(and(eq(supplements.userId, userId), eq(supplements.id, id)))
    .returning({ id: supplements.id });
  return rows.length > 0;
}

/** The stack with each supplement's nutrient and upper limit, for intake warnings. */
export async function listStackIntake(db: Db, userId: string): Promise<IntakeItem[]> {
  return db
    .select({
      name: supplements.name,
      dosageAmount: supplements.dosageAmount,
      dosageUnit: supplements.dosageUnit,
      frequencyCount: supplements.frequencyCount,
      frequencyUnit: supplements.frequencyUnit,
      strengthAmount: supplements.strengthAmount,
      strengthUnit: supplements.strengthUnit,
      contentAmount: supplements.contentAmount,
      contentUnit: supplements.contentUnit,
      nutrient: referenceSupplements.nutrient,
      upperLimitAmount: referenceSupplements.upperLimitAmount,
      upperLimitUnit: referenceSupplements.upperLimitUnit,
      upperLimitSource: referenceSupplements.upperLimitSource,
      upperLimitSourceUrl: referenceSupplements.upperLimitSourceUrl,
      upperLimitNote: referenceSupplements.upperLimitNote,
      iuConversion: referenceSupplements.iuConversion,
      schedule: supplements.schedule,
    })
    .from(supplements)
    .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplements.referenceSupplementId))
    .where(eq(supplements.userId, userId));
}

/** The user's put-away intake warnings: nutrient to the hash of the doses it was put away for. */
export async function listWarningDismissals(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ nutrient: intakeWarningDismissals.nutrient, dosesHash: intakeWarningDismissals.dosesHash })
    .from(intakeWarningDismissals)
    .where(eq(intakeWarningDismissals.userId, userId));
  return new Map(rows.map((row) => [row.nutrient, row.dosesHash]));
}

/** Puts a nutrient's warning away for these doses; a later put-away of the same nutrient replaces it. */
export async function upsertWarningDismissal(db: Db, userId: string, nutrient: string, dosesHash: string): Promise<void> {
  await db
    .insert(intakeWarningDismissals)
    .values({ userId, nutrient, dosesHash })
    .onConflictDoUpdate({ target: [intakeWarningDismissals.userId, intakeWarningDismissals.nutrient], set: { dosesHash, createdAt: new Date() } });
}
