import type { FastifyBaseLogger } from 'fastify';
import type { ExtractionResult, PageBox, ReferenceRange } from '#contract/biomarkers.ts';
import { LAB_MESSAGES } from '#contract/labs.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type JobContext, type JobHandler, JobWorker, PermanentJobError } from '#server/jobs/job-worker.ts';
import { type RunInWorkerOptions, type WorkerFailure, type WorkerOutcome, extractInWorker } from '#server/labs/extract/run-in-worker.ts';
import { type FileStore, StoredFileMissingError } from '#server/storage/file-store.ts';
import { createFileStore } from '#server/storage/create-file-store.ts';
import { EntitlementsService } from '#server/features/usage/entitlements.service.ts';
import type { OpenAiCompatibleConfig } from '#server/ai/openai-provider.ts';
import { readRowsWithModel } from '#server/ai/lab-rows-reader.ts';
import { placeModelRows } from '#server/labs/extract/model-rows.ts';
import { markerForExtractedName } from './labs.catalogue.ts';
import { type LabFileRow, type NewLabResult, type NewLabReviewRow, findLabFile, findReadWithModel, saveExtraction, updateLabFile } from './labs.repository.ts';

export const LAB_EXTRACT_JOB = 'lab.extract';

/** `usageEventId`: the plan use the upload counted, taken back if the file cannot be read. */
export type LabExtractPayload = { labFileId: string; userId: string; usageEventId?: string };
export type Extractor = (bytes: Uint8Array, options: RunInWorkerOptions) => Promise<WorkerOutcome>;

type Dependencies = {
  db: Db;
  store: FileStore;
  limits: Config['labs'];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** A file that cannot be read does not cost the user one of their plan's uploads. */
  releaseUse: (userId: string, useId: string) => Promise<void>;
  /** Tests swap the worker-thread extraction for a fake. */
  extract?: Extractor;
  /** The configured AI model, which reads what the parser left unread for users who allow it. */
  model?: OpenAiCompatibleConfig | undefined;
};

/** Failures a retry will not fix; anything else ('internal') is tried again. */
const PERMANENT_CODES = new Set([
  'empty-file',
  'unsupported-type',
  'rtf-as-doc',
  'password-protected',
  'corrupt-file',
  'too-large',
  'too-many-pixels',
  'zip-bomb',
  'no-text',
  'timeout',
  'out-of-memory',
]);

/**
 * Reads one stored lab file in a worker thread (time and memory capped) and saves what it found
 * for review. The user follows it through the file's status: queued, reading (with progress),
 * then needs_review or failed with the reason.
 */
export function labExtractHandler(deps: Dependencies): JobHandler {
  const extract = deps.extract ?? extractInWorker;
  return {
    async run(job, context) {
      const payload = job.payload as LabExtractPayload;
      const { labFileId, userId } = payload;
      const file = await findLabFile(deps.db, userId, labFileId);
      if (!file) return; // deleted while queued
      await updateLabFile(deps.db, userId, labFileId, { status: 'reading', progress: 5, errorCode: null, errorMessage: null });
      const bytes = await readStoredFile(deps, payload, file.storageKey);
      await context.setProgress(20);
      await updateLabFile(deps.db, userId, labFileId, { progress: 20 });
      const outcome = await extractWithProgress(deps, extract, bytes, payload, context);
      if (context.signal.aborted) return;
      if (!outcome.ok) return retryOrFail(deps, job, outcome.error);
      const result = await withModelRows(deps, payload, outcome, context.signal);
      if (context.signal.aborted) return;
      await saveForReview(deps, { job, context, file, result });
    },

    async onRelease(job) {
      const { labFileId, userId } = job.payload as LabExtractPayload;
      await updateLabFile(deps.db, userId, labFileId, { status: 'queued', progress: 0 });
    },

    async onGiveUp(job, message) {
      const { labFileId, userId } = job.payload as LabExtractPayload;
      const file = await findLabFile(deps.db, userId, labFileId);
      if (!file || file.status === 'failed') return;
      deps.log.warn({ labFileId, reason: message }, 'lab extraction given up');
      await failAndRelease(deps, job.payload as LabExtractPayload, 'internal', 'This file could not be processed; please try again later or upload it as a PDF');
    },
  };
}

type Job = Parameters<JobHandler['run']>[0];

async function readStoredFile(deps: Dependencies, payload: LabExtractPayload, storageKey: string): Promise<Buffer> {
  try {
    return await deps.store.get(storageKey);
  } catch (error) {
    if (!(error instanceof StoredFileMissingError)) throw error;
    await failAndRelease(deps, payload, 'missing-file', 'The stored file is missing; please upload it again');
    throw new PermanentJobError('stored file missing');
  }
}

/** Real progress: pages read of the file's pages, from 20% to 95%. Writes go one at a time, in order. */
async function extractWithProgress(
  deps: Dependencies,
  extract: Extractor,
  bytes: Buffer,
  { labFileId, userId }: LabExtractPayload,
  context: JobContext,
): Promise<WorkerOutcome> {
  let writes: Promise<unknown> = Promise.resolve();
  const onProgress = ({ pagesRead, pageCount }: { pagesRead: number; pageCount: number }) => {
    const value = 20 + Math.round((75 * pagesRead) / Math.max(1, pageCount));
    writes = writes
      .then(async () => {
        await context.setProgress(value);
        await updateLabFile(deps.db, userId, labFileId, { progress: value, pagesRead, pageCount });
      })
      .catch(() => undefined);
  };
  const outcome = await extract(bytes, {
    timeoutMs: deps.limits.extractTimeoutMs,
    maxOldGenerationSizeMb: deps.limits.extractMemoryMb,
    extract: { maxBytes: deps.limits.maxBytes + 1, maxPixels: deps.limits.maxPixels },
    onProgress,
  });
  await writes;
  return outcome;
}

/** A failure a retry may fix goes back to the queue while attempts remain; any other fails the file. */
async function retryOrFail(deps: Dependencies, job: Job, { code, message, detail }: WorkerFailure): Promise<never> {
  const payload = job.payload as LabExtractPayload;
  if (!PERMANENT_CODES.has(code) && job.attempts < job.maxAttempts) {
    await updateLabFile(deps.db, payload.userId, payload.labFileId, { status: 'queued', progress: 0 });
    throw new Error(detail ?? message);
  }
  await failAndRelease(deps, payload, code, message);
  throw new PermanentJobError(`${code}: ${message}`);
}

/**
 * When the parser left rows unread and the user allows it, the AI model reads the report's text
 * and the rows that text bears out join the result (product.md, Labs). A model that fails or
 * stalls costs nothing: the reading is kept as it was.
 */
async function withModelRows(
  deps: Dependencies,
  { labFileId, userId }: LabExtractPayload,
  { result, leftovers }: Extract<WorkerOutcome, { ok: true }>,
  signal: AbortSignal,
): Promise<ExtractionResult> {
  if (!deps.model || !leftovers || leftovers.unreadRows === 0 || !(await findReadWithModel(deps.db, userId))) return result;
  try {
    const rows = await readRowsWithModel(deps.model, leftovers.lines.map((line) => line.text), AbortSignal.any([signal, AbortSignal.timeout(deps.limits.extractTimeoutMs)]));
    const placed = placeModelRows(rows, leftovers, result.results);
    // Counts only: the rows are health data.
    deps.log.info({ labFileId, unreadRows: leftovers.unreadRows, proposed: rows.length, kept: placed.length }, 'lab report read by the AI model');
    const unread = result.unread?.filter((row) => !placed.some((p) => p.name === row.name));
    return { ...result, results: [...result.results, ...placed], ...(unread ? { unread } : {}) };
  } catch (error) {
    deps.log.warn({ labFileId, reason: error instanceof Error ? error.message : String(error) }, 'the AI model could not read a lab report; the reading is kept without it');
    return result;
  }
}

async function saveForReview(
  deps: Dependencies,
  { job, context, file, result }: { job: Job; context: JobContext; file: LabFileRow; result: ExtractionResult },
): Promise<void> {
  const { labFileId, userId } = job.payload as LabExtractPayload;
  const uploadedDay = file.createdAt.toISOString().slice(0, 10);
  const { results, reviewRows } = toRows(result, { userId, labFileId, testDate: result.collectedAt ?? uploadedDay });
  const pageCount = result.pageCount ?? null;
  const saved = await saveExtraction(deps.db, {
    jobId: job.id,
    workerId: context.workerId,
    userId,
    fileId: labFileId,
    results,
    reviewRows,
    file: {
      pagesRead: pageCount,
      pageCount,
      status: 'needs_review',
      progress: 100,
      testDate: result.collectedAt,
      testDateReview: result.testDateReview ?? null,
      errorCode: null,
      errorMessage: results.length === 0 && reviewRows.length === 0 ? LAB_MESSAGES.noResultsFound : null,
    },
  });
  if (!saved) deps.log.info({ jobId: job.id, labFileId }, 'extraction finished for a file that was deleted or a job no longer ours; dropped');
}

async function failAndRelease(deps: Dependencies, { labFileId, userId, usageEventId }: LabExtractPayload, code: string, message: string) {
  await fail(deps.db, userId, labFileId, code, message);
  if (usageEventId) await deps.releaseUse(userId, usageEventId);
}

async function fail(db: Db, userId: string, fileId: string, code: string, message: string): Promise<void> {
  await updateLabFile(db, userId, fileId, { status: 'failed', progress: 100, errorCode: code, errorMessage: message });
}

/**
 * Recognised, plausible values become unreviewed results; implausible values, tests whose value
 * could not be read and rows with names the catalogue does not know wait apart for the user's
 * decision (product.md, Labs).
 */
function toRows(result: ExtractionResult, base: { userId: string; labFileId: string; testDate: string }): { results: NewLabResult[]; reviewRows: NewLabReviewRow[] } {
  const rows: NewLabResult[] = [];
  const reviewRows: NewLabReviewRow[] = [];
  const owner = { userId: base.userId, labFileId: base.labFileId };
  let position = 0;
  for (const found of result.results) {
    const marker = markerForExtractedName(found.name);
    if (!marker) continue;
    position++;
    if (found.implausible) {
      reviewRows.push({ ...owner, kind: 'implausible', name: marker.name, biomarkerKey: marker.key, ...asPrinted(found), position });
      continue;
    }
    rows.push({
      ...base,
      biomarkerKey: marker.key,
      name: marker.name,
      category: marker.category,
      loinc: found.loinc,
      value: found.value,
      comparator: found.comparator ?? null,
      unit: found.unit,
      canonicalValue: found.canonicalValue,
      canonicalUnit: found.canonicalUnit,
      referenceLow: found.referenceRange.low,
      referenceHigh: found.referenceRange.high,
      referenceText: found.referenceRange.text,
      flag: found.flag,
      printedFlag: found.printedFlag,
      reviewed: false,
      source: 'extracted',
      unitFromRange: found.unitFromRange ?? false,
      readByModel: found.readByModel ?? false,
      box: found.box ?? null,
    });
  }
  // After the recognised rows, in the report's order among themselves (the reader does not interleave them).
  for (const row of result.unread ?? []) {
    const marker = markerForExtractedName(row.name);
    const nothingRead = { value: null, unit: '', referenceRange: { low: null, high: null, text: null }, printedFlag: null };
    if (marker) reviewRows.push({ ...owner, kind: 'unread', name: marker.name, biomarkerKey: marker.key, ...asPrinted({ ...nothingRead, ...row }), position: 5_000 + position++ });
  }
  for (const row of result.unrecognised ?? []) {
    reviewRows.push({ ...owner, kind: 'unrecognised', name: row.name, biomarkerKey: null, ...asPrinted(row), position: 10_000 + position++ });
  }
  return { results: rows, reviewRows };
}

/** What a review row keeps of a row as the report printed it. */
function asPrinted(row: { value: number | null; unit: string; referenceRange: ReferenceRange; printedFlag: string | null; box?: PageBox | undefined }) {
  const { value, unit, referenceRange, printedFlag, box } = row;
  return { value, unit, referenceLow: referenceRange.low, referenceHigh: referenceRange.high, referenceText: referenceRange.text, printedFlag, box: box ?? null };
}

/** The worker that runs lab extractions, on the server's configuration. Not started. */
export function createLabsWorker(args: {
  config: Config;
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  store?: FileStore;
  extract?: Extractor;
}): JobWorker {
  const store = args.store ?? createFileStore(args.config.storage);
  const entitlements = new EntitlementsService(args.db, args.config.plans);
  return new JobWorker({
    db: args.db,
    log: args.log,
    concurrency: args.config.jobs.concurrency,
    pollMs: args.config.jobs.pollMs,
    leaseMs: args.config.jobs.leaseMs,
    handlers: {
      [LAB_EXTRACT_JOB]: labExtractHandler({
        db: args.db,
        store,
        limits: args.config.labs,
        log: args.log,
        releaseUse: (userId, useId) => entitlements.releaseUse(userId, useId),
        model: args.config.ai.provider,
        ...(args.extract ? { extract: args.extract } : {}),
      }),
    },
  });
}
