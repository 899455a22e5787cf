import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { referenceSupplements, supplements } from '#server/db/schema/index.ts';
import type { IntakeItem } from './intake-warnings.ts';

export type SupplementRow = typeof supplements.$inferSelect & { category: string | null };
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
  notes: supplements.notes,
  createdAt: supplements.createdAt,
  updatedAt: supplements.updatedAt,
  category: referenceSupplements.category,
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
      nutrient: referenceSupplements.nutrient,
      upperLimitAmount: referenceSupplements.upperLimitAmount,
      upperLimitUnit: referenceSupplements.upperLimitUnit,
      upperLimitSource: referenceSupplements.upperLimitSource,
      upperLimitSourceUrl: referenceSupplements.upperLimitSourceUrl,
      upperLimitNote: referenceSupplements.upperLimitNote,
      iuConversion: referenceSupplements.iuConversion,
    })
    .from(supplements)
    .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplements.referenceSupplementId))
    .where(eq(supplements.userId, userId));
}
