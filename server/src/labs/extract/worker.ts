import { parentPort } from 'node:worker_threads';
import { extractDocument, type ExtractOptions } from './extract-document.ts';
import { isExtractionError } from './errors.ts';
import { createOcrEngine, type OcrEngine } from './ocr.ts';
import type { WorkerOutcome } from './run-in-worker.ts';

/**
 * Worker-thread entry for `extractInWorker` (run-in-worker.ts). It reads one file per message,
 * { id, bytes, options }, and answers { id, outcome }; its parent reuses it for the next file
 * and terminates it at a deadline. The bundled build must emit this file as its own entry
 * (see README.md).
 */

export type WorkerRequest = { id: number; bytes: Uint8Array; options: Omit<ExtractOptions, 'ocr' | 'onReject'> };
export type WorkerResponse = { id: number; outcome: WorkerOutcome };

// tesseract and its English model start on the first page that needs OCR and then stay loaded.
let engine: Promise<OcrEngine> | undefined;
const sharedOcr: OcrEngine = {
  async recognize(image) {
    engine ??= createOcrEngine();
    const started = engine;
    try {
      return await (await started).recognize(image);
    } catch (error) {
      // A failed tesseract is not trusted with the next file.
      if (engine === started) engine = undefined;
      void started.then((failed) => failed.terminate()).catch(() => undefined);
      throw error;
    }
  },
  async terminate() {
    // Kept for the next file; it ends with this thread.
  },
};

parentPort?.on('message', async (request: WorkerRequest) => {
  let outcome: WorkerOutcome;
  try {
    outcome = { ok: true, result: await extractDocument(request.bytes, { ...request.options, ocr: sharedOcr }) };
  } catch (error) {
    outcome = {
      ok: false,
      error: isExtractionError(error)
        ? { code: error.code, message: error.message }
        : { code: 'internal', message: 'The file could not be processed', detail: error instanceof Error ? error.message : String(error) },
    };
  }
  parentPort?.postMessage({ id: request.id, outcome } satisfies WorkerResponse);
});
