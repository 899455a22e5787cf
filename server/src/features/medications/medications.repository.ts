import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { medications } from '#server/db/schema/index.ts';

export type MedicationRow = typeof medications.$inferSelect;
export type MedicationValues = Pick<typeof medications.$inferInsert, 'name' | 'strength' | 'schedule' | 'startedOn' | 'note'>;

export async function listMedications(db: Db, userId: string): Promise<MedicationRow[]> {
  return db.select().from(medications).where(eq(medications.userId, userId)).orderBy(asc(medications.createdAt), asc(medications.id));
}

export async function countMedications(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(medications).where(eq(medications.userId, userId));
  return row?.count ?? 0;
}

export async function insertMedication(db: Db, userId: string, values: MedicationValues): Promise<MedicationRow> {
  const [row] = await db.insert(medications).values({ ...values, userId }).returning();
  return row!;
}

export async function updateMedication(db: Db, userId: string, id: string, values: MedicationValues): Promise<MedicationRow | undefined> {
  const [row] = await db
    .update(medications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(medications.userId, userId), eq(medications.id, id)))
    .returning();
  return row;
}

export async function deleteMedication(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(medications)
    .where(and(eq(medications.userId, userId), eq(medications.id, id)))
    .returning({ id: medications.id });
  return rows.length > 0;
}
