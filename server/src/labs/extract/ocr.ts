import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { splitAtBlankRows, toPgm, type GrayImage } from './image.ts';
import type { TextLine } from './parser.ts';
import { clampBox, type PageBox } from './boxes.ts';
import { findColumnBand, wordsOfTsv, type ColumnBand } from './columns.ts';

const require = createRequire(import.meta.url);

/**
 * tesseract.js workers, started once and reused (each costs about 0.3 s to start and 130 MB).
 * An image is cut at blank rows into one band per worker and the bands are read side by side:
 * tesseract reads on one core, and a page scaled up for small print would otherwise take 1.3x
 * as long as tesseract alone on the original (bench/extraction.bench.ts).
 */
export type OcrEngine = {
  recognize(image: GrayImage): Promise<TextLine[]>;
  /** Reads each box of the image again as one line, larger (second-reading.ts); null where nothing was read. */
  readLines(image: GrayImage, boxes: PageBox[], opts?: LineReading): Promise<Array<string | null>>;
  terminate(): Promise<void>;
};

/** `digits`: read as numbers only; `stretch`: the line's contrast stretched; `binarise`: black and white (lineImage). */
export type LineReading = { digits?: boolean; stretch?: boolean; binarise?: boolean };

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
      const job = queue.then(() =>
        readPage(image, workers.length, async (pgm, i) => {
          const { data } = await workers[i]!.recognize(pgm, {}, { text: true, tsv: true });
          return { text: data.text, tsv: data.tsv ?? null };
        }),
      );
      queue = job.catch(() => undefined);
      return job;
    },
    readLines(image, boxes, opts = {}) {
      const params = { tessedit_pageseg_mode: '7', ...(opts.digits ? { tessedit_char_whitelist: DIGITS } : {}) };
      const job = queue.then(async () => {
        const out: Array<string | null> = boxes.map(() => null);
        await Promise.all(
          workers.map(async (worker, w) => {
            for (let i = w; i < boxes.length; i += workers.length) {
              const { data } = await worker.recognize(await lineImage(image, boxes[i]!, opts), params, { text: true });
              out[i] = data.text.trim() || null;
            }
          }),
        );
        return out;
      });
      queue = job.catch(() => undefined);
      return job;
    },
    async terminate() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** Reads an image (a PGM) on the given worker: tesseract's text and TSV. */
export type PgmReader = (pgm: Buffer, worker: number) => Promise<{ text: string; tsv: string | null }>;

/**
 * An image's lines: its bands read side by side, then, on a two-column page, the two-column
 * band read again column by column (columns.ts).
 */
export async function readPage(image: GrayImage, workerCount: number, read: PgmReader): Promise<TextLine[]> {
  const bands = splitAtBlankRows(image, workerCount);
  const reads = await Promise.all(bands.map(async (band, i): Promise<BandRead> => ({ ...(await read(toPgm(image, band), i)), top: band.top })));
  const lines = linesFromReads(reads, image);
  const band = lines.some((l) => l.box) ? findColumnBand(reads.flatMap((r, i) => wordsOfTsv(r.tsv, { top: r.top, tag: String(i) })), image.width) : null;
  if (!band) return lines;
  const parts = [
    { left: 0, right: band.gutter },
    { left: band.gutter, right: image.width },
  ];
  const columns = await Promise.all(
    parts.map(async (part, i) => {
      const rect = { ...part, top: band.top, bottom: band.bottom };
      const { text, tsv } = await read(cropPgm(image, rect), i % workerCount);
      return withBoxes(text, tsv, { left: rect.left, top: rect.top, width: image.width, height: image.height });
    }),
  );
  return mergeColumns(lines, band, image.height, columns.flat());
}

/** What tesseract printed for one band of an image: its text and TSV, and the band's first row. */
export type BandRead = { text: string; tsv: string | null; top: number };

/** The lines of an image from its bands' readings, top band first. */
export function linesFromReads(reads: BandRead[], image: { width: number; height: number }): TextLine[] {
  return reads.flatMap((read) => withBoxes(read.text, read.tsv, { left: 0, top: read.top, width: image.width, height: image.height }));
}

/** The first reading's lines above and below a two-column band around the band's lines read column by column. */
export function mergeColumns(lines: TextLine[], band: ColumnBand, imageHeight: number, columns: TextLine[]): TextLine[] {
  const middle = (l: TextLine) => (l.box ? (l.box.y + l.box.height / 2) * imageHeight : -1);
  const above = lines.filter((l) => middle(l) < band.top);
  const below = lines.filter((l) => middle(l) > band.bottom);
  return [...above, ...columns, ...below];
}

/**
 * The text's lines with the OCR box of each (tesseract's TSV, level 4 rows, in the text's own
 * order). The text stays what tesseract printed; when the two do not line up, no boxes.
 */
export function withBoxes(text: string, tsv: string | null, frame: { left: number; top: number; width: number; height: number }): TextLine[] {
  const lines: TextLine[] = text.split('\n').map((line) => ({ text: line, source: 'ocr' as const }));
  if (!tsv) return lines;
  const boxes: PageBox[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== '4') continue;
    const [left, top, width, height] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    boxes.push(clampBox({ page: 1, x: (left + frame.left) / frame.width, y: (top + frame.top) / frame.height, width: width / frame.width, height: height / frame.height }));
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

/** What a value may be printed with, for a reading of digits only. */
const DIGITS = '0123456789.,<>-';

/** Grey above it turns white in a binarised line: a shaded cell's background goes, the ink stays. */
const BINARY_THRESHOLD = 150;

/** How much larger a line is read the second time: small print's separators survive it. */
const LINE_SCALE = 2;

/**
 * A box cut from the image, at its top and bottom and a little wider than it, scaled up and set
 * in white, as a PGM (the caller decides how much above and below a line to cut). `stretch`: the
 * contrast stretched (a photo's grey paper), for a separator the usual reading did not give;
 * `binarise`: in black and white instead (a table cell's grey shading gone).
 */
export async function lineImage(image: GrayImage, box: PageBox, opts: Pick<LineReading, 'stretch' | 'binarise'> = {}): Promise<Buffer> {
  const side = Math.round(box.height * image.height);
  const left = Math.max(0, Math.floor(box.x * image.width) - side);
  const top = Math.max(0, Math.floor(box.y * image.height));
  const right = Math.min(image.width, Math.ceil((box.x + box.width) * image.width) + side);
  const bottom = Math.min(image.height, Math.ceil((box.y + box.height) * image.height));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  const crop = cropPgm(image, { left, top, right, bottom }).subarray(-width * height);
  const border = 16 * LINE_SCALE;
  const scaled = sharp(crop, { raw: { width, height, channels: 1 } }).resize({ width: width * LINE_SCALE, kernel: 'lanczos3' });
  // sharp thresholds before it normalises, whatever the order of the calls: a stretch asked for
  // with the threshold changes nothing, yet is computed (its cost: bench/RESULTS.md, extraction).
  const { data, info } = await (opts.binarise ? scaled.threshold(BINARY_THRESHOLD) : opts.stretch ? scaled.normalise() : scaled)
    .extend({ top: border, bottom: border, left: border, right: border, background: '#ffffff' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return toPgm({ width: info.width, height: info.height, pixels: data });
}

/** A rectangle of the image (pixels, right and bottom excluded) as a PGM. */
export function cropPgm(image: GrayImage, rect: { left: number; top: number; right: number; bottom: number }): Buffer {
  const width = Math.max(1, rect.right - rect.left);
  const height = Math.max(1, rect.bottom - rect.top);
  const pixels = Buffer.alloc(width * height, 255);
  for (let y = 0; y < height && rect.top + y < image.height; y++) {
    const from = (rect.top + y) * image.width + rect.left;
    image.pixels.copy(pixels, y * width, from, from + width);
  }
  return toPgm({ width, height, pixels });
}
