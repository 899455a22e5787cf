import { Worker } from 'node:worker_threads';
import type { ExtractionResult } from '#contract/biomarkers.ts';
import type { ExtractionErrorCode } from './errors.ts';
import type { ExtractOptions, Leftovers } from './extract-document.ts';
import type { WorkerRequest, WorkerResponse } from './worker.ts';

/**
 * Runs `extractDocument` in a worker thread with a heap limit and a deadline, so a hostile or
 * pathological file costs one terminated worker, not the server. Healthy workers are kept warm
 * and reused for the next file.
 *
 * Worker entry: by default `./worker.ts` next to this file when running from source (tsx,
 * vitest), and `./labs-extract-worker.js` next to the bundle when running built code (this
 * module's URL ends in .js). Set LABS_EXTRACT_WORKER_URL or pass `workerUrl` to override.
 */

export type WorkerFailure = { code: ExtractionErrorCode; message: string; detail?: string };
export type WorkerOutcome = { ok: true; result: ExtractionResult; leftovers?: Leftovers } | { ok: false; error: WorkerFailure };
export type RenderOutcome = { ok: true; image: Uint8Array } | { ok: false; error: WorkerFailure };

export type RunInWorkerOptions = {
  workerUrl?: URL;
  /** Terminate the worker after this long; default 60 s (a scanned multi-page PDF needs ~2 s a page). */
  timeoutMs?: number;
  /** V8 old-generation cap for the worker; default 512 MB. OCR's WebAssembly memory is outside it. */
  maxOldGenerationSizeMb?: number;
  extract?: Omit<ExtractOptions, 'ocr' | 'onReject' | 'onProgress'>;
  /** Told after each page (or image) the worker has read. */
  onProgress?: (progress: { pagesRead: number; pageCount: number }) => void;
};

export function defaultWorkerUrl(): URL {
  const fromEnv = process.env.LABS_EXTRACT_WORKER_URL;
  if (fromEnv) return new URL(fromEnv, `file://${process.cwd()}/`);
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./worker.ts', here) : new URL('./labs-extract-worker.js', here);
}

/** Idle workers kept warm (each holds pdf.js and, once an image was read, its tesseract workers and model). */
const MAX_IDLE_WORKERS = 2;
/** An idle worker is stopped after this long, giving its memory back (about 550 MB after a 2000 x 2800 px scan). */
const IDLE_MS = 5 * 60_000;
/** A worker is replaced after this many files, so that any slow leak in a library stays bounded. */
const MAX_FILES_PER_WORKER = 200;

type PooledWorker = { worker: Worker; url: string; memoryMb: number; files: number; idleTimer?: NodeJS.Timeout };

/**
 * Warm extraction workers, shared by every caller in the process. Starting a worker and loading
 * pdf.js costs 1.5-2 s and starting tesseract with its model another 0.5-1 s: paid once per
 * worker, not per file (bench/extraction.bench.ts). A worker that times out, runs out of memory
 * or crashes is terminated and never reused; the next file gets a fresh one.
 */
const idle: PooledWorker[] = [];
let nextRequestId = 1;

/**
 * Extracts one file in a worker thread with a heap limit and a deadline; never throws. Reuses
 * an idle warm worker with the same entry and memory limit, else starts one.
 */
export async function extractInWorker(bytes: Uint8Array, opts: RunInWorkerOptions = {}): Promise<WorkerOutcome> {
  return (await runPooled(bytes, opts)) as WorkerOutcome;
}

/** Draws one page of a PDF as a PNG `width` pixels wide, in a warm worker with the same limits as reading. */
export async function renderPageInWorker(bytes: Uint8Array, page: number, opts: Omit<RunInWorkerOptions, 'onProgress'> & { width: number }): Promise<RenderOutcome> {
  return (await runPooled(bytes, opts, { page, width: opts.width })) as RenderOutcome;
}

async function runPooled(bytes: Uint8Array, opts: RunInWorkerOptions, renderPage?: WorkerRequest['renderPage']): Promise<WorkerOutcome | RenderOutcome> {
  const url = (opts.workerUrl ?? defaultWorkerUrl()).href;
  const memoryMb = opts.maxOldGenerationSizeMb ?? 512;
  const index = idle.findIndex((entry) => entry.url === url && entry.memoryMb === memoryMb);
  const pooled = index >= 0 ? idle.splice(index, 1)[0]! : startWorker(new URL(url), memoryMb);
  clearTimeout(pooled.idleTimer);
  pooled.worker.ref();
  const { outcome, healthy } = await runOne(pooled.worker, bytes, opts.timeoutMs ?? 60_000, opts.extract ?? {}, opts.onProgress, renderPage);
  pooled.files += 1;
  if (healthy && pooled.files < MAX_FILES_PER_WORKER && idle.length < MAX_IDLE_WORKERS) park(pooled);
  else void pooled.worker.terminate();
  return outcome;
}

/** Stops the idle workers (tests and shutdown; a busy worker stops when its file is done). */
export async function stopIdleExtractionWorkers(): Promise<void> {
  const stopping = idle.splice(0);
  await Promise.all(stopping.map((entry) => {
    clearTimeout(entry.idleTimer);
    return entry.worker.terminate();
  }));
}

function park(pooled: PooledWorker): void {
  // An idle worker must not keep a CLI run or a test process alive.
  pooled.worker.unref();
  pooled.idleTimer = setTimeout(() => {
    const at = idle.indexOf(pooled);
    if (at >= 0) idle.splice(at, 1);
    void pooled.worker.terminate();
  }, IDLE_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

function startWorker(workerUrl: URL, memoryMb: number): PooledWorker {
  const fromSource = workerUrl.pathname.endsWith('.ts');
  // A TypeScript entry (tests, tsx) needs tsx's loader registered inside the worker first.
  const worker = new Worker(fromSource ? tsBootstrap(workerUrl) : workerUrl, {
    eval: fromSource,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 64 },
    stdout: true,
    stderr: true,
  });
  // tesseract prints progress notes ("Detected 12 diacritics"); they are not ours to show.
  worker.stdout.resume();
  worker.stderr.resume();
  const pooled: PooledWorker = { worker, url: workerUrl.href, memoryMb, files: 0 };
  // A worker that dies while parked leaves the pool.
  worker.once('exit', () => {
    const at = idle.indexOf(pooled);
    if (at >= 0) idle.splice(at, 1);
  });
  // An idle worker's late error (it has no file) must not become an unhandled 'error' event.
  worker.on('error', () => undefined);
  return pooled;
}

/** Sends one file; `healthy` is false when the worker had to be stopped or died. */
function runOne(
  worker: Worker,
  bytes: Uint8Array,
  timeoutMs: number,
  options: WorkerRequest['options'],
  onProgress?: RunInWorkerOptions['onProgress'],
  renderPage?: WorkerRequest['renderPage'],
): Promise<{ outcome: WorkerOutcome | RenderOutcome; healthy: boolean }> {
  const id = nextRequestId++;
  const copy = bytes.slice();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: WorkerOutcome | RenderOutcome, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      resolve({ outcome, healthy });
    };
    const timer = setTimeout(
      () => finish({ ok: false, error: { code: 'timeout', message: 'Reading this file took too long and was stopped' } }, false),
      timeoutMs,
    );
    const onMessage = (message: WorkerResponse) => {
      if (message.id !== id) return;
      if ('progress' in message) onProgress?.(message.progress);
      else finish(message.outcome, true);
    };
    const onError = (error: Error & { code?: string }) => {
      const oom = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(
        {
          ok: false,
          error: oom
            ? { code: 'out-of-memory', message: 'This file needs more memory to read than we allow' }
            : { code: 'internal', message: 'The file could not be processed', detail: error.message },
        },
        false,
      );
    };
    const onExit = (code: number) => {
      finish({ ok: false, error: { code: 'internal', message: 'The file could not be processed', detail: `worker exited with code ${code}` } }, false);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    const request: WorkerRequest = { id, bytes: copy, options, ...(renderPage ? { renderPage } : {}) };
    worker.postMessage(request, [copy.buffer as ArrayBuffer]);
  });
}

function tsBootstrap(url: URL): string {
  return `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
}
