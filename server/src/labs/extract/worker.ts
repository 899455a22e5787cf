import { parentPort } from 'node:worker_threads';
import { extractDocumentWithLeftovers, type ExtractOptions } from './extract-document.ts';
import { ExtractionError } from './errors.ts';
import { openPdf, renderPdfPage } from './pdf.ts';
import { isExtractionError } from './errors.ts';
import { createOcrEngine, type OcrEngine } from './ocr.ts';
import type { RenderOutcome, WorkerOutcome } from './run-in-worker.ts';

/**
 * Worker-thread entry for `extractInWorker` (run-in-worker.ts). It reads one file per message,
 * { id, bytes, options }, and answers { id, outcome }; its parent reuses it for the next file
 * and terminates it at a deadline. The bundled build must emit this file as its own entry
 * (see README.md).
 */

export type WorkerRequest = {
  id: number;
  bytes: Uint8Array;
  options: Omit<ExtractOptions, 'ocr' | 'onReject' | 'onProgress'>;
  /** Draw this page of a PDF as a PNG (for review beside the page) instead of reading it. */
  renderPage?: { page: number; width: number };
};
/** Progress messages (pages read of all) come before the one outcome. */
export type WorkerResponse = { id: number; outcome: WorkerOutcome | RenderOutcome } | { id: number; progress: { pagesRead: number; pageCount: number } };

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
  async readLines(image, boxes, opts) {
    engine ??= createOcrEngine();
    return (await engine).readLines(image, boxes, opts);
  },
  async terminate() {
    // Kept for the next file; it ends with this thread.
  },
};

parentPort?.on('message', async (request: WorkerRequest) => {
  let outcome: WorkerOutcome;
  try {
    if (request.renderPage) {
      const png = await renderPdfPageImage(request.bytes, request.renderPage.page, request.renderPage.width);
      parentPort?.postMessage({ id: request.id, outcome: { ok: true, image: png } } satisfies WorkerResponse, [png.buffer as ArrayBuffer]);
      return;
    }
    const onProgress = (progress: { pagesRead: number; pageCount: number }) => parentPort?.postMessage({ id: request.id, progress } satisfies WorkerResponse);
    outcome = { ok: true, ...(await extractDocumentWithLeftovers(request.bytes, { ...request.options, ocr: sharedOcr, onProgress })) };
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

async function renderPdfPageImage(bytes: Uint8Array, page: number, width: number): Promise<Uint8Array> {
  const doc = await openPdf(bytes);
  try {
    if (page < 1 || page > doc.numPages) throw new ExtractionError('corrupt-file', 'This page is not in the file');
    const first = await doc.getPage(page);
    const scale = width / first.getViewport({ scale: 1 }).width;
    first.cleanup();
    const png = await renderPdfPage(doc, page, { scale, maxPixels: 8_000_000 });
    return new Uint8Array(png.buffer, png.byteOffset, png.byteLength).slice();
  } finally {
    await doc.loadingTask.destroy();
  }
}
