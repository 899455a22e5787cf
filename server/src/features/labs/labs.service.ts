import type { FastifyBaseLogger } from 'fastify';
import type { BiomarkerCategory } from '#contract/biomarkers.ts';
import {
  type BiomarkerSeries,
  type ChartDataResponse,
  type LabFile,
  type LabResult,
  type LabResultInput,
  type SeriesResponse,
  type SupplementPeriod,
  LAB_MESSAGES,
  SUPPLEMENT_PERIOD_GAP_DAYS,
} from '#contract/labs.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/features/auth/auth.repository.ts';
import type { EntitlementsService } from '#server/features/usage/entitlements.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { notifyJobQueued } from '#server/jobs/job-worker.ts';
import { computeFlag } from '#server/labs/extract/parser.ts';
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
import {
  type LabFileWithCounts,
  type LabResultRow,
  type NewLabResult,
  type PrintedRange,
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
  listManualResults,
  listSeriesByBiomarker,
  listStorageKeys,
  listSupplementLogDays,
  setFileTestDate,
  updateLabResult,
} from './labs.repository.ts';
import { newStorageKey, prepareUpload } from './labs.uploads.ts';

type Dependencies = {
  db: Db;
  store: FileStore;
  entitlements: EntitlementsService;
  limits: Config['labs'];
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
  async upload(user: UserRow, read: () => Promise<{ fileName: string; bytes: Uint8Array }>): Promise<LabFile> {
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
      return toLabFileDto({ ...file, resultCount: 0, unreviewedCount: 0 });
    } catch (error) {
      await use.release().catch((releaseError: unknown) => this.deps.log.error({ err: releaseError }, 'could not take back a lab upload use'));
      if (storedKey) await store.delete(storedKey).catch(() => {});
      throw error;
    }
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

  async results(userId: string, fileId: string): Promise<{ file: LabFile; results: LabResult[] }> {
    const file = await this.requireFile(userId, fileId);
    const rows = await listFileResults(this.deps.db, userId, fileId);
    return { file: toLabFileDto(file), results: rows.map(toLabResultDto) };
  }

  async manualResults(userId: string): Promise<LabResult[]> {
    return (await listManualResults(this.deps.db, userId)).map(toLabResultDto);
  }

  /** A result the user adds to a file: reviewed, and on the file's date unless given one. */
  async addToFile(userId: string, fileId: string, input: LabResultInput & { testDate?: string | undefined }): Promise<LabResult> {
    const file = await this.requireFile(userId, fileId);
    const testDate = input.testDate ?? file.testDate ?? file.createdAt.toISOString().slice(0, 10);
    const row = await insertLabResult(this.deps.db, {
      ...resolveResult(input),
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
      ...resolveResult(input),
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
      ...resolveResult(input),
      printedFlag: existing.printedFlag,
      ...(input.testDate ? { testDate: input.testDate } : {}),
      reviewed: true,
    });
    if (!row) throw AppError.notFound(LAB_MESSAGES.resultNotFound);
    return toLabResultDto(row);
  }

  async removeResult(userId: string, id: string): Promise<void> {
    if (!(await deleteLabResult(this.deps.db, userId, id))) throw AppError.notFound(LAB_MESSAGES.resultNotFound);
  }

  async setTestDate(userId: string, fileId: string, testDate: string): Promise<{ file: LabFile; results: LabResult[] }> {
    await this.requireFile(userId, fileId);
    await setFileTestDate(this.deps.db, userId, fileId, testDate);
    return this.results(userId, fileId);
  }

  /** The user has checked the file's results: all are marked reviewed and the file is done. */
  async confirm(userId: string, fileId: string): Promise<{ file: LabFile; results: LabResult[] }> {
    const file = await this.requireFile(userId, fileId);
    if (file.status === 'queued' || file.status === 'reading') {
      throw new AppError('CONFLICT', 'This file is still being read; confirm its results once they are shown');
    }
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

  /** One series per biomarker in one unit (decisions section 4), and the supplement periods to shade. */
  async series(user: UserRow, units: 'canonical' | 'conventional' | 'si' | undefined): Promise<SeriesResponse> {
    const system = units === 'si' || (units === undefined && user.unitSystem === 'metric') ? 'si' : 'conventional';
    const [stored, logDays] = await Promise.all([listSeriesByBiomarker(this.deps.db, user.id), listSupplementLogDays(this.deps.db, user.id)]);
    const series: BiomarkerSeries[] = [];
    for (const columns of stored) {
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
        points: { testDates: columns.testDates, values: columns.canonicalValues.map(convert), flags: columns.flags, reviewed: columns.reviewed },
        referenceRange: seriesRange(marker, columns.latestRangeByUnit, convert),
      });
    }
    series.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
    return { units: system, series, supplementPeriods: supplementPeriods(logDays) };
  }

  catalogue() {
    return catalogueEntries();
  }

  private async requireFile(userId: string, id: string): Promise<LabFileWithCounts> {
    const file = await findLabFile(this.deps.db, userId, id);
    if (!file) throw AppError.notFound(LAB_MESSAGES.notFound);
    return file;
  }
}

/** Checks a typed result against the catalogue: a known biomarker, one of its units, a plausible value. */
function resolveResult(input: LabResultInput): Omit<NewLabResult, 'userId' | 'labFileId' | 'testDate' | 'reviewed' | 'source'> {
  const marker = findMarker(input.biomarker);
  if (!marker) throw AppError.validation('biomarker', `Unknown biomarker "${input.biomarker}"; pick one from the list`);
  const def = unitDefFor(marker, input.unit);
  if (!def) {
    const units = [...new Set(marker.units.map((u) => u.unit))].join(', ');
    throw AppError.validation('unit', `"${input.unit}" is not a unit for ${marker.name}; use one of ${units}`);
  }
  const canonicalValue = toCanonicalValue(def, input.value);
  if (!isPlausible(marker, canonicalValue)) {
    throw AppError.validation('value', `${input.value} ${input.unit} is not a plausible ${marker.name} value; check the value and its unit`);
  }
  const low = input.referenceLow ?? null;
  const high = input.referenceHigh ?? null;
  if (low !== null && high !== null && low > high) {
    throw AppError.validation('referenceLow', 'The low end of the reference range is above its high end');
  }
  return {
    biomarkerKey: marker.key,
    name: marker.name,
    category: marker.category,
    loinc: loincFor(marker, def.unit),
    value: input.value,
    unit: input.unit === '' ? def.unit : input.unit,
    canonicalValue,
    canonicalUnit: marker.canonicalUnit,
    referenceLow: low,
    referenceHigh: high,
    referenceText: input.referenceText ?? (low !== null || high !== null ? `${low ?? ''} - ${high ?? ''}`.trim() : null),
    flag: computeFlag(input.value, low, high, false),
    printedFlag: null,
  };
}

/** The latest printed range (in a unit the catalogue knows) converted to the series unit; else the catalogue's typical adult range. */
function seriesRange(
  marker: NonNullable<ReturnType<typeof findMarker>>,
  latestRangeByUnit: PrintedRange[],
  convert: (canonical: number) => number,
): { low: number | null; high: number | null } {
  for (const range of latestRangeByUnit) {
    const def = unitDefFor(marker, range.unit);
    if (!def) continue;
    return {
      low: range.referenceLow === null ? null : convert(toCanonicalValue(def, range.referenceLow)),
      high: range.referenceHigh === null ? null : convert(toCanonicalValue(def, range.referenceHigh)),
    };
  }
  const [low, high] = marker.typical;
  return { low: low === null ? null : convert(low), high: high === null ? null : convert(high) };
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
    fileUrl: `/api/labs/${file.id}/file`,
    uploadedAt: file.createdAt.toISOString(),
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    status: file.status,
    progress: file.progress,
    errorCode: file.errorCode,
    errorMessage: file.errorMessage,
    testDate: file.testDate,
    resultCount: file.resultCount,
    unreviewedCount: file.unreviewedCount,
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
    unit: row.unit,
    canonicalValue: row.canonicalValue,
    canonicalUnit: row.canonicalUnit,
    referenceRange: { low: row.referenceLow, high: row.referenceHigh, text: row.referenceText },
    flag: row.flag,
    printedFlag: row.printedFlag,
    testDate: row.testDate,
    reviewed: row.reviewed,
    source: row.source,
  };
}
