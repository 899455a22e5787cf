import { type SQL, and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { ReferenceSortField } from '#contract/admin.ts';
import type { Db } from '#server/db/client.ts';
import { escapeLike } from '#server/db/sql.ts';
import { referenceSupplements } from '#server/db/schema/index.ts';
import { syncReferenceNames } from './reference-supplements.repository.ts';

export type ReferenceRow = typeof referenceSupplements.$inferSelect;
export type ReferenceValues = Pick<
  typeof referenceSupplements.$inferInsert,
  'name' | 'category' | 'alternativeNames' | 'description' | 'source' | 'sourceUrl'
>;

const SORT_COLUMNS: Record<ReferenceSortField, SQL> = {
  name: sql`lower(${referenceSupplements.name})`,
  category: sql`lower(${referenceSupplements.category})`,
  updatedAt: sql`${referenceSupplements.updatedAt}`,
};

/** A page of the reference database, searched in name, category and alternative names. */
export async function listReferenceSupplements(
  db: Db,
  options: { q: string; sort: ReferenceSortField; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const pattern = `%${escapeLike(options.q.toLowerCase())}%`;
  const where = options.q
    ? sql`(lower(${referenceSupplements.name}) like ${pattern}
        or lower(${referenceSupplements.category}) like ${pattern}
        or exists (select 1 from unnest(${referenceSupplements.alternativeNames}) a where lower(a) like ${pattern}))`
    : undefined;
  const direction = options.order === 'desc' ? desc : asc;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(referenceSupplements)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[options.sort]), direction(sql`lower(${referenceSupplements.name})`), asc(referenceSupplements.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(referenceSupplements).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findReferenceSupplement(db: Db, id: string): Promise<ReferenceRow | undefined> {
  const [row] = await db.select().from(referenceSupplements).where(eq(referenceSupplements.id, id));
  return row;
}

/** Another supplement whose own name is `name`, ignoring case. */
export async function findNameOwner(db: Db, name: string, exceptId?: string): Promise<{ id: string; name: string } | undefined> {
  const byName = sql`lower(${referenceSupplements.name}) = ${name.toLowerCase()}`;
  const [row] = await db
    .select({ id: referenceSupplements.id, name: referenceSupplements.name })
    .from(referenceSupplements)
    .where(exceptId ? and(byName, ne(referenceSupplements.id, exceptId)) : byName);
  return row;
}

/** Other supplements whose own name is one of `names`, ignoring case. */
export async function findNameOwners(db: Db, names: readonly string[], exceptId?: string): Promise<{ id: string; name: string }[]> {
  if (names.length === 0) return [];
  const lowered = names.map((name) => name.toLowerCase());
  const byNames = sql`lower(${referenceSupplements.name}) in (${sql.join(lowered.map((name) => sql`${name}`), sql`, `)})`;
  return db
    .select({ id: referenceSupplements.id, name: referenceSupplements.name })
    .from(referenceSupplements)
    .where(exceptId ? and(byNames, ne(referenceSupplements.id, exceptId)) : byNames);
}

/** The row and its search names and words, together. */
export async function insertReferenceSupplement(db: Db, values: ReferenceValues): Promise<ReferenceRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(referenceSupplements).values(values).returning();
    await syncReferenceNames(tx, row!.id, row!.name, row!.alternativeNames);
    return row!;
  });
}

export async function updateReferenceSupplement(db: Db, id: string, values: ReferenceValues): Promise<ReferenceRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(referenceSupplements)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(referenceSupplements.id, id))
      .returning();
    if (!row) return undefined;
    await syncReferenceNames(tx, row.id, row.name, row.alternativeNames);
    await deleteUnusedWords(tx);
    return row;
  });
}

/**
 * Users' supplements and logs that pointed here keep their own name, dosage and history: their
 * reference is set to null by the foreign key. Search names and words go with the row.
 */
export async function deleteReferenceSupplement(db: Db, id: string): Promise<{ id: string; name: string } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(referenceSupplements)
      .where(eq(referenceSupplements.id, id))
      .returning({ id: referenceSupplements.id, name: referenceSupplements.name });
    if (row) await deleteUnusedWords(tx);
    return row;
  });
}

/** Words no supplement uses any more, so typo search does not match a deleted name. */
async function deleteUnusedWords(db: Db): Promise<void> {
  await db.execute(sql`delete from reference_words w where not exists (select 1 from reference_supplement_words sw where sw.word = w.word)`);
}
