import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { splitAtBlankRows, toPgm, type GrayImage } from './image.ts';
import type { TextLine } from './parser.ts';
import { clampBox, type PageBox } from './boxes.ts';

const require = createRequire(import.meta.url);

/**
 * tesseract.js workers, started once and reused (each costs about 0.3 s to start and 130 MB).
 * An image is cut at blank rows into one band per worker and the bands are read side by side:
 * tesseract reads on one core, and a page scaled up for small print would otherwise take 1.3x
 * as long as tesseract alone on the original (bench/extraction.bench.ts).
 */
export type OcrEngine = {
  recognize(image: GrayImage): Promise<TextLine[]>;
  terminate(): Promise<void>;
};

type TesseractWorker = {
  setParameters(params: Record<string, string>): Promise<unknown>;
  recognize(image: Buffer, options?: Record<string, unknown>, output?: Record<string, boolean>): Promise<{ data: { text: string; tsv?: string | null } }>;
  terminate(): Promise<unknown>;
};

/** `workers`: how many bands of an image are read at once; default one a core, at most two. */
export async function createOcrEngine(opts: { workers?: number } = {}): Promise<OcrEngine> {
  const count = opts.workers ?? Math.min(2, availableParallelism());
  const workers = await Promise.all(Array.from({ length: count }, startWorker));
  let queue: Promise<unknown> = Promise.resolve();
  return {
    recognize(image) {
      // A tesseract worker reads one image at a time; keep callers in line.
      const job = queue.then(async () => {
        const bands = splitAtBlankRows(image, workers.length);
        const read = await Promise.all(
          bands.map(async (band, i) => {
            const { data } = await workers[i]!.recognize(toPgm(image, band), {}, { text: true, tsv: true });
            return withBoxes(data.text, data.tsv ?? null, { top: band.top, width: image.width, height: image.height });
          }),
        );
        return read.flat();
      });
      queue = job.catch(() => undefined);
      return job;
    },
    async terminate() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/**
 * The text's lines with the OCR box of each (tesseract's TSV, level 4 rows, in the text's own
 * order). The text stays what tesseract printed; when the two do not line up, no boxes.
 */
export function withBoxes(text: string, tsv: string | null, frame: { top: number; width: number; height: number }): TextLine[] {
  const lines: TextLine[] = text.split('\n').map((line) => ({ text: line, source: 'ocr' as const }));
  if (!tsv) return lines;
  const boxes: PageBox[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== '4') continue;
    const [left, top, width, height] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    boxes.push(clampBox({ page: 1, x: left / frame.width, y: (top + frame.top) / frame.height, width: width / frame.width, height: height / frame.height }));
  }
  const filled = lines.filter((line) => line.text.trim() !== '');
  if (filled.length !== boxes.length) return lines;
  filled.forEach((line, i) => {
    line.box = boxes[i];
  });
  return lines;
}

async function startWorker(): Promise<TesseractWorker> {
  const tesseract = require('tesseract.js') as {
    createWorker(lang: string, oem: number, options: Record<string, unknown>): Promise<TesseractWorker>;
  };
  const langPath = (require('@tesseract.js-data/eng') as { langPath: string }).langPath;
  // Offline: the English model ships in @tesseract.js-data/eng; nothing is fetched or cached.
  const worker = await tesseract.createWorker('eng', 1, { langPath, gzip: true, cacheMethod: 'none' });
  // No rotateAuto: its extra layout pass cost 25-40% of the OCR time and read no value more on
  // the samples, the 2.5-degree phone photo included. No inverted second reading
  // (tessedit_do_invert): tesseract reads every line it is unsure of again as white on black;
  // lab values are printed dark on light, and it cost a quarter of the OCR time while reading
  // only a letterhead's white-on-blue name more.
  await worker.setParameters({ tessedit_do_invert: '0' });
  return worker;
}
