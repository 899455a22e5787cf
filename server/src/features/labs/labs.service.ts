import type { FastifyBaseLogger } from 'fastify';
import type { BiomarkerCategory, ValueComparator } from '#contract/biomarkers.ts';
import {
  type BiomarkerReadings,
  type BiomarkerSeries,
  type BiomarkerTarget,
  type BiomarkerTargetBody,
  type LabAttentionItem,
  type LabRetest,
  type ChartDataResponse,
  type LabFile,
  type LabModelReading,
  type LabResult,
  type LabResultInput,
  type LabReviewRow,
  type OwnBiomarker,
  type SeriesResponse,
  type SupplementPeriod,
  LAB_MESSAGES,
  SUPPLEMENT_PERIOD_GAP_DAYS,
} from '#contract/labs.ts';
import { localDateOf } from '#contract/dates.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { EntitlementsService } from '#server/features/usage/entitlements.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { notifyJobQueued } from '#server/jobs/job-worker.ts';
import { computeFlag } from '#contract/lab-values.ts';
import { renderPageInWorker } from '#server/labs/extract/run-in-worker.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import {
  catalogueEntries,
  findMarker,
  fromCanonical,
  isPlausible,
  loincFor,
  siUnitOf,
  toCanonicalValue,
  unitDefFor,
} from './labs.catalogue.ts';
import { LAB_EXTRACT_JOB } from './labs.jobs.ts';
import { OPTIMAL_RANGES, type RangeProfile, type RangeSource, chooseReferenceRange, rangeProfile } from './labs.ranges.ts';
import { type TargetRow, acceptRetest, attentionList, cancelRetest, deleteTarget, ownBiomarkerKey, listTargets, saveTarget, targetsOf } from './labs.targets.ts';
import {
  type LabFileWithCounts,
  type LabResultRow,
  type LabReviewRowRow,
  type NewLabResult,
  type OwnBiomarkerRow,
  type PrintedRange,
  deleteReviewRow,
  findOrCreateOwnBiomarker,
  findRangeProfileStats,
  findOwnBiomarker,
  findReadWithModel,
  saveReadWithModel,
  findReviewRow,
  listOwnBiomarkers,
  listReviewRows,
  resolveReviewRow,
  chartDataPage,
  confirmFile,
  deleteLabFile,
  deleteLabResult,
  findLabFile,
  findLabResult,
  insertLabFileWithJob,
  insertLabResult,
  listFileResults,
  listLabFiles,
  listBiomarkerResults,
  listManualResults,
  listSeriesByBiomarker,
  listStorageKeys,
  listSupplementLogDays,
  setFileTestDate,
  updateLabResult,
} from './labs.repository.ts';
import { newStorageKey, prepareUpload } from './labs.uploads.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = {
  db: Db;
  store: FileStore;
  entitlements: EntitlementsService;
  limits: Config['labs'];
  /** The host of the configured AI model, which may read reports' text for users who allow it; null without a model. */
  modelHost: string | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/** Lab files, their results and their review, chart data and series. Every call is scoped to one user. */
export class LabsService {
  constructor(private readonly deps: Dependencies) {}

  get maxBytes(): number {
    return this.deps.limits.maxBytes;
  }

  /**
   * Counts the upload against the plan first (refusals cost the user nothing), then reads, checks,
   * stores and queues the file. Any failure after counting takes the use back.
   */
  async upload(user: User, read: () => Promise<{ fileName: string; bytes: Uint8Array }>): Promise<LabFile> {
    const { db, store } = this.deps;
    const use = await this.deps.entitlements.recordLabUpload(user);
    let storedKey: string | undefined;
    try {
      const { fileName, bytes } = await read();
      const prepared = await prepareUpload(bytes, fileName, this.deps.limits.maxPixels);
      const key = newStorageKey(user.id);
      await store.put(key, prepared.bytes, prepared.contentType);
      storedKey = key;
      const file = await insertLabFileWithJob(
        db,
        {
          userId: user.id,
          fileName: prepared.fileName,
          storageKey: key,
          contentType: prepared.contentType,
          kind: prepared.kind,
          sizeBytes: prepared.bytes.byteLength,
        },
        (row) => ({ kind: LAB_EXTRACT_JOB, payload: { labFileId: row.id, userId: user.id, usageEventId: use.id }, userId: user.id }),
      );
      notifyJobQueued(LAB_EXTRACT_JOB);
      return toLabFileDto({ ...file, resultCount: 0, unreviewedCount: 0, reviewRowCount: 0 });
    } catch (error) {
      await use.release().catch((releaseError: unknown) => this.deps.log.error({ err: releaseError }, 'could not take back a lab upload use'));
      if (storedKey) await store.delete(storedKey).catch(() => {});
      throw error;
    }
  }

  async modelReading(userId: string): Promise<LabModelReading> {
    const { modelHost } = this.deps;
    return { available: modelHost !== null, enabled: modelHost !== null && (await findReadWithModel(this.deps.db, userId)), host: modelHost };
  }

  async setModelReading(userId: string, enabled: boolean): Promise<LabModelReading> {
    if (enabled && this.deps.modelHost === null) throw AppError.validation('enabled', LAB_MESSAGES.noModel);
    await saveReadWithModel(this.deps.db, userId, enabled);
    return this.modelReading(userId);
  }

  async list(userId: string): Promise<LabFile[]> {
    return (await listLabFiles(this.deps.db, userId)).map(toLabFileDto);
  }

  async get(userId: string, id: string): Promise<LabFile> {
    return toLabFileDto(await this.requireFile(userId, id));
  }

  /** Removes the file's row, results and job, then its bytes; a store failure leaves only an orphan object, logged. */
  async remove(userId: string, id: string): Promise<void> {
    const key = await deleteLabFile(this.deps.db, userId, id);
    if (!key) throw AppError.notFound(LAB_MESSAGES.notFound);
    await this.deps.store.delete(key).catch((error: unknown) => {
      this.deps.log.warn({ err: error, storageKey: key }, 'lab file deleted but its stored bytes could not be removed');
    });
  }

  /**
   * For account deletion: removes every stored file of the user. Call before deleting the user
   * row (its lab rows cascade with it, the bytes in the file store do not).
   */
  async removeAllStoredFiles(userId: string): Promise<number> {
    const keys = await listStorageKeys(this.deps.db, userId);
    for (const key of keys) await this.deps.store.delete(key);
    return keys.length;
  }

  async download(userId: string, id: string): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
    const file = await this.requireFile(userId, id);
    const bytes = await this.deps.store.get(file.storageKey);
    return { fileName: file.fileName, contentType: file.contentType, bytes };
  }

  async results(userId: string, fileId: string): Promise<{ file: LabFile; results: LabResult[]; reviewRows: LabReviewRow[] }> {
    const file = await this.requireFile(userId, fileId);
    const [rows, reviewRows] = await Promise.all([listFileResults(this.deps.db, userId, fileId), listReviewRows(this.deps.db, userId, fileId)]);
    return { file: toLabFileDto(file), results: rows.map(toLabResultDto), reviewRows: reviewRows.map(toReviewRowDto) };
  }

  /**
   * A page of the report as an image, for review beside the table: a PDF page drawn in an
   * extraction worker (time and memory capped, like reading), an image as it was uploaded.
   */
  async pageImage(userId: string, fileId: string, page: number): Promise<{ contentType: string; bytes: Buffer }> {
    const file = await this.requireFile(userId, fileId);
    const missing = () => AppError.notFound('This page is not in the file');
    if (file.kind === 'png' || file.kind === 'jpeg') {
      if (page !== 1) throw missing();
      return { contentType: file.contentType, bytes: await this.deps.store.get(file.storageKey) };
    }
    if (file.kind !== 'pdf' || (file.pageCount !== null && page > file.pageCount)) throw missing();
    const bytes = await this.deps.store.get(file.storageKey);
    const outcome = await renderPageInWorker(bytes, page, {
      width: 1200,
      timeoutMs: this.deps.limits.extractTimeoutMs,
      maxOldGenerationSizeMb: this.deps.limits.extractMemoryMb,
    });
    if (!outcome.ok) throw missing();
    return { contentType: 'image/png', bytes: Buffer.from(outcome.image.buffer, outcome.image.byteOffset, outcome.image.byteLength) };
  }

  /** The user's own biomarkers, for the review's picker and the correction form. */
  async ownBiomarkers(userId: string): Promise<OwnBiomarker[]> {
    return (await listOwnBiomarkers(this.deps.db, userId)).map(toOwnBiomarkerDto);
  }

  /**
   * A row waiting for review becomes a result as the user says: mapped to a biomarker (catalogue
   * or their own), an implausible value confirmed, or corrected. It counts as reviewed.
   */
  async saveReviewRow(userId: string, rowId: string, input: LabResultInput & { testDate?: string | undefined }): Promise<LabResult> {
    const row = await this.requireReviewRow(userId, rowId);
    const file = await this.requireFile(userId, row.labFileId);
    const resolved = await this.resolveResult(userId, input);
    return this.storeReviewRow(row, {
      ...resolved,
      printedFlag: row.printedFlag,
      userId,
      labFileId: row.labFileId,
      testDate: input.testDate ?? file.testDate ?? file.createdAt.toISOString().slice(0, 10),
      reviewed: true,
      source: 'extracted',
      box: row.box,
    });
  }

  /** An unrecognised row kept as the user's own biomarker, with its value and range as printed. */
  async keepReviewRowAsOwn(userId: string, rowId: string, input: { name: string; unit: string }): Promise<LabResult> {
    const row = await this.requireReviewRow(userId, rowId);
    if (row.kind !== 'unrecognised' || row.value === null) throw AppError.validation('name', 'Only a row we could not recognise can be kept as your own biomarker');
    const file = await this.requireFile(userId, row.labFileId);
    const own = await findOrCreateOwnBiomarker(this.deps.db, userId, input.name, input.unit);
    if (own.unit.toLowerCase() !== input.unit.toLowerCase()) {
      throw AppError.validation('unit', `${LAB_MESSAGES.ownBiomarkerUnit} (${own.unit || 'no unit'})`);
    }
    return this.storeReviewRow(row, {
      ...ownResult(own, row.value, null, { low: row.referenceLow, high: row.referenceHigh, text: row.referenceText }),
      printedFlag: row.printedFlag,
      userId,
      labFileId: row.labFileId,
      testDate: file.testDate ?? file.createdAt.toISOString().slice(0, 10),
      reviewed: true,
      source: 'extracted',
      box: row.box,
    });
  }

  /** The row does not belong among the user's results (a header read as a row, a duplicate). */
  async dismissReviewRow(userId: string, rowId: string): Promise<void> {
    if (!(await deleteReviewRow(this.deps.db, userId, rowId))) throw AppError.notFound(LAB_MESSAGES.reviewRowNotFound);
  }

  private async requireReviewRow(userId: string, rowId: string): Promise<LabReviewRowRow> {
    const row = await findReviewRow(this.deps.db, userId, rowId);
    if (!row) throw AppError.notFound(LAB_MESSAGES.reviewRowNotFound);
    return row;
  }

  private async storeReviewRow(row: LabReviewRowRow, result: NewLabResult): Promise<LabResult> {
    const stored = await resolveReviewRow(this.deps.db, row.userId, row.id, result);
    if (!stored) throw AppError.notFound(LAB_MESSAGES.reviewRowNotFound);
    return toLabResultDto(stored);
  }

  /**
   * One biomarker's page: a catalogue key or one of the user's own ("own:<id>"), and every
   * result of it the user has, newest first, with its report. Not found for a biomarker neither
   * the catalogue nor this user has, so another user's own biomarker is not found either.
   */
  async biomarkerReadings(userId: string, key: string): Promise<BiomarkerReadings> {
    const ownId = OWN_KEY.exec(key)?.[1];
    const own = ownId ? await findOwnBiomarker(this.deps.db, userId, ownId) : undefined;
    const marker = ownId ? undefined : findMarker(key);
    const biomarker = own ? { biomarker: ownKey(own.id), name: own.name, category: 'other' as const } : marker && { biomarker: marker.key, name: marker.name, category: marker.category };
    if (!biomarker) throw AppError.notFound(LAB_MESSAGES.biomarkerNotFound);
    const rows = await listBiomarkerResults(this.deps.db, userId, biomarker.biomarker);
    return {
      ...biomarker,
      readings: rows.map((row) => ({
        ...toLabResultDto(row),
        report: row.labFileId && row.fileName !== null ? { id: row.labFileId, fileName: row.fileName, fileUrl: fileUrlOf(row.labFileId) } : null,
      })),
    };
  }

  async manualResults(userId: string): Promise<LabResult[]> {
    return (await listManualResults(this.deps.db, userId)).map(toLabResultDto);
  }

  /** A result the user adds to a file: reviewed, and on the file's date unless given one. */
  async addToFile(userId: string, fileId: string, input: LabResultInput & { testDate?: string | undefined }): Promise<LabResult> {
    const file = await this.requireFile(userId, fileId);
    const testDate = input.testDate ?? file.testDate ?? file.createdAt.toISOString().slice(0, 10);
    const row = await insertLabResult(this.deps.db, {
      ...(await this.resolveResult(userId, input)),
      userId,
      labFileId: fileId,
      testDate,
      reviewed: true,
      source: 'manual',
    });
    return toLabResultDto(row);
  }

  /** A result typed in with no file. */
  async addManual(userId: string, input: LabResultInput & { testDate: string }): Promise<LabResult> {
    const row = await insertLabResult(this.deps.db, {
      ...(await this.resolveResult(userId, input)),
      userId,
      labFileId: null,
      testDate: input.testDate,
      reviewed: true,
      source: 'manual',
    });
    return toLabResultDto(row);
  }

  /** A correction: the result takes the new values and counts as reviewed. */
  async updateResult(userId: string, id: string, input: LabResultInput & { testDate?: string | undefined }): Promise<LabResult> {
    const existing = await findLabResult(this.deps.db, userId, id);
    if (!existing) throw AppError.notFound(LAB_MESSAGES.resultNotFound);
    const row = await updateLabResult(this.deps.db, userId, id, {
      ...(await this.resolveResult(userId, input)),
      printedFlag: existing.printedFlag,
      ...(input.testDate ? { testDate: input.testDate } : {}),
      reviewed: true,
      // The value and unit are now the ones the user gave.
      unitFromRange: false,
      readByModel: false,
    });
    if (!row) throw AppError.notFound(LAB_MESSAGES.resultNotFound);
    return toLabResultDto(row);
  }

  async removeResult(userId: string, id: string): Promise<void> {
    if (!(await deleteLabResult(this.deps.db, userId, id))) throw AppError.notFound(LAB_MESSAGES.resultNotFound);
  }

  async setTestDate(userId: string, fileId: string, testDate: string): Promise<{ file: LabFile; results: LabResult[]; reviewRows: LabReviewRow[] }> {
    await this.requireFile(userId, fileId);
    await setFileTestDate(this.deps.db, userId, fileId, testDate);
    return this.results(userId, fileId);
  }

  /** The user has checked the file's results: all are marked reviewed and the file is done. */
  async confirm(userId: string, fileId: string): Promise<{ file: LabFile; results: LabResult[]; reviewRows: LabReviewRow[] }> {
    const file = await this.requireFile(userId, fileId);
    if (file.status === 'queued' || file.status === 'reading') {
      throw new AppError('CONFLICT', 'This file is still being read; confirm its results once they are shown');
    }
    // Results without a test date would be charted on the upload day: ask for the date first.
    if (!file.testDate) throw new AppError('VALIDATION_FAILED', LAB_MESSAGES.testDateNeeded);
    // Unknown names and implausible values are not results until the user decides on each.
    if (file.reviewRowCount > 0) throw new AppError('VALIDATION_FAILED', LAB_MESSAGES.reviewRowsPending);
    await confirmFile(this.deps.db, userId, fileId);
    return this.results(userId, fileId);
  }

  async chartData(userId: string, page: number, pageSize: number): Promise<ChartDataResponse> {
    const { rows, total } = await chartDataPage(this.deps.db, userId, page, pageSize);
    return {
      success: true,
      data: rows.map((row) => ({
        name: row.name,
        value: row.value,
        testDate: row.testDate,
        unit: row.unit,
        category: row.category as BiomarkerCategory,
      })),
      pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
    };
  }

  /** One series per biomarker in one unit (product.md, Labs), and the supplement periods to shade. */
  async series(user: User, units: 'canonical' | 'conventional' | 'si' | undefined): Promise<SeriesResponse> {
    const system = units === 'si' || (units === undefined && user.unitSystem === 'metric') ? 'si' : 'conventional';
    const [stored, logDays, own, stats, targetRows] = await Promise.all([
      listSeriesByBiomarker(this.deps.db, user.id),
      listSupplementLogDays(this.deps.db, user.id),
      listOwnBiomarkers(this.deps.db, user.id),
      findRangeProfileStats(this.deps.db, user.id),
      listTargets(this.deps.db, user.id),
    ]);
    const targets = new Map(targetRows.map((row) => [row.biomarkerKey, row]));
    const profile = rangeProfile(stats, localDateOf(new Date(), user.timeZone));
    const ownByKey = new Map(own.map((row) => [ownKey(row.id), row]));
    const series: BiomarkerSeries[] = [];
    for (const columns of stored) {
      const mine = ownByKey.get(columns.biomarkerKey);
      if (mine) {
        // The user's own biomarker: one unit, as kept, in either unit system.
        const range = columns.latestRangeByUnit.find((r) => r.unit.toLowerCase() === mine.unit.toLowerCase());
        series.push({
          name: mine.name,
          biomarker: columns.biomarkerKey,
          unit: mine.unit,
          category: 'other',
          points: { testDates: columns.testDates, values: columns.canonicalValues, comparators: columns.comparators, flags: columns.flags, reviewed: columns.reviewed },
          referenceRange: { low: range?.referenceLow ?? null, high: range?.referenceHigh ?? null },
          referenceSource: range ? 'report' : 'typical',
          optimalRange: null,
          target: targets.has(columns.biomarkerKey) ? { low: targets.get(columns.biomarkerKey)!.low, high: targets.get(columns.biomarkerKey)!.high } : null,
        });
        continue;
      }
      const marker = findMarker(columns.biomarkerKey);
      if (!marker) {
        this.deps.log.warn({ biomarker: columns.biomarkerKey }, 'series: a stored biomarker is not in the catalogue; skipped');
        continue;
      }
      const display = system === 'si' ? siUnitOf(marker) : { unit: marker.canonicalUnit, factor: 1 };
      const convert = (canonical: number) => fromCanonical(display, canonical);
      series.push({
        name: marker.name,
        biomarker: marker.key,
        unit: display.unit,
        category: marker.category,
        points: { testDates: columns.testDates, values: columns.canonicalValues.map(convert), comparators: columns.comparators, flags: columns.flags, reviewed: columns.reviewed },
        ...seriesRange(marker, columns.latestRangeByUnit, profile, convert),
        ...seriesTargets(marker.key, targets.get(marker.key), convert),
      });
    }
    series.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
    return { units: system, series, supplementPeriods: supplementPeriods(logDays) };
  }

  catalogue() {
    return catalogueEntries();
  }

  targets(userId: string): Promise<BiomarkerTarget[]> {
    return targetsOf(this.deps.db, userId);
  }

  setTarget(userId: string, body: BiomarkerTargetBody): Promise<BiomarkerTarget> {
    return saveTarget(this.deps.db, userId, body);
  }

  removeTarget(userId: string, biomarker: string): Promise<void> {
    return deleteTarget(this.deps.db, userId, biomarker);
  }

  /** Latest results out of range or off target, for the dashboard's Bloodwork card (decision 040). */
  attention(user: User): Promise<LabAttentionItem[]> {
    return attentionList(this.deps.db, user);
  }

  acceptRetest(user: User, resultId: string): Promise<LabRetest> {
    return acceptRetest(this.deps.db, user, resultId);
  }

  cancelRetest(userId: string, id: string): Promise<void> {
    return cancelRetest(this.deps.db, userId, id);
  }

  /**
   * Checks a typed result: a biomarker of the catalogue or of the user's own, one of its units,
   * and a value a living person can have unless the user confirms it is what the report prints.
   */
  private async resolveResult(userId: string, input: LabResultInput): Promise<Omit<NewLabResult, 'userId' | 'labFileId' | 'testDate' | 'reviewed' | 'source'>> {
    const ownId = /^own:([0-9a-f-]{36})$/i.exec(input.biomarker.trim())?.[1];
    if (ownId) {
      const own = await findOwnBiomarker(this.deps.db, userId, ownId);
      if (!own) throw AppError.validation('biomarker', `Unknown biomarker "${input.biomarker}"; pick one from the list`);
      if (input.unit.toLowerCase() !== own.unit.toLowerCase()) throw AppError.validation('unit', `${LAB_MESSAGES.ownBiomarkerUnit} (${own.unit || 'no unit'})`);
      return ownResult(own, input.value, input.comparator ?? null, typedRange(input));
    }
    return resolveCatalogueResult(input);
  }

  private async requireFile(userId: string, id: string): Promise<LabFileWithCounts> {
    const file = await findLabFile(this.deps.db, userId, id);
    if (!file) throw AppError.notFound(LAB_MESSAGES.notFound);
    return file;
  }
}

type ResolvedResult = Omit<NewLabResult, 'userId' | 'labFileId' | 'testDate' | 'reviewed' | 'source'>;

/** Checks a typed result against the catalogue: a known biomarker, one of its units, a plausible (or confirmed) value. */
function resolveCatalogueResult(input: LabResultInput): ResolvedResult {
  const marker = findMarker(input.biomarker);
  if (!marker) throw AppError.validation('biomarker', `Unknown biomarker "${input.biomarker}"; pick one from the list`);
  const def = unitDefFor(marker, input.unit);
  if (!def) {
    const units = [...new Set(marker.units.map((u) => u.unit))].join(', ');
    throw AppError.validation('unit', `"${input.unit}" is not a unit for ${marker.name}; use one of ${units}`);
  }
  const canonicalValue = toCanonicalValue(def, input.value);
  if (!isPlausible(marker, canonicalValue) && input.confirmImplausible !== true) {
    throw AppError.validation('confirmImplausible', implausibleMessage(input.value, input.unit, marker.name));
  }
  const { low, high, text } = typedRange(input);
  const comparator = input.comparator ?? null;
  return {
    biomarkerKey: marker.key,
    name: marker.name,
    category: marker.category,
    loinc: loincFor(marker, def.unit),
    value: input.value,
    comparator,
    unit: input.unit === '' ? def.unit : input.unit,
    canonicalValue,
    canonicalUnit: marker.canonicalUnit,
    referenceLow: low,
    referenceHigh: high,
    referenceText: text,
    flag: computeFlag(input.value, low, high, false, comparator),
    printedFlag: null,
  };
}

/** The text a user sees when a value is far outside what is possible (product.md, Labs, review). */
export function implausibleMessage(value: number, unit: string, name: string): string {
  return `${value} ${unit} is far outside what is possible for ${name}. Check it against your report: correct it, or confirm it is what the report prints.`;
}

function typedRange(input: LabResultInput): { low: number | null; high: number | null; text: string | null } {
  const low = input.referenceLow ?? null;
  const high = input.referenceHigh ?? null;
  if (low !== null && high !== null && low > high) {
    throw AppError.validation('referenceLow', 'The low end of the reference range is above its high end');
  }
  return { low, high, text: input.referenceText ?? (low !== null || high !== null ? `${low ?? ''} - ${high ?? ''}`.trim() : null) };
}

const ownKey = ownBiomarkerKey;
/** An own biomarker's key, "own:" and its id. */
const OWN_KEY = /^own:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function fileUrlOf(fileId: string): string {
  return `/api/labs/${fileId}/file`;
}

/** A result of the user's own biomarker: stored in its one unit, so its canonical value is the value. */
function ownResult(own: OwnBiomarkerRow, value: number, comparator: ValueComparator | null, range: { low: number | null; high: number | null; text: string | null }): ResolvedResult {
  return {
    biomarkerKey: ownKey(own.id),
    name: own.name,
    category: 'other',
    loinc: null,
    value,
    comparator,
    unit: own.unit,
    canonicalValue: value,
    canonicalUnit: own.unit,
    referenceLow: range.low,
    referenceHigh: range.high,
    referenceText: range.text,
    flag: computeFlag(value, range.low, range.high, false, comparator),
    printedFlag: null,
  };
}

function toOwnBiomarkerDto(row: OwnBiomarkerRow): OwnBiomarker {
  return { key: ownKey(row.id), name: row.name, unit: row.unit };
}

export function toReviewRowDto(row: LabReviewRowRow): LabReviewRow {
  return {
    id: row.id,
    labFileId: row.labFileId,
    kind: row.kind,
    name: row.name,
    biomarker: row.biomarkerKey,
    value: row.value,
    unit: row.unit,
    referenceRange: { low: row.referenceLow, high: row.referenceHigh, text: row.referenceText },
    printedFlag: row.printedFlag,
    box: row.box ?? null,
  };
}

/**
 * The latest printed range (in a unit the catalogue knows) converted to the series unit; else the
 * band for the user's sex and age; else the catalogue's typical adult range (decision 040).
 */
function seriesRange(
  marker: NonNullable<ReturnType<typeof findMarker>>,
  latestRangeByUnit: PrintedRange[],
  profile: RangeProfile,
  convert: (canonical: number) => number,
): { referenceRange: { low: number | null; high: number | null }; referenceSource: RangeSource } {
  let printed: { low: number | null; high: number | null } | null = null;
  for (const range of latestRangeByUnit) {
    const def = unitDefFor(marker, range.unit);
    if (!def) continue;
    printed = {
      low: range.referenceLow === null ? null : toCanonicalValue(def, range.referenceLow),
      high: range.referenceHigh === null ? null : toCanonicalValue(def, range.referenceHigh),
    };
    break;
  }
  const chosen = chooseReferenceRange({ biomarker: marker.key, profile, printed, typical: marker.typical });
  const display = (value: number | null) => (value === null ? null : convert(value));
  return { referenceRange: { low: display(chosen.low), high: display(chosen.high) }, referenceSource: chosen.source };
}

/** The optimal range with its source and the user's own target, in the series unit (decision 040). */
function seriesTargets(key: string, own: TargetRow | undefined, convert: (canonical: number) => number): Pick<BiomarkerSeries, 'optimalRange' | 'target'> {
  const display = (value: number | null) => (value === null ? null : convert(value));
  const optimal = OPTIMAL_RANGES[key];
  return {
    optimalRange: optimal ? { ...optimal, low: display(optimal.low), high: display(optimal.high) } : null,
    target: own ? { low: display(own.low), high: display(own.high) } : null,
  };
}

/** First to last logged day per supplement name, split where more than 7 days pass between logs. */
export function supplementPeriods(days: { name: string; day: string }[]): SupplementPeriod[] {
  const periods: SupplementPeriod[] = [];
  let current: SupplementPeriod | undefined;
  const sorted = [...days].sort((a, b) => a.name.localeCompare(b.name) || a.day.localeCompare(b.day));
  for (const { name, day } of sorted) {
    if (current && current.name === name && daysBetween(current.end, day) <= SUPPLEMENT_PERIOD_GAP_DAYS) {
      current.end = day;
      continue;
    }
    current = { name, start: day, end: day };
    periods.push(current);
  }
  return periods.sort((a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function toLabFileDto(file: LabFileWithCounts): LabFile {
  return {
    id: file.id,
    fileName: file.fileName,
    fileUrl: fileUrlOf(file.id),
    uploadedAt: file.createdAt.toISOString(),
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    status: file.status,
    progress: file.progress,
    errorCode: file.errorCode,
    errorMessage: file.errorMessage,
    testDate: file.testDate,
    testDateReview: file.testDateReview,
    resultCount: file.resultCount,
    unreviewedCount: file.unreviewedCount,
    pagesRead: file.pagesRead,
    pageCount: file.pageCount,
    reviewRowCount: file.reviewRowCount,
  };
}

export function toLabResultDto(row: LabResultRow): LabResult {
  return {
    id: row.id,
    labFileId: row.labFileId,
    biomarker: row.biomarkerKey,
    name: row.name,
    category: row.category as BiomarkerCategory,
    loinc: row.loinc,
    value: row.value,
    comparator: row.comparator,
    unit: row.unit,
    canonicalValue: row.canonicalValue,
    canonicalUnit: row.canonicalUnit,
    referenceRange: { low: row.referenceLow, high: row.referenceHigh, text: row.referenceText },
    flag: row.flag,
    printedFlag: row.printedFlag,
    testDate: row.testDate,
    reviewed: row.reviewed,
    source: row.source,
    unitFromRange: row.unitFromRange,
    readByModel: row.readByModel,
    box: row.box ?? null,
  };
}
