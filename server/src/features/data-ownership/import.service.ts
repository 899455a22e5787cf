import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  EXPORT_FORMAT,
  EXPORT_SCHEMA_VERSION,
  IMPORT_ARCHIVE_LIMITS,
  type ExportHealthMeasurement,
  type ExportImport,
  type ExportMedication,
  IMPORT_CSV_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportCounts,
  type ImportResult,
  exportImportSchema,
} from '#contract/data-ownership.ts';
import type { ValueComparator } from '#contract/biomarkers.ts';
import { isRealDate, localDateOf } from '#contract/dates.ts';
import { type ScheduleInput } from '#contract/supplements.ts';
import { CONTENT_MESSAGES, STRENGTH_MESSAGES, parseLabelAmount } from '#contract/supplements-texts.ts';
import type { Db } from '#server/db/client.ts';
import { findMarker, isPlausible, loincFor, toCanonicalValue, unitDefFor } from '#server/features/labs/labs.catalogue.ts';
import { LAB_EXTRACT_JOB } from '#server/features/labs/labs.jobs.ts';
import { newStorageKey, prepareUpload } from '#server/features/labs/labs.uploads.ts';
import { findReferenceIdByName } from '#server/features/supplements/public.ts';
import type { EntitlementsService } from '#server/features/usage/entitlements.service.ts';
import { RATE_RULES, type RateLimiter } from '#server/features/rate-limits/rate-limits.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { notifyJobQueued } from '#server/jobs/job-worker.ts';
import { insertJob } from '#server/jobs/jobs.repository.ts';
import { comparatorOf, computeFlag, splitLimitSign } from '#contract/lab-values.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { dedupeKey } from '#server/features/health-data/public.ts';
import { checkTarget } from '#server/features/labs/public.ts';
import { MAX_MEDICATIONS_PER_USER } from '#server/features/medications/medications.service.ts';
import {
  type HealthStatsValues,
  type NewHealthMeasurement,
  type NewMedication,
  type NewIntakeLog,
  type NewLabResult,
  type NewNote,
  findHealthStatsOf,
  insertBiomarkerTargetFor,
  insertHealthMeasurementsFor,
  insertLabRetestFor,
  insertIntakeLogsFor,
  insertLabFileFor,
  insertLabResultsFor,
  insertMedicationFor,
  insertNotesFor,
  insertSupplementFor,
  listIntakeLogsOf,
  listLabFilesOf,
  listLabResultsOf,
  listMedicationsOf,
  listNotesOf,
  listSupplementsOf,
  lockUserForImport,
  saveHealthStatsFor,
} from './export.repository.ts';
import { readZipEntries } from './import.archive.ts';
import { parseCsv, unguardCell } from './import.csv.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = {
  db: Db;
  store: FileStore;
  entitlements: EntitlementsService;
  limiter: RateLimiter;
  maxPixels: number;
  /** The largest lab file this installation takes (the upload cap); bigger ones in a zip are left out. */
  maxFileBytes: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
};

type ResolvedResult = Omit<NewLabResult, 'labFileId' | 'reviewed' | 'source' | 'testDate'>;
type PlanUse = { id: string; release(): Promise<void> };
type StagedFile = {
  exportId: string;
  fileName: string;
  uploadedAt: Date;
  status: string;
  testDate: string | null;
  errorMessage: string | null;
  prepared: Awaited<ReturnType<typeof prepareUpload>>;
  /** The plan's upload this file's reading counts as, when it is to be read here. */
  use: PlanUse | null;
  /** Why a file that needed reading is kept unread: the plan's message. */
  keptUnread: string | null;
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const ZIP_JSON_NAME = 'stacklab-export.json';
const MAX_DETAILS = 100;
const KEPT_UNREAD_CODE = 'not-read-plan-limit';
const emptyCounts = (): ImportCounts => ({
  supplements: 0,
  intakeLogs: 0,
  notes: 0,
  labResults: 0,
  healthStats: 0,
  medications: 0,
  healthMeasurements: 0,
  biomarkerTargets: 0,
  labRetests: 0,
});

/**
 * POST /api/import. A StackLab export (its JSON, or the CSV zip, which carries the JSON and, when
 * exported with them, the original lab files) is merged into the signed-in account: what is
 * already there is skipped, so importing twice adds nothing the second time. A CSV of biomarker
 * results is checked row by row; one bad row and nothing is imported. Every write of one import
 * happens in one transaction.
 */
export class ImportService {
  private readonly now: () => Date;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Checks the plan and the rate limit before the file is read: a refusal costs no upload. */
  async importFile(user: User, read: () => Promise<{ fileName: string; bytes: Buffer }>): Promise<ImportResult> {
    // Import writes new logs and results, which an expired trial may not.
    this.deps.entitlements.assertActive(user);
    await this.deps.limiter.consume(RATE_RULES.importPerAccount, user.id);
    const { bytes } = await read();
    if (bytes.byteLength === 0) throw AppError.validation('file', IMPORT_MESSAGES.unreadable);
    if (ZIP_MAGIC.every((byte, i) => bytes[i] === byte)) return this.importZip(user, bytes);
    const text = bytes.toString('utf8');
    const firstChar = text.replace(/^\uFEFF/, '').trimStart()[0];
    if (firstChar === '{') return this.importExport(user, parseJson(text), new Map());
    return this.importBiomarkerCsv(user, text);
  }

  // ─── The JSON export, alone or in its zip ─────────────────────────────────────────────────────

  private async importZip(user: User, bytes: Buffer): Promise<ImportResult> {
    const entries = await readZipEntries(bytes, (name) => name === ZIP_JSON_NAME || name.startsWith('lab-files/'), IMPORT_ARCHIVE_LIMITS);
    const json = entries.get(ZIP_JSON_NAME);
    if (!json) throw AppError.validation('file', IMPORT_MESSAGES.unreadable);
    entries.delete(ZIP_JSON_NAME);
    return this.importExport(user, parseJson(Buffer.from(json).toString('utf8')), entries);
  }

  private async importExport(user: User, raw: unknown, archive: Map<string, Uint8Array>): Promise<ImportResult> {
    const version = (raw as { schemaVersion?: unknown } | null)?.schemaVersion;
    if ((raw as { format?: unknown } | null)?.format !== EXPORT_FORMAT) throw AppError.validation('file', IMPORT_MESSAGES.unreadable);
    if (typeof version === 'number' && version > EXPORT_SCHEMA_VERSION) {
      throw AppError.validation('file', IMPORT_MESSAGES.newerVersion.replace('{version}', String(version)));
    }
    const parsed = exportImportSchema.safeParse(raw);
    if (!parsed.success) throw invalidExport(parsed.error);
    const doc = parsed.data;

    const notes: string[] = [];
    const staged = await this.stageFiles(user, doc, archive, notes);
    const storedKeys: string[] = [];
    try {
      const fileKeys = new Map<string, string>();
      for (const file of staged) {
        const key = newStorageKey(user.id);
        await this.deps.store.put(key, file.prepared.bytes, file.prepared.contentType);
        storedKeys.push(key);
        fileKeys.set(file.exportId, key);
      }
      const result = await this.deps.db.transaction(async (tx) => this.mergeExport(tx, user, doc, staged, fileKeys, notes));
      // Files matched to ones already here were stored and counted for nothing; take them back.
      for (const key of result.unusedKeys) await this.deps.store.delete(key).catch(() => {});
      await releaseUses(result.unusedUses, this.deps.log);
      if (result.queued > 0) notifyJobQueued(LAB_EXTRACT_JOB);
      return result.answer;
    } catch (error) {
      for (const key of storedKeys) await this.deps.store.delete(key).catch(() => {});
      await releaseUses(staged.flatMap((file) => (file.use ? [file.use] : [])), this.deps.log);
      throw error;
    }
  }

  /**
   * Lab files that came along in the zip, checked like uploads; ones that fail are noted and left
   * out. A file still waiting to be read is read here only as one of the plan's uploads; with none
   * left (or none in the plan) it is kept unread, and the plan's message says why.
   */
  private async stageFiles(user: User, doc: ExportImport, archive: Map<string, Uint8Array>, notes: string[]): Promise<StagedFile[]> {
    const staged: StagedFile[] = [];
    let missing = 0;
    // Files already here take no upload (the merge skips them); it checks again under its lock.
    const here = new Set((await listLabFilesOf(this.deps.db, user.id)).map(labFileKey));
    try {
      for (const file of doc.labFiles) {
        const bytes = file.archivePath ? archive.get(file.archivePath) : undefined;
        if (!bytes) {
          missing += 1;
          continue;
        }
        if (bytes.byteLength > this.deps.maxFileBytes) {
          notes.push(`The lab file "${file.fileName}" is larger than this installation takes, so it was not imported; its results were.`);
          continue;
        }
        let prepared: StagedFile['prepared'];
        try {
          prepared = await prepareUpload(bytes, file.fileName, this.deps.maxPixels);
        } catch {
          notes.push(`The lab file "${file.fileName}" could not be read, so it was not imported; its results were.`);
          continue;
        }
        const uploadedAt = new Date(file.uploadedAt);
        const needsReading = (file.status === 'queued' || file.status === 'reading') && !here.has(labFileKey({ fileName: prepared.fileName, createdAt: uploadedAt }));
        const plan = needsReading ? await this.takeUploadFor(user) : { use: null, keptUnread: null };
        staged.push({
          exportId: file.id,
          fileName: file.fileName,
          uploadedAt,
          status: file.status,
          testDate: file.testDate,
          errorMessage: file.errorMessage,
          prepared,
          ...plan,
        });
      }
    } catch (error) {
      await releaseUses(staged.flatMap((file) => (file.use ? [file.use] : [])), this.deps.log);
      throw error;
    }
    if (missing > 0) {
      notes.push(
        `${missing} original lab file${missing === 1 ? ' was' : 's were'} not in this file, so ${missing === 1 ? 'its' : 'their'} results were imported without ${missing === 1 ? 'it' : 'them'}. To bring the originals, export the CSV zip with the lab files and import that.`,
      );
    }
    return staged;
  }

  /** One of the plan's lab uploads for a file to read, or the plan's reason there is none. */
  private async takeUploadFor(user: User): Promise<{ use: PlanUse | null; keptUnread: string | null }> {
    try {
      return { use: await this.deps.entitlements.recordLabUpload(user), keptUnread: null };
    } catch (error) {
      if (error instanceof AppError && error.code === 'LIMIT_REACHED') return { use: null, keptUnread: error.message };
      throw error;
    }
  }

  /** Adds what the export holds and this account lacks, each kind matched its own way; nothing here is overwritten. */
  private async mergeExport(
    db: Db,
    user: User,
    doc: ExportImport,
    staged: StagedFile[],
    fileKeys: Map<string, string>,
    notes: string[],
  ): Promise<{ answer: ImportResult; unusedKeys: string[]; unusedUses: PlanUse[]; queued: number }> {
    await lockUserForImport(db, user.id);
    const merge: Merge = { db, userId: user.id, added: emptyCounts(), skipped: emptyCounts(), notes };
    if (doc.healthStats) await mergeHealthStats(merge, doc.healthStats);
    const supplements = await mergeSupplements(merge, doc.supplements);
    await mergeIntakeLogs(merge, doc.intakeLogs, supplements);
    await mergeNotes(merge, doc.notes);
    const files = await mergeLabFiles(merge, staged, fileKeys);
    await mergeLabResults(merge, doc.labResults, files.fileIds);
    await mergeMedications(merge, doc.medications);
    await mergeHealthMeasurements(merge, doc.healthMeasurements);
    await mergeBiomarkerTargets(merge, doc.biomarkerTargets);
    await mergeLabRetests(merge, doc.labRetests, doc.labResults);
    const { added, skipped } = merge;
    const answer: ImportResult = { ok: true, message: summary(added, skipped), kind: 'export', added, skipped, notes };
    return { answer, unusedKeys: files.unusedKeys, unusedUses: files.unusedUses, queued: files.queued };
  }

  // ─── A CSV of biomarker results ───────────────────────────────────────────────────────────────

  private async importBiomarkerCsv(user: User, text: string): Promise<ImportResult> {
    if (text.includes('\u0000')) throw AppError.validation('file', IMPORT_MESSAGES.unreadable);
    const rows = parseCsv(text);
    const header = rows.shift();
    if (!header) throw AppError.validation('file', IMPORT_MESSAGES.csvEmpty);
    const columns = header.cells.map((cell) => cell.trim().toLowerCase().replace(/[\s-]+/g, '_'));
    const index = (...names: string[]) => columns.findIndex((column) => names.includes(column));
    const at: CsvColumns = {
      name: index('name', 'biomarker', 'test'),
      value: index('value', 'result'),
      comparator: index('comparator'),
      unit: index('unit', 'units'),
      date: index('date', 'test_date', 'collected', 'collection_date'),
      low: index('reference_low', 'low', 'ref_low'),
      high: index('reference_high', 'high', 'ref_high'),
      text: index('reference_text', 'reference_range', 'range'),
    };
    if (at.name < 0 || at.value < 0 || at.unit < 0 || at.date < 0) throw AppError.validation('file', IMPORT_MESSAGES.csvHeader);
    if (rows.length === 0) throw AppError.validation('file', IMPORT_MESSAGES.csvEmpty);
    if (rows.length > IMPORT_CSV_MAX_ROWS) throw AppError.validation('file', IMPORT_MESSAGES.tooManyRows.replace('{max}', String(IMPORT_CSV_MAX_ROWS)));

    const today = localDateOf(this.now(), user.timeZone);
    const errors: { field: string; message: string }[] = [];
    const accepted: (ResolvedResult & { testDate: string })[] = [];
    for (const row of rows) {
      const read = readCsvResult((i) => (i >= 0 ? unguardCell(row.cells[i] ?? '').trim() : ''), at, today);
      if (typeof read === 'string') errors.push({ field: `row ${row.line}`, message: read });
      else accepted.push(read);
      if (errors.length >= MAX_DETAILS) break;
    }
    if (errors.length > 0) {
      throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.csvInvalid, { details: errors });
    }

    const added = emptyCounts();
    const skipped = emptyCounts();
    await this.deps.db.transaction(async (db) => {
      await lockUserForImport(db, user.id);
      const keys = new Set((await listLabResultsOf(db, user.id)).map(resultKey));
      const fresh: NewLabResult[] = [];
      for (const result of accepted) {
        const key = resultKey(result);
        if (keys.has(key)) {
          skipped.labResults += 1;
          continue;
        }
        keys.add(key);
        // Typed in by the user (or their lab's export): reviewed, as a manual entry is.
        fresh.push({ ...result, labFileId: null, reviewed: true, source: 'manual' });
      }
      await insertLabResultsFor(db, user.id, fresh);
      added.labResults = fresh.length;
    });
    return { ok: true, message: summary(added, skipped), kind: 'biomarker-csv', added, skipped, notes: [] };
  }
}

/** Where each field of a CSV of biomarker results is, by the header; -1 when absent. */
type CsvColumns = { name: number; value: number; comparator: number; unit: number; date: number; low: number; high: number; text: number };

/** One row of a CSV of biomarker results, checked as a typed result is; a message when it cannot be. */
function readCsvResult(cell: (column: number) => string, at: CsvColumns, today: string): (ResolvedResult & { testDate: string }) | string {
  const name = cell(at.name);
  const date = cell(at.date);
  const printed = readPrintedValue(cell(at.value), cell(at.comparator));
  const low = cell(at.low) !== '' ? parseNumber(cell(at.low)) : null;
  const high = cell(at.high) !== '' ? parseNumber(cell(at.high)) : null;
  if (!name) return 'The name is empty';
  if (typeof printed === 'string') return printed;
  if (!isRealDate(date)) return `The date "${date}" is not a date like 2025-01-31`;
  if (date > today) return `The date ${date} is in the future`;
  if (low === undefined || high === undefined) return 'The reference range is not a number';
  const resolved = resolveResult({ biomarker: name, ...printed, unit: cell(at.unit), referenceLow: low, referenceHigh: high, referenceText: cell(at.text) || null });
  return typeof resolved === 'string' ? resolved : { ...resolved, testDate: date };
}

/**
 * A value cell: a number, or a limit as labs print it and users type it ("< 0.5", "<0.5"). The
 * export writes the sign in its own comparator column; either way is read, and both must agree.
 */
function readPrintedValue(text: string, sign: string): { value: number; comparator: ValueComparator | null } | string {
  const { comparator: printed, number } = splitLimitSign(text);
  const value = parseNumber(number);
  if (value === undefined) return `The value "${text}" is not a number (use a dot for decimals)`;
  const column = sign === '' ? null : comparatorOf(sign);
  if (column === undefined) return `The comparator "${sign}" must be <, <=, > or >=`;
  if (printed && column && printed !== column) return `The value "${text}" and the comparator "${sign}" disagree`;
  return { value, comparator: printed ?? column };
}

/** What each part of an export's merge shares: the transaction, whose data it is, and what it counts and notes. */
type Merge = { db: Db; userId: string; added: ImportCounts; skipped: ImportCounts; notes: string[] };

/** Health stats: fill what is empty here; never overwrite what the user already has. */
async function mergeHealthStats({ db, userId, added, skipped }: Merge, stats: NonNullable<ExportImport['healthStats']>): Promise<void> {
  const existing = await findHealthStatsOf(db, userId);
  const incoming: HealthStatsValues = {
    weightLbs: stats.weight,
    heightInches: stats.height,
    gender: stats.gender,
    ethnicity: stats.ethnicity,
    dateOfBirth: stats.dateOfBirth,
    averageSleepMinutes: stats.averageSleep,
    allergies: stats.allergies,
  };
  const changes: HealthStatsValues = {};
  for (const [key, value] of Object.entries(incoming) as [keyof HealthStatsValues, unknown][]) {
    if (value === null || value === undefined) continue;
    if (existing && existing[key] !== null && existing[key] !== undefined) continue;
    (changes as Record<string, unknown>)[key] = value;
  }
  if (Object.keys(changes).length > 0) {
    await saveHealthStatsFor(db, userId, changes);
    added.healthStats = 1;
  } else skipped.healthStats = 1;
}

/** The stack after the merge: the export's supplement ids and the lower-cased names, each to the id here. */
type MergedSupplements = { byExportId: Map<string, string>; byName: Map<string, string>; referenceIdOf: (name: string) => Promise<string | null> };

/** Supplements, matched by name: the stack keeps one entry per supplement. */
async function mergeSupplements({ db, userId, added, skipped }: Merge, supplements: ExportImport['supplements']): Promise<MergedSupplements> {
  const byExportId = new Map<string, string>();
  const byName = new Map((await listSupplementsOf(db, userId)).map((row) => [row.name.toLowerCase(), row.id]));
  const referenceIds = new Map<string, string | null>();
  const referenceIdOf = async (name: string) => {
    const key = name.toLowerCase();
    if (!referenceIds.has(key)) referenceIds.set(key, await findReferenceIdByName(db, name));
    return referenceIds.get(key)!;
  };
  for (const supplement of supplements) {
    const key = supplement.name.trim().toLowerCase();
    const existing = byName.get(key);
    if (existing) {
      byExportId.set(supplement.id, existing);
      skipped.supplements += 1;
      continue;
    }
    const id = await insertSupplementFor(db, userId, {
      name: supplement.name.trim(),
      referenceSupplementId: await referenceIdOf(supplement.name),
      dosageAmount: supplement.dosageAmount,
      dosageUnit: supplement.dosageUnit,
      frequencyCount: supplement.frequencyCount,
      frequencyUnit: supplement.frequencyUnit,
      ...importedLabels(supplement),
      notes: supplement.notes,
      createdAt: new Date(supplement.createdAt),
      updatedAt: new Date(supplement.updatedAt),
    });
    byName.set(key, id);
    byExportId.set(supplement.id, id);
    added.supplements += 1;
  }
  return { byExportId, byName, referenceIdOf };
}

/** Intake: one log per supplement name and day. */
async function mergeIntakeLogs({ db, userId, added, skipped }: Merge, logs: ExportImport['intakeLogs'], supplements: MergedSupplements): Promise<void> {
  const logKeys = new Set((await listIntakeLogsOf(db, userId)).map((log) => `${log.localDate}|${log.name.toLowerCase()}`));
  const newLogs: NewIntakeLog[] = [];
  for (const log of logs) {
    const name = log.name.trim().toLowerCase();
    const key = `${log.date}|${name}`;
    if (logKeys.has(key)) {
      skipped.intakeLogs += 1;
      continue;
    }
    logKeys.add(key);
    newLogs.push({
      supplementId: (log.supplementId && supplements.byExportId.get(log.supplementId)) || supplements.byName.get(name) || null,
      referenceSupplementId: await supplements.referenceIdOf(log.name),
      localDate: log.date,
      takenAt: new Date(log.takenAt),
      name: log.name.trim(),
      dosageAmount: log.dosageAmount,
      dosageUnit: log.dosageUnit,
      frequencyCount: log.frequencyCount,
      frequencyUnit: log.frequencyUnit,
    });
  }
  await insertIntakeLogsFor(db, userId, newLogs);
  added.intakeLogs = newLogs.length;
}

/** Notes: one rating per day; other notes by their day, type and text. */
async function mergeNotes({ db, userId, added, skipped }: Merge, notes: ExportImport['notes']): Promise<void> {
  const existingNotes = await listNotesOf(db, userId);
  const ratingDays = new Set(existingNotes.filter((note) => note.energy !== null).map((note) => note.localDate));
  const noteKeys = new Set(existingNotes.filter((note) => note.energy === null).map((note) => `${note.type}|${note.localDate}|${note.content}`));
  const newNotes: NewNote[] = [];
  for (const note of notes) {
    const seen = note.ratings ? ratingDays : noteKeys;
    const key = note.ratings ? note.date : `${note.type}|${note.date}|${note.content}`;
    if (seen.has(key)) {
      skipped.notes += 1;
      continue;
    }
    seen.add(key);
    newNotes.push({
      type: note.type,
      localDate: note.date,
      content: note.content,
      summary: note.summary,
      energy: note.ratings?.energy ?? null,
      mood: note.ratings?.mood ?? null,
      sleep: note.ratings?.sleep ?? null,
      note: note.note,
      tags: note.tags,
      loggedAt: new Date(note.loggedAt),
    });
  }
  await insertNotesFor(db, userId, newNotes);
  added.notes = newNotes.length;
}

/** The lab files after the merge, and the stored copies and plan uses that a file already here made unneeded. */
type MergedLabFiles = { fileIds: Map<string, string>; unusedKeys: string[]; unusedUses: PlanUse[]; queued: number };

/** Lab files that travelled in the zip: matched to one already here by name and upload time. */
async function mergeLabFiles({ db, userId, notes }: Merge, staged: StagedFile[], fileKeys: Map<string, string>): Promise<MergedLabFiles> {
  const merged: MergedLabFiles = { fileIds: new Map(), unusedKeys: [], unusedUses: [], queued: 0 };
  const keptUnread: string[] = [];
  const existingFiles = new Map((await listLabFilesOf(db, userId)).map((file) => [labFileKey(file), file.id]));
  for (const file of staged) {
    const key = fileKeys.get(file.exportId)!;
    const existing = existingFiles.get(labFileKey({ fileName: file.prepared.fileName, createdAt: file.uploadedAt }));
    if (existing) {
      merged.fileIds.set(file.exportId, existing);
      merged.unusedKeys.push(key);
      if (file.use) merged.unusedUses.push(file.use);
      continue;
    }
    // A file read before the export keeps its state and results; one still waiting is read here
    // as one of the plan's uploads, or kept unread with the plan's reason.
    const { use } = file;
    if (file.keptUnread) keptUnread.push(file.keptUnread);
    const id = await insertLabFileFor(db, userId, {
      fileName: file.prepared.fileName,
      storageKey: key,
      contentType: file.prepared.contentType,
      kind: file.prepared.kind,
      sizeBytes: file.prepared.bytes.byteLength,
      status: use ? 'queued' : file.keptUnread ? 'failed' : file.status === 'needs_review' || file.status === 'failed' ? file.status : 'done',
      progress: use ? 0 : 100,
      errorCode: file.keptUnread ? KEPT_UNREAD_CODE : null,
      errorMessage: file.keptUnread ? `Imported without being read: ${file.keptUnread}` : file.errorMessage,
      testDate: file.testDate,
      createdAt: file.uploadedAt,
    });
    if (use) {
      await insertJob(db, { kind: LAB_EXTRACT_JOB, payload: { labFileId: id, userId, usageEventId: use.id }, userId });
      merged.queued += 1;
    }
    merged.fileIds.set(file.exportId, id);
  }
  const imported = staged.length - merged.unusedKeys.length;
  if (imported > 0) {
    notes.push(`${imported} original lab file${imported === 1 ? ' was' : 's were'} imported with ${imported === 1 ? 'its' : 'their'} results.`);
  }
  if (keptUnread.length > 0) {
    const one = keptUnread.length === 1;
    notes.push(`${keptUnread.length} lab file${one ? '' : 's'} waiting to be read ${one ? 'is' : 'are'} kept without being read: ${keptUnread[0]}`);
  }
  return merged;
}

/** Results: one per biomarker, day, value (with its sign, for a limit) and unit. */
async function mergeLabResults({ db, userId, added, skipped, notes }: Merge, results: ExportImport['labResults'], fileIds: Map<string, string>): Promise<void> {
  const resultKeys = new Set((await listLabResultsOf(db, userId)).map(resultKey));
  const newResults: NewLabResult[] = [];
  let unknown = 0;
  for (const result of results) {
    const resolved = resolveResult({
      biomarker: result.biomarker,
      fallbackName: result.name,
      value: result.value,
      comparator: result.comparator ?? null,
      unit: result.unit,
      referenceLow: result.referenceLow,
      referenceHigh: result.referenceHigh,
      referenceText: result.referenceText,
    });
    if (typeof resolved === 'string') {
      unknown += 1;
      continue;
    }
    const key = resultKey({ ...resolved, testDate: result.testDate });
    if (resultKeys.has(key)) {
      skipped.labResults += 1;
      continue;
    }
    resultKeys.add(key);
    newResults.push({
      ...resolved,
      flag: result.flag ?? resolved.flag,
      printedFlag: result.printedFlag,
      testDate: result.testDate,
      labFileId: (result.labFileId && fileIds.get(result.labFileId)) || null,
      reviewed: result.reviewed,
      source: result.source,
      unitFromRange: result.unitFromRange ?? false,
      readByModel: result.readByModel ?? false,
    });
  }
  await insertLabResultsFor(db, userId, newResults);
  added.labResults = newResults.length;
  if (unknown > 0) {
    notes.push(`${unknown} lab result${unknown === 1 ? '' : 's'} of biomarkers or units this installation does not know ${unknown === 1 ? 'was' : 'were'} left out.`);
  }
}

/** Medications: the same medicine at the same strength is the same one; the stack's limit holds. */
async function mergeMedications({ db, userId, added, skipped, notes }: Merge, medications: ExportImport['medications']): Promise<void> {
  const medicationKey = (row: { name: string; strength: string | null }) => `${row.name.trim().toLowerCase()}|${(row.strength ?? '').trim().toLowerCase()}`;
  const existingMedications = await listMedicationsOf(db, userId);
  const medicationKeys = new Set(existingMedications.map(medicationKey));
  let medicationCount = existingMedications.length;
  let overLimit = 0;
  for (const medication of medications) {
    const key = medicationKey(medication);
    if (medicationKeys.has(key)) {
      skipped.medications += 1;
      continue;
    }
    if (medicationCount >= MAX_MEDICATIONS_PER_USER) {
      overLimit += 1;
      continue;
    }
    medicationKeys.add(key);
    medicationCount += 1;
    await insertMedicationFor(db, userId, medicationFromExport(medication));
    added.medications += 1;
  }
  if (overLimit > 0) {
    notes.push(`${overLimit} medication${overLimit === 1 ? ' was' : 's were'} left out: a stack holds at most ${MAX_MEDICATIONS_PER_USER} medications.`);
  }
}

/**
 * Measurements keep the dedupe key the health import gave them (decision 031), so neither this
 * export nor the wearable's own file adds them twice.
 */
async function mergeHealthMeasurements({ db, userId, added, skipped }: Merge, rows: ExportImport['healthMeasurements']): Promise<void> {
  const measurements = new Map<string, NewHealthMeasurement>();
  for (const row of rows) {
    const measurement = measurementFromExport(row);
    if (!measurements.has(measurement.dedupeKey)) measurements.set(measurement.dedupeKey, measurement);
  }
  added.healthMeasurements = await insertHealthMeasurementsFor(db, userId, [...measurements.values()]);
  skipped.healthMeasurements = rows.length - added.healthMeasurements;
}

/**
 * The user's own targets, checked as the targets route checks them; a target the account already
 * has for the biomarker wins. One of a biomarker this installation does not know is left out.
 */
async function mergeBiomarkerTargets({ db, userId, added, skipped, notes }: Merge, targets: ExportImport['biomarkerTargets']): Promise<void> {
  let leftOut = 0;
  for (const target of targets) {
    let checked: ReturnType<typeof checkTarget>;
    try {
      checked = checkTarget(target);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      leftOut += 1;
      continue;
    }
    if (await insertBiomarkerTargetFor(db, userId, checked)) added.biomarkerTargets += 1;
    else skipped.biomarkerTargets += 1;
  }
  if (leftOut > 0) {
    notes.push(`${leftOut} biomarker target${leftOut === 1 ? ' was' : 's were'} left out: ${leftOut === 1 ? 'its' : 'their'} biomarker, unit or values are not ones this installation takes.`);
  }
}

/**
 * Planned retests, matched by biomarker and day. The account keeps one per biomarker, so a retest
 * it already plans for the biomarker, on any day, wins too. The retest points at its result again
 * when that result is here (imported just now or already present).
 */
async function mergeLabRetests({ db, userId, added, skipped, notes }: Merge, retests: ExportImport['labRetests'], results: ExportImport['labResults']): Promise<void> {
  if (retests.length === 0) return;
  const exportedKeys = new Map<string, string>();
  for (const result of results) {
    const resolved = resolveResult({ ...result, fallbackName: result.name });
    if (typeof resolved !== 'string') exportedKeys.set(result.id, resultKey({ ...resolved, testDate: result.testDate }));
  }
  const storedIds = new Map((await listLabResultsOf(db, userId)).map((row) => [resultKey(row), row.id]));
  let unknown = 0;
  for (const retest of retests) {
    const marker = findMarker(retest.biomarker);
    if (!marker) {
      unknown += 1;
      continue;
    }
    const key = retest.resultId ? exportedKeys.get(retest.resultId) : undefined;
    const saved = await insertLabRetestFor(db, userId, {
      biomarkerKey: marker.key,
      resultId: (key && storedIds.get(key)) || null,
      dueDate: retest.dueDate,
      // A reminder already sent is not sent again from the new account.
      sentAt: retest.remindedAt ? new Date(retest.remindedAt) : null,
      createdAt: new Date(retest.createdAt),
    });
    if (saved) added.labRetests += 1;
    else skipped.labRetests += 1;
  }
  if (unknown > 0) {
    notes.push(`${unknown} planned retest${unknown === 1 ? '' : 's'} of biomarkers this installation does not know ${unknown === 1 ? 'was' : 'were'} left out.`);
  }
}

/** A medication of an export as it is stored. */
export function medicationFromExport(row: ExportMedication): NewMedication {
  return {
    name: row.name.trim(),
    strength: row.strength?.trim() || null,
    schedule: row.schedule?.trim() || null,
    startedOn: row.startedOn,
    note: row.note,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

/** A measurement of an export as it is stored; one without a key gets the key its times and value would have had. */
export function measurementFromExport(row: ExportHealthMeasurement): NewHealthMeasurement {
  const startAt = new Date(row.startAt);
  const endAt = new Date(row.endAt);
  const key = row.key ?? dedupeKey(row.source, { kind: row.kind, origin: row.origin, startAt, endAt, day: row.day, value: row.value });
  return { source: row.source, origin: row.origin, kind: row.kind, startAt, endAt, day: row.day, value: row.value, unit: row.unit, dedupeKey: key };
}

/** Takes back plan uses whose files were not kept (a failed import, or files already here). */
async function releaseUses(uses: PlanUse[], log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  for (const use of uses) {
    await use.release().catch((error: unknown) => log.warn({ err: error }, 'could not take back a lab upload use'));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw AppError.validation('file', IMPORT_MESSAGES.unreadable);
  }
}

function parseNumber(text: string): number | undefined {
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function invalidExport(error: z.ZodError): AppError {
  const details = error.issues.slice(0, MAX_DETAILS).map((issue) => ({ field: issue.path.join('.') || 'file', message: issue.message }));
  return new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.invalidExport, { details });
}

/** A lab file is the same one when its name and upload time match. */
function labFileKey(file: { fileName: string; createdAt: Date }): string {
  return `${file.fileName}|${file.createdAt.toISOString()}`;
}

/** "< 0.5" and 0.5 are different results. */
function resultKey(result: { biomarkerKey: string; testDate: string; value: number; comparator?: ValueComparator | null; unit: string }): string {
  return `${result.biomarkerKey}|${result.testDate}|${result.comparator ?? ''}${result.value}|${result.unit.trim().toLowerCase()}`;
}

/** A result checked against the catalogue as a typed one is (labs.service.ts); a message when it cannot be. */
function resolveResult(input: {
  biomarker: string;
  fallbackName?: string;
  value: number;
  /** A limit as printed ("<" 0.5); null or absent for an exact value. */
  comparator?: ValueComparator | null;
  unit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
  referenceText: string | null;
}): ResolvedResult | string {
  const marker = findMarker(input.biomarker) ?? (input.fallbackName ? findMarker(input.fallbackName) : undefined);
  if (!marker) return `Unknown biomarker "${input.biomarker}"`;
  const def = unitDefFor(marker, input.unit);
  if (!def) return `"${input.unit}" is not a unit for ${marker.name}; use one of ${[...new Set(marker.units.map((u) => u.unit))].join(', ')}`;
  const canonicalValue = toCanonicalValue(def, input.value);
  if (!isPlausible(marker, canonicalValue)) return `${input.value} ${input.unit} is not a plausible ${marker.name} value; check the value and its unit`;
  if (input.referenceLow !== null && input.referenceHigh !== null && input.referenceLow > input.referenceHigh) {
    return 'The low end of the reference range is above its high end';
  }
  return {
    biomarkerKey: marker.key,
    name: marker.name,
    category: marker.category,
    loinc: loincFor(marker, def.unit),
    value: input.value,
    comparator: input.comparator ?? null,
    unit: input.unit === '' ? def.unit : input.unit,
    canonicalValue,
    canonicalUnit: marker.canonicalUnit,
    referenceLow: input.referenceLow,
    referenceHigh: input.referenceHigh,
    referenceText:
      input.referenceText ?? (input.referenceLow !== null || input.referenceHigh !== null ? `${input.referenceLow ?? ''} - ${input.referenceHigh ?? ''}`.trim() : null),
    flag: computeFlag(input.value, input.referenceLow, input.referenceHigh, false, input.comparator),
    printedFlag: null,
  };
}

function summary(added: ImportCounts, skipped: ImportCounts): string {
  const parts = (counts: ImportCounts) =>
    [
      [counts.supplements, 'supplement', 'supplements'],
      [counts.intakeLogs, 'intake log', 'intake logs'],
      [counts.notes, 'note or rating', 'notes and ratings'],
      [counts.labResults, 'lab result', 'lab results'],
      [counts.healthStats, 'set of health stats', 'sets of health stats'],
      [counts.medications, 'medication', 'medications'],
      [counts.healthMeasurements, 'health measurement', 'health measurements'],
      [counts.biomarkerTargets, 'biomarker target', 'biomarker targets'],
      [counts.labRetests, 'planned retest', 'planned retests'],
    ]
      .filter(([count]) => (count as number) > 0)
      .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
  const addedText = parts(added);
  const skippedTotal = Object.values(skipped).reduce((sum, n) => sum + n, 0);
  const head = addedText.length > 0 ? `Imported ${addedText.join(', ')}.` : 'Nothing new to import.';
  return skippedTotal > 0 ? `${head} ${skippedTotal} already in your account ${skippedTotal === 1 ? 'was' : 'were'} skipped.` : head;
}

/** A supplement's strength, nutrient content and schedule from an export (decision 029); none in older ones. */
function importedLabels(supplement: { strength?: string | null; nutrientContent?: string | null; schedule?: ScheduleInput | null; createdAt: string }) {
  const strength = supplement.strength ? parseLabelAmount(supplement.strength, STRENGTH_MESSAGES) : null;
  const content = supplement.nutrientContent ? parseLabelAmount(supplement.nutrientContent, CONTENT_MESSAGES) : null;
  const label = (value: typeof strength) => (value && typeof value !== 'string' ? value : null);
  const schedule = supplement.schedule ? { ...supplement.schedule, startDate: supplement.schedule.startDate ?? supplement.createdAt.slice(0, 10) } : null;
  return {
    strengthAmount: label(strength)?.amount ?? null,
    strengthUnit: label(strength)?.unit ?? null,
    strengthOf: label(strength)?.of ?? null,
    contentAmount: label(content)?.amount ?? null,
    contentUnit: label(content)?.unit ?? null,
    contentOf: label(content)?.of ?? null,
    schedule,
  };
}
