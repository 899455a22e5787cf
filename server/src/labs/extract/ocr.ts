import { createRequire } from 'node:module';
import type { TextLine } from './parser.ts';

const require = createRequire(import.meta.url);

/** One tesseract.js worker; start it once and reuse it, it costs about 0.3 s and 100+ MB. */
export type OcrEngine = {
  recognize(image: Uint8Array): Promise<TextLine[]>;
  terminate(): Promise<void>;
};

type TesseractWorker = {
  recognize(image: Buffer, options?: Record<string, unknown>): Promise<{ data: { text: string } }>;
  terminate(): Promise<unknown>;
};

export async function createOcrEngine(): Promise<OcrEngine> {
  const tesseract = require('tesseract.js') as {
    createWorker(lang: string, oem: number, options: Record<string, unknown>): Promise<TesseractWorker>;
  };
  const langPath = (require('@tesseract.js-data/eng') as { langPath: string }).langPath;
  // Offline: the English model ships in @tesseract.js-data/eng; nothing is fetched or cached.
  const worker = await tesseract.createWorker('eng', 1, { langPath, gzip: true, cacheMethod: 'none' });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    recognize(image) {
      // tesseract.js runs one job at a time per worker; keep callers in line.
      const job = queue.then(async () => {
        // No rotateAuto: its extra layout pass cost 25-40% of the OCR time and read no value more
        // on the samples, the 2.5-degree phone photo included (bench/extraction.bench.ts).
        const { data } = await worker.recognize(Buffer.from(image));
        return data.text.split('\n').map((text) => ({ text, source: 'ocr' as const }));
      });
      queue = job.catch(() => undefined);
      return job;
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
