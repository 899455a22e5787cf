import { createReadStream } from 'node:fs';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { addDays, localDateOf } from '#contract/dates.ts';
import {
  ASLEEP_KINDS,
  HEALTH_IMPORT_FIELD,
  HEALTH_SOURCE_NAMES,
  HEALTH_UNITS,
  type HealthDay,
  type HealthHistory,
  type HealthHistoryKind,
  type HealthImport,
  type HealthKind,
  type HealthSource,
  type HealthSourceSummary,
  type HealthSummary,
} from '#contract/health-data.ts';
import type { Db } from '#server/db/client.ts';
import { HealthImportError, readHealthExport } from '#server/health-imports/read-export.ts';
import { AppError } from '#server/http/app-error.ts';
import { notifyJobQueued } from '#server/jobs/job-worker.ts';
import { deleteJobsFor } from '#server/jobs/jobs.repository.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { HEALTH_IMPORT_JOB } from './health-data.jobs.ts';
import {
  type DayTotal,
  type HealthImportRow,
  deleteImport,
  deleteSourceMeasurements,
  findImport,
  insertImportWithJob,
  listDayTotals,
  listImportStorageKeys,
  listImports,
  listMeasurements,
  listSourceCounts,
} from './health-data.repository.ts';
import { spoolUpload } from './health-data.uploads.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = {
  db: Db;
  store: FileStore;
  maxBytes: number;
  /** Where uploads are written while they arrive. */
  spoolDir: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

const SUMMARY_KINDS: HealthKind[] = [...ASLEEP_KINDS, 'resting_heart_rate', 'hrv', 'steps'];
const NOT_FOUND = 'Import not found';

/**
 * Imports from phones and wearables and what they brought (product.md, Health data from phones
 * and wearables). Every call is scoped to one user.
 */
export class HealthDataService {
  constructor(private readonly deps: Dependencies) {}

  get maxBytes(): number {
    return this.deps.maxBytes;
  }

  /**
   * Takes the file to a temporary file as it arrives, refuses at once what is not an export we
   * read (415 with the reason), then stores it and queues its reading.
   */
  async upload(user: User, request: FastifyRequest): Promise<HealthImport> {
    const spooled = await spoolUpload(request, { maxBytes: this.deps.maxBytes, dir: this.deps.spoolDir });
    try {
      await this.recognise(spooled.path, spooled.fileName, user.timeZone);
      const key = `${user.id.toLowerCase()}/health-${crypto.randomUUID()}`;
      await this.deps.store.putStream(key, createReadStream(spooled.path), spooled.size, 'application/octet-stream');
      try {
        const row = await insertImportWithJob(
          this.deps.db,
          { userId: user.id, fileName: spooled.fileName, storageKey: key, sizeBytes: spooled.size },
          (created) => ({ kind: HEALTH_IMPORT_JOB, payload: { importId: created.id, userId: user.id, timeZone: user.timeZone }, userId: user.id, maxAttempts: 5 }),
        );
        notifyJobQueued(HEALTH_IMPORT_JOB);
        return toImportDto(row);
      } catch (error) {
        await this.deps.store.delete(key).catch(() => {});
        throw error;
      }
    } finally {
      await spooled.discard();
    }
  }

  /** Reads just enough of the file to know what it is (all of it, for the small formats). */
  private async recognise(file: string, fileName: string, timeZone: string): Promise<void> {
    const stream = createReadStream(file);
    try {
      const outcome = await readHealthExport(stream, { fileName, timeZone });
      await outcome.batches.return(undefined);
    } catch (error) {
      if (error instanceof HealthImportError) throw new AppError('UNSUPPORTED_MEDIA_TYPE', error.message, { details: [{ field: HEALTH_IMPORT_FIELD, message: error.message }] });
      throw error;
    } finally {
      stream.destroy();
    }
  }

  async list(userId: string): Promise<HealthImport[]> {
    return (await listImports(this.deps.db, userId)).map(toImportDto);
  }

  async get(userId: string, id: string): Promise<HealthImport> {
    const row = await findImport(this.deps.db, userId, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return toImportDto(row);
  }

  /** Removes an import from the list (and its file if still waiting); the measurements it brought stay. */
  async remove(userId: string, id: string): Promise<void> {
    const row = await deleteImport(this.deps.db, userId, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    await deleteJobsFor(this.deps.db, HEALTH_IMPORT_JOB, 'importId', id);
    if (row.storageKey) {
      await this.deps.store.delete(row.storageKey).catch((error: unknown) => this.deps.log.warn({ err: error }, 'health import removed but its stored file was not'));
    }
  }

  async sources(userId: string): Promise<HealthSourceSummary[]> {
    const rows = await listSourceCounts(this.deps.db, userId);
    const bySource = new Map<HealthSource, HealthSourceSummary>();
    for (const row of rows) {
      const entry = bySource.get(row.source) ?? { source: row.source, name: HEALTH_SOURCE_NAMES[row.source], count: 0, firstDay: row.firstDay!, lastDay: row.lastDay!, kinds: [] };
      entry.count += row.count;
      if (row.firstDay! < entry.firstDay) entry.firstDay = row.firstDay!;
      if (row.lastDay! > entry.lastDay) entry.lastDay = row.lastDay!;
      entry.kinds.push({ kind: row.kind, count: row.count });
      bySource.set(row.source, entry);
    }
    return [...bySource.values()];
  }

  async deleteSource(userId: string, source: HealthSource): Promise<number> {
    return deleteSourceMeasurements(this.deps.db, userId, source);
  }

  /**
   * One entry per day for the sleep and heart cards. Where two writers recorded the same thing (a
   * watch and a phone both counting steps, two apps tracking one night) they are not added
   * together: the one that recorded the most counts (decision 031).
   */
  async summary(user: Pick<User, 'id' | 'timeZone'>, days: number): Promise<HealthSummary> {
    const today = localDateOf(new Date(), user.timeZone);
    const from = addDays(today, -(days - 1));
    const totals = await listDayTotals(this.deps.db, user.id, SUMMARY_KINDS, from, today);
    const byDay = new Map<string, DayTotal[]>();
    for (const total of totals) byDay.set(total.day, [...(byDay.get(total.day) ?? []), total]);
    const out: HealthDay[] = [];
    for (let day = from; day <= today; day = addDays(day, 1)) out.push(summariseDay(day, byDay.get(day) ?? []));
    return { today, days: out };
  }

  async history(userId: string, kind: HealthHistoryKind): Promise<HealthHistory> {
    if (kind === 'blood_pressure') {
      const rows = await listMeasurements(this.deps.db, userId, ['blood_pressure_systolic', 'blood_pressure_diastolic']);
      const diastolic = new Map<string, number>();
      for (const row of rows) if (row.kind === 'blood_pressure_diastolic') diastolic.set(`${row.source}|${row.origin}|${row.startAt.getTime()}`, row.value);
      const points = rows
        .filter((row) => row.kind === 'blood_pressure_systolic')
        .map((row) => ({
          at: row.startAt.toISOString(),
          day: row.day,
          source: row.source,
          value: row.value,
          second: diastolic.get(`${row.source}|${row.origin}|${row.startAt.getTime()}`) ?? null,
        }));
      return { kind, unit: 'mmHg', points };
    }
    const rows = await listMeasurements(this.deps.db, userId, [kind]);
    return {
      kind,
      unit: HEALTH_UNITS[kind],
      points: rows.map((row) => ({ at: row.startAt.toISOString(), day: row.day, source: row.source, value: row.value, second: null })),
    };
  }

  /** For account deletion: files of imports not yet read. */
  async removeAllStoredFiles(userId: string): Promise<number> {
    const keys = await listImportStorageKeys(this.deps.db, userId);
    for (const key of keys) await this.deps.store.delete(key).catch(() => {});
    return keys.length;
  }
}

/** One day of the sleep and heart cards from that day's totals per writer; the assistant reads days the same way. */
export function summariseDay(day: string, totals: DayTotal[]): HealthDay {
  const writers = new Map<string, Partial<Record<HealthKind, DayTotal>>>();
  for (const total of totals) {
    const writer = `${total.source}|${total.origin}`;
    writers.set(writer, { ...writers.get(writer), [total.kind]: total });
  }
  let sleep: Partial<Record<HealthKind, DayTotal>> | undefined;
  let asleep = 0;
  let steps: number | null = null;
  const rates: number[] = [];
  const hrvs: number[] = [];
  for (const kinds of writers.values()) {
    const minutes = ASLEEP_KINDS.reduce((sum, kind) => sum + (kinds[kind]?.total ?? 0), 0);
    if (minutes > asleep) {
      asleep = minutes;
      sleep = kinds;
    }
    if (kinds.steps && (steps === null || kinds.steps.total > steps)) steps = kinds.steps.total;
    if (kinds.resting_heart_rate) rates.push(kinds.resting_heart_rate.mean);
    if (kinds.hrv) hrvs.push(kinds.hrv.mean);
  }
  const round = (value: number | undefined) => (value === undefined ? null : Math.round(value));
  const average = (values: number[]) => (values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10);
  return {
    day,
    asleepMinutes: sleep ? Math.round(asleep) : null,
    deepMinutes: sleep ? round(sleep.sleep_deep?.total) : null,
    remMinutes: sleep ? round(sleep.sleep_rem?.total) : null,
    lightMinutes: sleep ? round(sleep.sleep_light?.total) : null,
    restingHeartRate: average(rates),
    hrv: average(hrvs),
    steps: steps === null ? null : Math.round(steps),
  };
}

export function toImportDto(row: HealthImportRow): HealthImport {
  return {
    id: row.id,
    fileName: row.fileName,
    source: row.source,
    sizeBytes: row.sizeBytes,
    status: row.status,
    progress: row.progress,
    readCount: row.readCount,
    addedCount: row.addedCount,
    errorMessage: row.errorMessage,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
