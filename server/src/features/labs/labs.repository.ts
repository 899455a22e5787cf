import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ValueComparator } from '#contract/biomarkers.ts';
import type { Db } from '#server/db/client.ts';
import { selectRows } from '#server/db/sql.ts';
import { healthStats, labFiles, labResults, labReviewRows, labSettings, ownBiomarkers, supplementLogs } from '#server/db/schema/index.ts';
import { deleteJobsFor, insertJob, lockOwnedJob, type NewJob } from '#server/jobs/jobs.repository.ts';

export type LabFileRow = typeof labFiles.$inferSelect;
export type LabFileWithCounts = LabFileRow & { resultCount: number; unreviewedCount: number; reviewRowCount: number };
export type LabResultRow = typeof labResults.$inferSelect;
export type NewLabResult = Omit<typeof labResults.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type LabFilePatch = Partial<Pick<LabFileRow, 'status' | 'progress' | 'errorCode' | 'errorMessage' | 'testDate' | 'testDateReview' | 'pagesRead' | 'pageCount'>>;
export type LabReviewRowRow = typeof labReviewRows.$inferSelect;
export type NewLabReviewRow = Omit<typeof labReviewRows.$inferInsert, 'id' | 'createdAt'>;
export type OwnBiomarkerRow = typeof ownBiomarkers.$inferSelect;

/** The file row and its extraction job, together or not at all. */
export async function insertLabFileWithJob(
  db: Db,
  values: Omit<typeof labFiles.$inferInsert, 'createdAt' | 'updatedAt'>,
  job: (file: LabFileRow) => NewJob,
): Promise<LabFileRow> {
  return db.transaction(async (tx) => {
    const [file] = await tx.insert(labFiles).values(values).returning();
    await insertJob(tx, job(file!));
    return file!;
  });
}

// Written out in SQL: drizzle leaves columns unqualified in a single-table select, which would bind
// "id" inside the subquery to lab_results.
const counts = {
  resultCount: sql<number>`(select count(*)::int from lab_results r where r.lab_file_id = lab_files.id)`.mapWith(Number),
  unreviewedCount: sql<number>`(select count(*)::int from lab_results r where r.lab_file_id = lab_files.id and not r.reviewed)`.mapWith(Number),
  reviewRowCount: sql<number>`(select count(*)::int from lab_review_rows v where v.lab_file_id = lab_files.id)`.mapWith(Number),
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
    if (row) await deleteJobsFor(tx, 'lab.extract', 'labFileId', id);
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
  args: { jobId: string; workerId: string; userId: string; fileId: string; results: NewLabResult[]; reviewRows: NewLabReviewRow[]; file: LabFilePatch },
): Promise<boolean> {
  return db.transaction(async (t) => {
    if (!(await lockOwnedJob(t, args.jobId, args.workerId))) return false;
    const [file] = await t
      .select({ id: labFiles.id })
      .from(labFiles)
      .where(and(eq(labFiles.userId, args.userId), eq(labFiles.id, args.fileId)))
      .for('update');
    if (!file) return false;
    await t.delete(labResults).where(and(eq(labResults.labFileId, args.fileId), eq(labResults.source, 'extracted')));
    if (args.results.length > 0) await t.insert(labResults).values(args.results);
    await t.delete(labReviewRows).where(and(eq(labReviewRows.userId, args.userId), eq(labReviewRows.labFileId, args.fileId)));
    if (args.reviewRows.length > 0) await t.insert(labReviewRows).values(args.reviewRows);
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

/** The user's results of one biomarker, newest first, each with its report's file name (null when typed in by hand). */
export async function listBiomarkerResults(db: Db, userId: string, biomarkerKey: string): Promise<(LabResultRow & { fileName: string | null })[]> {
  const rows = await db
    .select({ result: labResults, fileName: labFiles.fileName })
    .from(labResults)
    .leftJoin(labFiles, and(eq(labFiles.id, labResults.labFileId), eq(labFiles.userId, userId)))
    .where(and(eq(labResults.userId, userId), eq(labResults.biomarkerKey, biomarkerKey)))
    .orderBy(desc(labResults.testDate), desc(labResults.createdAt), asc(labResults.id));
  return rows.map(({ result, fileName }) => ({ ...result, fileName }));
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
    // The user has set the date: nothing is left for review to ask about it.
    await tx.update(labFiles).set({ testDate, testDateReview: null, updatedAt: sql`now()` }).where(and(eq(labFiles.userId, userId), eq(labFiles.id, fileId)));
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
      .set({ status: 'done', progress: 100, testDateReview: null, updatedAt: sql`now()` })
      .where(and(eq(labFiles.userId, userId), eq(labFiles.id, fileId)));
  });
}

// ─── Rows waiting for the user's decision ──────────────────────────────────────────────────────

export async function listReviewRows(db: Db, userId: string, fileId: string): Promise<LabReviewRowRow[]> {
  return db
    .select()
    .from(labReviewRows)
    .where(and(eq(labReviewRows.userId, userId), eq(labReviewRows.labFileId, fileId)))
    .orderBy(asc(labReviewRows.position), asc(labReviewRows.id));
}

export async function findReviewRow(db: Db, userId: string, id: string): Promise<LabReviewRowRow | undefined> {
  const [row] = await db.select().from(labReviewRows).where(and(eq(labReviewRows.userId, userId), eq(labReviewRows.id, id)));
  return row;
}

export async function deleteReviewRow(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(labReviewRows)
    .where(and(eq(labReviewRows.userId, userId), eq(labReviewRows.id, id)))
    .returning({ id: labReviewRows.id });
  return rows.length > 0;
}

/** The row becomes a result, once: a second request for the same row finds it gone and stores nothing. */
export async function resolveReviewRow(db: Db, userId: string, rowId: string, result: NewLabResult): Promise<LabResultRow | undefined> {
  return db.transaction(async (t) => {
    if (!(await deleteReviewRow(t, userId, rowId))) return undefined;
    return insertLabResult(t, result);
  });
}

export async function listOwnBiomarkers(db: Db, userId: string): Promise<OwnBiomarkerRow[]> {
  return db.select().from(ownBiomarkers).where(eq(ownBiomarkers.userId, userId)).orderBy(asc(ownBiomarkers.name));
}

export async function findOwnBiomarker(db: Db, userId: string, id: string): Promise<OwnBiomarkerRow | undefined> {
  const [row] = await db.select().from(ownBiomarkers).where(and(eq(ownBiomarkers.userId, userId), eq(ownBiomarkers.id, id)));
  return row;
}

/** The user's biomarker of this name (ignoring case), made if it is new. */
export async function findOrCreateOwnBiomarker(db: Db, userId: string, name: string, unit: string): Promise<OwnBiomarkerRow> {
  const [made] = await db.insert(ownBiomarkers).values({ userId, name, unit }).onConflictDoNothing().returning();
  if (made) return made;
  const [existing] = await db
    .select()
    .from(ownBiomarkers)
    .where(and(eq(ownBiomarkers.userId, userId), sql`lower(${ownBiomarkers.name}) = lower(${name})`));
  return existing!;
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

/** A printed reference range as stored: in the unit the result was printed in. */
export type PrintedRange = { unit: string; referenceLow: number | null; referenceHigh: number | null };

/** One biomarker's results as columns, oldest first (by test date, then by when they were stored). */
export type SeriesColumns = {
  biomarkerKey: string;
  testDates: string[];
  canonicalValues: number[];
  comparators: (ValueComparator | null)[];
  flags: ('low' | 'high' | 'normal' | null)[];
  reviewed: boolean[];
  /** The latest printed range in each unit that has one, newest first. */
  latestRangeByUnit: PrintedRange[];
};

/**
 * Every result of the user, one row per biomarker with its points by date as columns. Aggregated
 * in the database on purpose: PGlite hands 20,000 rows over one by one four to five times slower
 * than 40 aggregated rows. One JSON array per column rather than one array per point: building
 * JSON for every point was most of the query's time, and the ranges, which the chart needs only
 * the latest of, come from a second small query (decisions/014).
 */
export async function listSeriesByBiomarker(db: Db, userId: string): Promise<SeriesColumns[]> {
  // Two reads at once: on PostgreSQL they run side by side on the pool; PGlite takes them in turn.
  const [points, ranges] = await Promise.all([listPointColumns(db, userId), listLatestRangesByUnit(db, userId)]);
  return points.map((row) => ({
    biomarkerKey: row.biomarker_key,
    testDates: JSON.parse(row.test_dates) as string[],
    canonicalValues: JSON.parse(row.canonical_values) as number[],
    comparators: JSON.parse(row.comparators) as SeriesColumns['comparators'],
    flags: JSON.parse(row.flags) as SeriesColumns['flags'],
    reviewed: JSON.parse(row.reviewed) as boolean[],
    latestRangeByUnit: ranges.get(row.biomarker_key) ?? [],
  }));
}

type PointColumnsRow = { biomarker_key: string; test_dates: string; canonical_values: string; comparators: string; flags: string; reviewed: string };

async function listPointColumns(db: Db, userId: string): Promise<PointColumnsRow[]> {
  return selectRows<PointColumnsRow>(
    db,
    sql`
    select biomarker_key,
           json_agg(test_date order by test_date, created_at)::text as test_dates,
           json_agg(canonical_value order by test_date, created_at)::text as canonical_values,
           json_agg(comparator order by test_date, created_at)::text as comparators,
           json_agg(flag order by test_date, created_at)::text as flags,
           json_agg(reviewed order by test_date, created_at)::text as reviewed
    from lab_results
    where user_id = ${userId}
    group by biomarker_key`,
  );
}

/**
 * Per biomarker, the latest printed range in each unit, newest first (by test date, then by when
 * it was stored). The newest date per unit comes from one pass without sorting; its row is then
 * found through lab_results_user_date_idx.
 */
async function listLatestRangesByUnit(db: Db, userId: string): Promise<Map<string, PrintedRange[]>> {
  const result = (await db.execute(sql`
    select latest.biomarker_key, r.unit, r.reference_low, r.reference_high
    from (select biomarker_key, unit, max(test_date) as test_date
          from lab_results
          where user_id = ${userId} and (reference_low is not null or reference_high is not null)
          group by biomarker_key, unit) latest
    cross join lateral (
      select unit, reference_low, reference_high, created_at
      from lab_results r
      where r.user_id = ${userId} and r.test_date = latest.test_date and r.biomarker_key = latest.biomarker_key
        and r.unit = latest.unit and (r.reference_low is not null or r.reference_high is not null)
      order by r.created_at desc
      limit 1) r
    order by latest.test_date desc, r.created_at desc`)) as unknown as {
    rows: { biomarker_key: string; unit: string; reference_low: number | null; reference_high: number | null }[];
  };
  const byBiomarker = new Map<string, PrintedRange[]>();
  for (const row of result.rows) {
    const ranges = byBiomarker.get(row.biomarker_key) ?? [];
    ranges.push({ unit: row.unit, referenceLow: row.reference_low, referenceHigh: row.reference_high });
    byBiomarker.set(row.biomarker_key, ranges);
  }
  return byBiomarker;
}

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

/** The health profile's sex and birth date, which choose reference ranges (a read of Health's table). */
export async function findRangeProfileStats(db: Db, userId: string): Promise<{ gender: string | null; dateOfBirth: string | null } | undefined> {
  const [row] = await db.select({ gender: healthStats.gender, dateOfBirth: healthStats.dateOfBirth }).from(healthStats).where(eq(healthStats.userId, userId));
  return row;
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
    testDateReview: labFiles.testDateReview,
    pagesRead: labFiles.pagesRead,
    pageCount: labFiles.pageCount,
    createdAt: labFiles.createdAt,
    updatedAt: labFiles.updatedAt,
  };
}

/** Whether the user lets the AI model read their reports; off without a row. */
export async function findReadWithModel(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ readWithModel: labSettings.readWithModel }).from(labSettings).where(eq(labSettings.userId, userId));
  return row?.readWithModel ?? false;
}

export async function saveReadWithModel(db: Db, userId: string, readWithModel: boolean): Promise<void> {
  await db
    .insert(labSettings)
    .values({ userId, readWithModel })
    .onConflictDoUpdate({ target: labSettings.userId, set: { readWithModel, updatedAt: new Date() } });
}
