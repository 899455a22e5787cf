import { type Readable, Transform } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { HealthImportError, readHealthExport } from '#server/health-imports/read-export.ts';
import { type JobContext, type JobHandler, JobWorker, PermanentJobError } from '#server/jobs/job-worker.ts';
import { type FileStore, StoredFileMissingError } from '#server/storage/file-store.ts';
import { createFileStore } from '#server/storage/create-file-store.ts';
import { type HealthImportRow, countAddedBy, findImport, saveMeasurements, updateImport } from './health-data.repository.ts';

export const HEALTH_IMPORT_JOB = 'health.import';
/** `timeZone`: the user's, when they uploaded, for files whose times carry no offset. */
export type HealthImportPayload = { importId: string; userId: string; timeZone: string };

type Dependencies = { db: Db; store: FileStore; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> };

/** How often the user's progress bar moves at most. */
const PROGRESS_EVERY_MS = 500;

/**
 * Reads one stored export into measurements. A run interrupted anywhere (a restart, a lost lease)
 * is simply run again from the start: every measurement has a dedupe key, so what the first run
 * saved is recognised and not added twice (decision 031). The stored file is removed once read.
 */
export function healthImportHandler(deps: Dependencies): JobHandler {
  return {
    async run(job, context) {
      const payload = job.payload as HealthImportPayload;
      const { importId, userId } = payload;
      const row = await findImport(deps.db, userId, importId);
      if (!row || !row.storageKey) return; // removed while queued
      const storageKey = row.storageKey;
      await updateImport(deps.db, userId, importId, { status: 'reading', progress: 1, errorMessage: null });
      const stream = await openStoredExport(deps, payload, storageKey);
      const finished = await readIntoMeasurements(deps, { payload, row, storageKey, stream, context });
      if (!finished) return;
      await deps.store.delete(storageKey).catch((error: unknown) => deps.log.warn({ err: error, importId }, 'health import read but its file not removed'));
    },

    async onRelease(job) {
      const { importId, userId } = job.payload as HealthImportPayload;
      await updateImport(deps.db, userId, importId, { status: 'queued' });
    },

    async onGiveUp(job) {
      const { importId, userId } = job.payload as HealthImportPayload;
      const row = await findImport(deps.db, userId, importId);
      if (!row || row.status === 'failed') return;
      await updateImport(deps.db, userId, importId, {
        status: 'failed',
        progress: 100,
        errorMessage: 'This import could not be finished; please try again later',
      });
    },
  };
}

async function openStoredExport(deps: Dependencies, { importId, userId }: HealthImportPayload, storageKey: string): Promise<Readable> {
  try {
    return await deps.store.getStream(storageKey);
  } catch (error) {
    if (!(error instanceof StoredFileMissingError)) throw error;
    await updateImport(deps.db, userId, importId, { status: 'failed', progress: 100, errorMessage: 'The uploaded file is missing; please upload it again' });
    throw new PermanentJobError('stored file missing');
  }
}

/**
 * Saves the export's measurements batch by batch, moving the progress bar by the bytes read.
 * False when the job was taken away midway; a file that cannot be read fails the import and is removed.
 */
async function readIntoMeasurements(
  deps: Dependencies,
  { payload, row, storageKey, stream, context }: { payload: HealthImportPayload; row: HealthImportRow; storageKey: string; stream: Readable; context: JobContext },
): Promise<boolean> {
  const { importId, userId, timeZone } = payload;
  let bytesRead = 0;
  const counting = stream.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytesRead += chunk.byteLength;
        done(null, chunk);
      },
    }),
  );
  let read = 0;
  let lastProgress = Date.now();
  try {
    const outcome = await readHealthExport(counting, { fileName: row.fileName, timeZone });
    await updateImport(deps.db, userId, importId, { source: outcome.source });
    for await (const batch of outcome.batches) {
      if (context.signal.aborted) return false;
      await saveMeasurements(deps.db, { userId, importId, source: outcome.source, measurements: batch });
      read += batch.length;
      if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        const progress = Math.max(1, Math.min(99, Math.floor((bytesRead / Math.max(1, row.sizeBytes)) * 100)));
        await context.setProgress(progress);
        await updateImport(deps.db, userId, importId, { progress, readCount: read });
      }
    }
    const added = await countAddedBy(deps.db, userId, importId);
    await updateImport(deps.db, userId, importId, {
      status: 'done',
      progress: 100,
      readCount: read,
      addedCount: added,
      note: outcome.notes.join(' ') || null,
      storageKey: null,
    });
    return true;
  } catch (error) {
    if (!(error instanceof HealthImportError)) throw error;
    await updateImport(deps.db, userId, importId, { status: 'failed', progress: 100, errorMessage: error.message, storageKey: null });
    await deps.store.delete(storageKey).catch(() => {});
    throw new PermanentJobError(error.message);
  } finally {
    stream.destroy();
  }
}

/** The worker that reads health imports. Not started. */
export function createHealthDataWorker(args: { config: Config; db: Db; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>; store?: FileStore }): JobWorker {
  return new JobWorker({
    db: args.db,
    log: args.log,
    concurrency: 1,
    pollMs: args.config.jobs.pollMs,
    leaseMs: args.config.jobs.leaseMs,
    handlers: { [HEALTH_IMPORT_JOB]: healthImportHandler({ db: args.db, store: args.store ?? createFileStore(args.config.storage), log: args.log }) },
  });
}
