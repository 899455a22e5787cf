import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lte, max, min, sql } from 'drizzle-orm';
import type { HealthKind, HealthSource } from '#contract/health-data.ts';
import { HEALTH_UNITS } from '#contract/health-data.ts';
import type { Db } from '#server/db/client.ts';
import { healthImports, healthMeasurements } from '#server/db/schema/index.ts';
import type { Measurement } from '#server/health-imports/read-export.ts';
import { type NewJob, insertJob } from '#server/jobs/jobs.repository.ts';

export type HealthImportRow = typeof healthImports.$inferSelect;
export type HealthImportPatch = Partial<Omit<HealthImportRow, 'id' | 'userId' | 'createdAt'>>;

/** The import and the job that reads it, together or not at all. */
export async function insertImportWithJob(
  db: Db,
  row: { userId: string; fileName: string; storageKey: string; sizeBytes: number },
  job: (created: HealthImportRow) => NewJob,
): Promise<HealthImportRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(healthImports).values(row).returning();
    await insertJob(tx, job(created!));
    return created!;
  });
}

export async function findImport(db: Db, userId: string, id: string): Promise<HealthImportRow | undefined> {
  const [row] = await db.select().from(healthImports).where(and(eq(healthImports.userId, userId), eq(healthImports.id, id)));
  return row;
}

export async function listImports(db: Db, userId: string): Promise<HealthImportRow[]> {
  return db.select().from(healthImports).where(eq(healthImports.userId, userId)).orderBy(desc(healthImports.createdAt)).limit(100);
}

export async function updateImport(db: Db, userId: string, id: string, patch: HealthImportPatch): Promise<void> {
  await db
    .update(healthImports)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(healthImports.userId, userId), eq(healthImports.id, id)));
}

export async function deleteImport(db: Db, userId: string, id: string): Promise<HealthImportRow | undefined> {
  const [row] = await db.delete(healthImports).where(and(eq(healthImports.userId, userId), eq(healthImports.id, id))).returning();
  return row;
}

/** Storage keys of imports not yet read, for account deletion. */
export async function listImportStorageKeys(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ key: healthImports.storageKey }).from(healthImports).where(eq(healthImports.userId, userId));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/**
 * What a measurement is, hashed: the source, the writer, the kind, and either the source's own id
 * for it or its times and value. Never the file it came in (decision 031).
 */
export function dedupeKey(source: HealthSource, measurement: Measurement): string {
  const identity = measurement.identity ?? `${measurement.startAt.getTime()}|${measurement.endAt.getTime()}|${measurement.value.toPrecision(12)}`;
  return createHash('sha256').update(`${source}\u001f${measurement.origin}\u001f${measurement.kind}\u001f${identity}`).digest('base64url').slice(0, 32);
}

/**
 * Adds a batch; answers how many were new. A measurement already held is left alone, unless it
 * has a source id and its figures changed (a night re-synced longer): then the newer figures win.
 */
export async function saveMeasurements(db: Db, args: { userId: string; importId: string; source: HealthSource; measurements: Measurement[] }): Promise<number> {
  if (args.measurements.length === 0) return 0;
  // One row per key: PostgreSQL refuses to update the same row twice in one statement.
  const rows = new Map<string, typeof healthMeasurements.$inferInsert>();
  for (const measurement of args.measurements) {
    const key = dedupeKey(args.source, measurement);
    rows.set(key, {
      userId: args.userId,
      source: args.source,
      origin: measurement.origin,
      kind: measurement.kind,
      startAt: measurement.startAt,
      endAt: measurement.endAt,
      day: measurement.day,
      value: measurement.value,
      unit: HEALTH_UNITS[measurement.kind],
      dedupeKey: key,
      importId: args.importId,
    });
  }
  const saved = await db
    .insert(healthMeasurements)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [healthMeasurements.userId, healthMeasurements.dedupeKey],
      set: {
        value: sql`excluded.value`,
        startAt: sql`excluded.start_at`,
        endAt: sql`excluded.end_at`,
        day: sql`excluded.day`,
      },
      setWhere: sql`(${healthMeasurements.value}, ${healthMeasurements.endAt}) is distinct from (excluded.value, excluded.end_at)`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return saved.filter((row) => row.inserted).length;
}

export async function countAddedBy(db: Db, userId: string, importId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(healthMeasurements)
    .where(and(eq(healthMeasurements.userId, userId), eq(healthMeasurements.importId, importId)));
  return row?.n ?? 0;
}

export async function listSourceCounts(db: Db, userId: string) {
  return db
    .select({
      source: healthMeasurements.source,
      kind: healthMeasurements.kind,
      count: count(),
      firstDay: min(healthMeasurements.day),
      lastDay: max(healthMeasurements.day),
    })
    .from(healthMeasurements)
    .where(eq(healthMeasurements.userId, userId))
    .groupBy(healthMeasurements.source, healthMeasurements.kind)
    .orderBy(healthMeasurements.source, healthMeasurements.kind);
}

export async function deleteSourceMeasurements(db: Db, userId: string, source: HealthSource): Promise<number> {
  const rows = await db
    .delete(healthMeasurements)
    .where(and(eq(healthMeasurements.userId, userId), eq(healthMeasurements.source, source)))
    .returning({ id: healthMeasurements.id });
  return rows.length;
}

export type DayTotal = { day: string; kind: HealthKind; origin: string; source: HealthSource; total: number; mean: number };

/** Per day, kind and writer: the sum and the mean, for the days asked. */
export async function listDayTotals(db: Db, userId: string, kinds: readonly HealthKind[], from: string, to: string): Promise<DayTotal[]> {
  const rows = await db
    .select({
      day: healthMeasurements.day,
      kind: healthMeasurements.kind,
      origin: healthMeasurements.origin,
      source: healthMeasurements.source,
      total: sql<number>`sum(${healthMeasurements.value})`.mapWith(Number),
      mean: sql<number>`avg(${healthMeasurements.value})`.mapWith(Number),
    })
    .from(healthMeasurements)
    .where(
      and(
        eq(healthMeasurements.userId, userId),
        inArray(healthMeasurements.kind, [...kinds]),
        gte(healthMeasurements.day, from),
        lte(healthMeasurements.day, to),
      ),
    )
    .groupBy(healthMeasurements.day, healthMeasurements.kind, healthMeasurements.origin, healthMeasurements.source);
  return rows;
}

export async function listMeasurements(db: Db, userId: string, kinds: readonly HealthKind[]) {
  return db
    .select({
      kind: healthMeasurements.kind,
      source: healthMeasurements.source,
      origin: healthMeasurements.origin,
      startAt: healthMeasurements.startAt,
      endAt: healthMeasurements.endAt,
      day: healthMeasurements.day,
      value: healthMeasurements.value,
      unit: healthMeasurements.unit,
    })
    .from(healthMeasurements)
    .where(and(eq(healthMeasurements.userId, userId), inArray(healthMeasurements.kind, [...kinds])))
    .orderBy(asc(healthMeasurements.startAt), asc(healthMeasurements.kind))
    .limit(20_000);
}
