import { Worker } from 'node:worker_threads';
import type { ExtractionResult } from '#contract/biomarkers.ts';
import type { ExtractionErrorCode } from './errors.ts';
import type { ExtractOptions } from './extract-document.ts';
import type { WorkerRequest } from './worker.ts';

/**
 * Runs `extractDocument` in a worker thread with a heap limit and a deadline, so a hostile or
 * pathological file costs one terminated worker, not the server.
 *
 * Worker entry: by default `./worker.ts` next to this file when running from source (tsx,
 * vitest), and `./labs-extract-worker.js` next to the bundle when running built code (this
 * module's URL ends in .js). Set LABS_EXTRACT_WORKER_URL or pass `workerUrl` to override.
 */

export type WorkerFailure = { code: ExtractionErrorCode; message: string; detail?: string };
export type WorkerOutcome = { ok: true; result: ExtractionResult } | { ok: false; error: WorkerFailure };

export type RunInWorkerOptions = {
  workerUrl?: URL;
  /** Terminate the worker after this long; default 60 s (a scanned multi-page PDF needs ~2 s a page). */
  timeoutMs?: number;
  /** V8 old-generation cap for the worker; default 512 MB. OCR's WebAssembly memory is outside it. */
  maxOldGenerationSizeMb?: number;
  extract?: Omit<ExtractOptions, 'ocr' | 'onReject'>;
};

export function defaultWorkerUrl(): URL {
  const fromEnv = process.env.LABS_EXTRACT_WORKER_URL;
  if (fromEnv) return new URL(fromEnv, `file://${process.cwd()}/`);
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./worker.ts', here) : new URL('./labs-extract-worker.js', here);
}

export function extractInWorker(bytes: Uint8Array, opts: RunInWorkerOptions = {}): Promise<WorkerOutcome> {
  const workerUrl = opts.workerUrl ?? defaultWorkerUrl();
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const copy = bytes.slice();
  return new Promise((resolve) => {
    let settled = false;
    const fromSource = workerUrl.pathname.endsWith('.ts');
    // A TypeScript entry (tests, tsx) needs tsx's loader registered inside the worker first.
    const entry = fromSource ? tsBootstrap(workerUrl) : workerUrl;
    const worker = new Worker(entry, {
      eval: fromSource,
      resourceLimits: { maxOldGenerationSizeMb: opts.maxOldGenerationSizeMb ?? 512, maxYoungGenerationSizeMb: 64 },
      stdout: true,
      stderr: true,
    });
    // tesseract prints progress notes ("Detected 12 diacritics"); they are not ours to show.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (outcome: WorkerOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish({ ok: false, error: { code: 'timeout', message: 'Reading this file took too long and was stopped' } }),
      timeoutMs,
    );
    worker.once('message', (message: WorkerOutcome) => finish(message));
    worker.once('error', (error: Error & { code?: string }) => {
      const oom = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish({
        ok: false,
        error: oom
          ? { code: 'out-of-memory', message: 'This file needs more memory to read than we allow' }
          : { code: 'internal', message: 'The file could not be processed', detail: error.message },
      });
    });
    worker.once('exit', (code) => {
      finish({ ok: false, error: { code: 'internal', message: 'The file could not be processed', detail: `worker exited with code ${code}` } });
    });
    const request: WorkerRequest = { bytes: copy, options: opts.extract ?? {} };
    worker.postMessage(request, [copy.buffer as ArrayBuffer]);
  });
}

function tsBootstrap(url: URL): string {
  return `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
}
