import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { labFiles, labResults, supplementLogs } from '#server/db/schema/index.ts';
import { deleteJobsFor, insertJob, lockOwnedJob, type NewJob } from '#server/jobs/jobs.repository.ts';

export type LabFileRow = typeof labFiles.$inferSelect;
export type LabFileWithCounts = LabFileRow & { resultCount: number; unreviewedCount: number };
export type LabResultRow = typeof labResults.$inferSelect;
export type NewLabResult = Omit<typeof labResults.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type LabFilePatch = Partial<Pick<LabFileRow, 'status' | 'progress' | 'errorCode' | 'errorMessage' | 'testDate'>>;

/** The file row and its extraction job, together or not at all. */
export async function insertLabFileWithJob(
  db: Db,
  values: Omit<typeof labFiles.$inferInsert, 'createdAt' | 'updatedAt'>,
  job: (file: LabFileRow) => NewJob,
): Promise<LabFileRow> {
  return db.transaction(async (tx) => {
    const [file] = await tx.insert(labFiles).values(values).returning();
    await insertJob(tx as unknown as Db, job(file!));
    return file!;
  });
}

// Written out in SQL: drizzle leaves columns unqualified in a single-table select, which would bind
// "id" inside the subquery to lab_results.
const counts = {
  resultCount: sql<number>`(select count(*)::int from lab_results r where r.lab_file_id = lab_files.id)`.mapWith(Number),
  unreviewedCount: sql<number>`(select count(*)::int from lab_results r where r.lab_file_id = lab_files.id and not r.reviewed)`.mapWith(Number),
};

export async function listLabFiles(db: Db, userId: string): Promise<LabFileWithCounts[]> {
  return db
    .select({ ...tableColumns(), ...counts })
    .from(labFiles)
    .where(eq(labFiles.userId, userId))
    .orderBy(desc(labFiles.createdAt), desc(labFiles.id));
}

export async function findLabFile(db: Db, userId: string, id: string): Promise<LabFileWithCounts | undefined> {
  const [row] = await db
    .select({ ...tableColumns(), ...counts })
    .from(labFiles)
    .where(and(eq(labFiles.userId, userId), eq(labFiles.id, id)));
  return row;
}

export async function updateLabFile(db: Db, userId: string, id: string, patch: LabFilePatch): Promise<boolean> {
  const rows = await db
    .update(labFiles)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(labFiles.userId, userId), eq(labFiles.id, id)))
    .returning({ id: labFiles.id });
  return rows.length > 0;
}

/** Deletes the file row (its results cascade) and its jobs; answers the storage key to remove. */
export async function deleteLabFile(db: Db, userId: string, id: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(labFiles)
      .where(and(eq(labFiles.userId, userId), eq(labFiles.id, id)))
      .returning({ storageKey: labFiles.storageKey });
    if (row) await deleteJobsFor(tx as unknown as Db, 'lab.extract', 'labFileId', id);
    return row?.storageKey;
  });
}

/** Every stored key of the user's files, for removing their bytes when the account goes. */
export async function listStorageKeys(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ key: labFiles.storageKey }).from(labFiles).where(eq(labFiles.userId, userId));
  return rows.map((row) => row.key);
}

/**
 * Saves an extraction's results if the job is still this worker's and the file still exists:
 * earlier extracted rows of the file (from an interrupted run) are replaced.
 */
export async function saveExtraction(
  db: Db,
  args: { jobId: string; workerId: string; userId: string; fileId: string; results: NewLabResult[]; file: LabFilePatch },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (!(await lockOwnedJob(t, args.jobId, args.workerId))) return false;
    const [file] = await t
      .select({ id: labFiles.id })
      .from(labFiles)
      .where(and(eq(labFiles.userId, args.userId), eq(labFiles.id, args.fileId)))
      .for('update');
    if (!file) return false;
    await t.delete(labResults).where(and(eq(labResults.labFileId, args.fileId), eq(labResults.source, 'extracted')));
    if (args.results.length > 0) await t.insert(labResults).values(args.results);
    await t.update(labFiles).set({ ...args.file, updatedAt: sql`now()` }).where(eq(labFiles.id, args.fileId));
    return true;
  });
}

export async function insertLabResult(db: Db, values: NewLabResult): Promise<LabResultRow> {
  const [row] = await db.insert(labResults).values(values).returning();
  return row!;
}

export async function listFileResults(db: Db, userId: string, fileId: string): Promise<LabResultRow[]> {
  return db
    .select()
    .from(labResults)
    .where(and(eq(labResults.userId, userId), eq(labResults.labFileId, fileId)))
    .orderBy(asc(labResults.createdAt), asc(labResults.id));
}

export async function listManualResults(db: Db, userId: string): Promise<LabResultRow[]> {
  return db
    .select()
    .from(labResults)
    .where(and(eq(labResults.userId, userId), sql`${labResults.labFileId} is null`))
    .orderBy(desc(labResults.testDate), asc(labResults.name), asc(labResults.id));
}

export async function findLabResult(db: Db, userId: string, id: string): Promise<LabResultRow | undefined> {
  const [row] = await db.select().from(labResults).where(and(eq(labResults.userId, userId), eq(labResults.id, id)));
  return row;
}

export async function updateLabResult(
  db: Db,
  userId: string,
  id: string,
  values: Partial<Omit<NewLabResult, 'userId' | 'labFileId' | 'source'>>,
): Promise<LabResultRow | undefined> {
  const [row] = await db
    .update(labResults)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(labResults.userId, userId), eq(labResults.id, id)))
    .returning();
  return row;
}

export async function deleteLabResult(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(labResults)
    .where(and(eq(labResults.userId, userId), eq(labResults.id, id)))
    .returning({ id: labResults.id });
  return rows.length > 0;
}

/** The file's date, and every result of the file with it. */
export async function setFileTestDate(db: Db, userId: string, fileId: string, testDate: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(labFiles).set({ testDate, updatedAt: sql`now()` }).where(and(eq(labFiles.userId, userId), eq(labFiles.id, fileId)));
    await tx
      .update(labResults)
      .set({ testDate, updatedAt: sql`now()` })
      .where(and(eq(labResults.userId, userId), eq(labResults.labFileId, fileId)));
  });
}

export async function confirmFile(db: Db, userId: string, fileId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(labResults)
      .set({ reviewed: true, updatedAt: sql`now()` })
      .where(and(eq(labResults.userId, userId), eq(labResults.labFileId, fileId), eq(labResults.reviewed, false)));
    await tx
      .update(labFiles)
      .set({ status: 'done', progress: 100, updatedAt: sql`now()` })
      .where(and(eq(labFiles.userId, userId), eq(labFiles.id, fileId)));
  });
}

/** One page of the user's results by date (then biomarker and id, so pages never overlap). */
export async function chartDataPage(db: Db, userId: string, page: number, pageSize: number) {
  const where: SQL = eq(labResults.userId, userId);
  const [totalRow] = await db.select({ total: count() }).from(labResults).where(where);
  const rows = await db
    .select({
      name: labResults.name,
      value: labResults.canonicalValue,
      testDate: labResults.testDate,
      unit: labResults.canonicalUnit,
      category: labResults.category,
    })
    .from(labResults)
    .where(where)
    .orderBy(asc(labResults.testDate), asc(labResults.biomarkerKey), asc(labResults.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

export type SeriesPointRow = {
  testDate: string;
  canonicalValue: number;
  flag: 'low' | 'high' | 'normal' | null;
  reviewed: boolean;
  unit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
};

/**
 * Every result of the user, one row per biomarker with its points by date. Aggregated in the
 * database on purpose: PGlite hands 20,000 rows over one by one four to five times slower than
 * the same points as 40 JSON arrays (measured side by side; decisions/014).
 */
export async function listSeriesByBiomarker(db: Db, userId: string): Promise<{ biomarkerKey: string; points: SeriesPointRow[] }[]> {
  const result = (await db.execute(sql`
    select biomarker_key,
           json_agg(json_build_array(test_date, canonical_value, flag, reviewed, unit, reference_low, reference_high)
                    order by test_date, created_at)::text as points
    from lab_results
    where user_id = ${userId}
    group by biomarker_key`)) as unknown as { rows: { biomarker_key: string; points: string }[] };
  return result.rows.map((row) => ({
    biomarkerKey: row.biomarker_key,
    points: (JSON.parse(row.points) as SeriesPointTuple[]).map(([testDate, canonicalValue, flag, reviewed, unit, referenceLow, referenceHigh]) => ({
      testDate,
      canonicalValue,
      flag,
      reviewed,
      unit,
      referenceLow,
      referenceHigh,
    })),
  }));
}

type SeriesPointTuple = [string, number, SeriesPointRow['flag'], boolean, string, number | null, number | null];

/**
 * The days each supplement was logged, by name (a read of Tracking's log table, scoped to the
 * user, for the chart's supplement periods).
 */
export async function listSupplementLogDays(db: Db, userId: string): Promise<{ name: string; day: string }[]> {
  return db
    .selectDistinct({ name: supplementLogs.name, day: supplementLogs.localDate })
    .from(supplementLogs)
    .where(eq(supplementLogs.userId, userId))
    .orderBy(asc(supplementLogs.name), asc(supplementLogs.localDate));
}

function tableColumns() {
  return {
    id: labFiles.id,
    userId: labFiles.userId,
    fileName: labFiles.fileName,
    storageKey: labFiles.storageKey,
    contentType: labFiles.contentType,
    kind: labFiles.kind,
    sizeBytes: labFiles.sizeBytes,
    status: labFiles.status,
    progress: labFiles.progress,
    errorCode: labFiles.errorCode,
    errorMessage: labFiles.errorMessage,
    testDate: labFiles.testDate,
    createdAt: labFiles.createdAt,
    updatedAt: labFiles.updatedAt,
  };
}
