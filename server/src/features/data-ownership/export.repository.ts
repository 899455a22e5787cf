import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  assistantQueries,
  biomarkerTargets,
  healthMeasurements,
  healthStats,
  medications,
  labFiles,
  labResults,
  labRetests,
  qualitativeLogs,
  referenceSupplements,
  sessions,
  shareLinks,
  shareViews,
  subscriptions,
  supplementLogs,
  supplements,
} from '#server/db/schema/index.ts';

/**
 * Reads of everything one user holds, for exports, the report and share links, and the writes
 * of an import. Every query is scoped by the user's id.
 */

export type HealthStatsRow = typeof healthStats.$inferSelect;
export type SupplementRow = typeof supplements.$inferSelect & { category: string | null };
export type IntakeLogRow = typeof supplementLogs.$inferSelect;
export type NoteRow = typeof qualitativeLogs.$inferSelect;
export type LabFileRow = typeof labFiles.$inferSelect;
export type LabResultRow = typeof labResults.$inferSelect;

export async function findHealthStatsOf(db: Db, userId: string): Promise<HealthStatsRow | undefined> {
  const [row] = await db.select().from(healthStats).where(eq(healthStats.userId, userId));
  return row;
}

export type MedicationRow = typeof medications.$inferSelect;

export async function listMedicationsOf(db: Db, userId: string): Promise<MedicationRow[]> {
  return db.select().from(medications).where(eq(medications.userId, userId)).orderBy(asc(medications.createdAt), asc(medications.id));
}

export type HealthMeasurementRow = typeof healthMeasurements.$inferSelect;

/** Measurements from phones and wearables, in the order they were taken. */
export async function listHealthMeasurementsOf(db: Db, userId: string): Promise<HealthMeasurementRow[]> {
  return db
    .select()
    .from(healthMeasurements)
    .where(eq(healthMeasurements.userId, userId))
    .orderBy(asc(healthMeasurements.startAt), asc(healthMeasurements.kind), asc(healthMeasurements.id));
}

export type LabRetestRow = typeof labRetests.$inferSelect;

/** Planned retests (decision 040), by their day. */
export async function listLabRetestsOf(db: Db, userId: string): Promise<LabRetestRow[]> {
  return db.select().from(labRetests).where(eq(labRetests.userId, userId)).orderBy(asc(labRetests.dueDate), asc(labRetests.biomarkerKey));
}

export async function listSupplementsOf(db: Db, userId: string): Promise<SupplementRow[]> {
  const rows = await db
    .select({ supplement: supplements, category: referenceSupplements.category })
    .from(supplements)
    .leftJoin(referenceSupplements, eq(referenceSupplements.id, supplements.referenceSupplementId))
    .where(eq(supplements.userId, userId))
    .orderBy(asc(supplements.createdAt), asc(supplements.id));
  return rows.map((row) => ({ ...row.supplement, category: row.category }));
}

/** Intake logs, oldest day first; `to` (inclusive) and `from` bound them when given. */
export async function listIntakeLogsOf(db: Db, userId: string, range: { from?: string; to?: string } = {}): Promise<IntakeLogRow[]> {
  return db
    .select()
    .from(supplementLogs)
    .where(
      and(
        eq(supplementLogs.userId, userId),
        range.from ? sql`${supplementLogs.localDate} >= ${range.from}` : undefined,
        range.to ? sql`${supplementLogs.localDate} <= ${range.to}` : undefined,
      ),
    )
    .orderBy(asc(supplementLogs.localDate), asc(supplementLogs.name), asc(supplementLogs.id));
}

export async function listNotesOf(db: Db, userId: string, range: { from?: string; to?: string } = {}): Promise<NoteRow[]> {
  return db
    .select()
    .from(qualitativeLogs)
    .where(
      and(
        eq(qualitativeLogs.userId, userId),
        range.from ? sql`${qualitativeLogs.localDate} >= ${range.from}` : undefined,
        range.to ? sql`${qualitativeLogs.localDate} <= ${range.to}` : undefined,
      ),
    )
    .orderBy(asc(qualitativeLogs.localDate), asc(qualitativeLogs.loggedAt), asc(qualitativeLogs.id));
}

export async function listLabFilesOf(db: Db, userId: string): Promise<LabFileRow[]> {
  return db.select().from(labFiles).where(eq(labFiles.userId, userId)).orderBy(asc(labFiles.createdAt), asc(labFiles.id));
}

/** Results oldest first; with `to`, only those tested on or before it. */
export async function listLabResultsOf(db: Db, userId: string, to?: string): Promise<LabResultRow[]> {
  return db
    .select()
    .from(labResults)
    .where(and(eq(labResults.userId, userId), to ? lte(labResults.testDate, to) : undefined))
    .orderBy(asc(labResults.testDate), asc(labResults.name), asc(labResults.id));
}

export async function listAssistantHistoryOf(db: Db, userId: string) {
  return db
    .select({ question: assistantQueries.question, answer: assistantQueries.answer, createdAt: assistantQueries.createdAt })
    .from(assistantQueries)
    .where(eq(assistantQueries.userId, userId))
    .orderBy(asc(assistantQueries.createdAt));
}

export async function listSessionsOf(db: Db, userId: string) {
  return db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export async function listSubscriptionsOf(db: Db, userId: string) {
  return db
    .select({
      provider: subscriptions.provider,
      tier: subscriptions.tier,
      interval: subscriptions.interval,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
}

export async function listShareLinksWithViewsOf(db: Db, userId: string) {
  const links = await db.select().from(shareLinks).where(eq(shareLinks.userId, userId)).orderBy(asc(shareLinks.createdAt));
  if (links.length === 0) return [];
  const views = await db
    .select({ shareLinkId: shareViews.shareLinkId, createdAt: shareViews.createdAt })
    .from(shareViews)
    .where(and(eq(shareViews.userId, userId), inArray(shareViews.shareLinkId, links.map((link) => link.id))))
    .orderBy(desc(shareViews.createdAt));
  return links.map((link) => ({ ...link, openedAt: views.filter((view) => view.shareLinkId === link.id).map((view) => view.createdAt) }));
}

// ─── Import writes ──────────────────────────────────────────────────────────────────────────────

export type NewSupplement = Omit<typeof supplements.$inferInsert, 'id' | 'userId'>;
export type NewIntakeLog = Omit<typeof supplementLogs.$inferInsert, 'id' | 'userId' | 'createdAt'>;
export type NewNote = Omit<typeof qualitativeLogs.$inferInsert, 'id' | 'userId'>;
export type NewLabResult = Omit<typeof labResults.$inferInsert, 'id' | 'userId'>;
export type NewLabFile = Omit<typeof labFiles.$inferInsert, 'id' | 'userId'>;
export type NewMedication = Omit<typeof medications.$inferInsert, 'id' | 'userId'>;
export type NewHealthMeasurement = Omit<typeof healthMeasurements.$inferInsert, 'id' | 'userId' | 'importId' | 'createdAt'>;
export type NewBiomarkerTarget = Omit<typeof biomarkerTargets.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>;
export type NewLabRetest = Omit<typeof labRetests.$inferInsert, 'id' | 'userId'>;
export type HealthStatsValues = Partial<Omit<typeof healthStats.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>>;

/**
 * One import at a time per user, inside the import's transaction: two imports of the same file at
 * once would otherwise both find nothing there and add everything twice.
 */
export async function lockUserForImport(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${userId}`}))`);
  // Intake saves take this lock (supplement-logs.repository.ts); holding it keeps days whole.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`supplement-logs:${userId}`}))`);
}

export async function insertSupplementFor(db: Db, userId: string, values: NewSupplement): Promise<string> {
  const [row] = await db.insert(supplements).values({ ...values, userId }).returning({ id: supplements.id });
  return row!.id;
}

export async function insertIntakeLogsFor(db: Db, userId: string, rows: NewIntakeLog[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(supplementLogs).values(rows.slice(i, i + 500).map((row) => ({ ...row, userId })));
  }
}

export async function insertNotesFor(db: Db, userId: string, rows: NewNote[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(qualitativeLogs).values(rows.slice(i, i + 500).map((row) => ({ ...row, userId })));
  }
}

export async function insertLabResultsFor(db: Db, userId: string, rows: NewLabResult[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(labResults).values(rows.slice(i, i + 500).map((row) => ({ ...row, userId })));
  }
}

export async function insertLabFileFor(db: Db, userId: string, values: NewLabFile): Promise<string> {
  const [row] = await db.insert(labFiles).values({ ...values, userId }).returning({ id: labFiles.id });
  return row!.id;
}

export async function saveHealthStatsFor(db: Db, userId: string, values: HealthStatsValues): Promise<void> {
  await db
    .insert(healthStats)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: healthStats.userId, set: { ...values, updatedAt: new Date() } });
}

export async function insertMedicationFor(db: Db, userId: string, values: NewMedication): Promise<void> {
  await db.insert(medications).values({ ...values, userId });
}

/**
 * Adds measurements whose dedupe key the user does not have yet (decision 031); answers how many
 * were new. Unlike a wearable's re-sync, an export never updates a measurement already here: the
 * account's figures are at least as new as the file's.
 */
export async function insertHealthMeasurementsFor(db: Db, userId: string, rows: NewHealthMeasurement[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const saved = await db
      .insert(healthMeasurements)
      .values(rows.slice(i, i + 1000).map((row) => ({ ...row, userId })))
      .onConflictDoNothing({ target: [healthMeasurements.userId, healthMeasurements.dedupeKey] })
      .returning({ id: healthMeasurements.id });
    added += saved.length;
  }
  return added;
}

/** Adds a target unless the user already has one for the biomarker (theirs wins); answers whether it was added. */
export async function insertBiomarkerTargetFor(db: Db, userId: string, values: NewBiomarkerTarget): Promise<boolean> {
  const saved = await db.insert(biomarkerTargets).values({ ...values, userId }).onConflictDoNothing().returning({ key: biomarkerTargets.biomarkerKey });
  return saved.length > 0;
}

/** Adds a retest unless the user already plans one for the biomarker (one each); answers whether it was added. */
export async function insertLabRetestFor(db: Db, userId: string, values: NewLabRetest): Promise<boolean> {
  const saved = await db
    .insert(labRetests)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [labRetests.userId, labRetests.biomarkerKey] })
    .returning({ id: labRetests.id });
  return saved.length > 0;
}
