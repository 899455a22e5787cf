import { parentPort } from 'node:worker_threads';
import { extractDocument, type ExtractOptions } from './extract-document.ts';
import { isExtractionError } from './errors.ts';

/**
 * Worker-thread entry for `extractInWorker` (run-in-worker.ts). It handles one message,
 * { bytes, options }, answers { ok, result } or { ok: false, error }, and is then terminated
 * by its parent. The bundled build must emit this file as its own entry (see README.md).
 */

export type WorkerRequest = { bytes: Uint8Array; options: Omit<ExtractOptions, 'ocr' | 'onReject'> };

parentPort?.once('message', async (request: WorkerRequest) => {
  try {
    const result = await extractDocument(request.bytes, request.options);
    parentPort?.postMessage({ ok: true, result });
  } catch (error) {
    const payload = isExtractionError(error)
      ? { code: error.code, message: error.message }
      : { code: 'internal', message: 'The file could not be processed', detail: error instanceof Error ? error.message : String(error) };
    parentPort?.postMessage({ ok: false, error: payload });
  }
});
