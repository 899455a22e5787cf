import type { ExtractionResult } from '#contract/biomarkers.ts';
import type { DateOrder } from './dates.ts';
import { readDocLines } from './doc.ts';
import { readDocxLines } from './docx.ts';
import { ExtractionError } from './errors.ts';
import { DEFAULT_MAX_PIXELS, prepareImageForOcr, type GrayImage } from './image.ts';
import { createOcrEngine, type OcrEngine } from './ocr.ts';
import { parseLines, type TextLine } from './parser.ts';
import { readDoubtfulLinesAgain } from './second-reading.ts';
import { openPdf, readPdfPageText, renderPdfPage } from './pdf.ts';
import { sniffDocument, type DocumentKind } from './sniff.ts';

export type ExtractOptions = {
  /** A started OCR engine to reuse (recommended when extracting many files); false turns OCR off. */
  ocr?: OcrEngine | false;
  /** Refuse files larger than this; default 25 MB. */
  maxBytes?: number;
  /** Refuse images (and cap rendered PDF pages) above this many pixels; default 40 million. */
  maxPixels?: number;
  /** Read at most this many PDF pages; default 30. */
  maxPages?: number;
  /** A PDF page with fewer characters in its text layer is treated as scanned and OCR'd; default 40. */
  minPageChars?: number;
  dateOrder?: DateOrder;
  onReject?: (line: string, reason: string) => void;
  /** Told after each page (or image) is read: the extraction's real progress. */
  onProgress?: (progress: { pagesRead: number; pageCount: number }) => void;
};

export type DocumentText = { kind: DocumentKind; lines: TextLine[]; ocrPages: number; pageCount?: number };

const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/** Reads a report (PDF, DOC, DOCX, PNG or JPEG, sniffed by content) and returns its biomarkers. */
export async function extractDocument(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<ExtractionResult> {
  return (await extractDocumentWithLeftovers(bytes, opts)).result;
}

/** What a reading by a model needs beside the result: the report's text lines, and how many rows looked like results but were not read. */
export type Leftovers = { lines: Pick<TextLine, 'text' | 'source' | 'box'>[]; unreadRows: number };

/** `extractDocument`, with the leftovers of its reading. */
export async function extractDocumentWithLeftovers(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<{ result: ExtractionResult; leftovers: Leftovers }> {
  const text = await extractDocumentText(bytes, opts);
  let unreadRows = 0;
  const result = parseLines(text.lines, {
    ...(opts.dateOrder ? { dateOrder: opts.dateOrder } : {}),
    onReject: (line, reason) => {
      unreadRows += 1;
      opts.onReject?.(line, reason);
    },
  });
  return {
    result: text.pageCount === undefined ? result : { ...result, pageCount: text.pageCount },
    leftovers: { lines: text.lines.map(({ text, source, box }) => (box ? { text, source, box } : { text, source })), unreadRows },
  };
}

/** The text lines of a report, before parsing: the lower-level half of `extractDocument`. */
export async function extractDocumentText(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<DocumentText> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.byteLength > maxBytes) {
    throw new ExtractionError('too-large', `This file is too large (${(bytes.byteLength / 1048576).toFixed(1)} MB); the limit is ${Math.round(maxBytes / 1048576)} MB`);
  }
  const kind = await sniffDocument(bytes);
  const ocr = new LazyOcr(opts.ocr);
  try {
    const { lines, ocrPages, pageCount } = await readByKind(kind, bytes, opts, ocr);
    if (!lines.some((l) => l.text.trim() !== '')) {
      throw new ExtractionError('no-text', 'No text could be read from this file');
    }
    return { kind, lines, ocrPages, ...(pageCount === undefined ? {} : { pageCount }) };
  } finally {
    await ocr.dispose();
  }
}

type ReadText = { lines: TextLine[]; ocrPages: number; pageCount?: number };

async function readByKind(kind: DocumentKind, bytes: Uint8Array, opts: ExtractOptions, ocr: LazyOcr): Promise<ReadText> {
  switch (kind) {
    case 'pdf':
      return readPdf(bytes, opts, ocr);
    case 'docx':
      return { lines: await readDocxLines(bytes), ocrPages: 0 };
    case 'doc':
      return { lines: await readDocLines(bytes), ocrPages: 0 };
    case 'png':
    case 'jpeg': {
      opts.onProgress?.({ pagesRead: 0, pageCount: 1 });
      const image = await prepareImageForOcr(bytes, { maxPixels: opts.maxPixels ?? DEFAULT_MAX_PIXELS });
      const lines = await ocr.recognizeWithSecondReading(image);
      opts.onProgress?.({ pagesRead: 1, pageCount: 1 });
      return { lines, ocrPages: 1, pageCount: 1 };
    }
  }
}

async function readPdf(bytes: Uint8Array, opts: ExtractOptions, ocr: LazyOcr): Promise<ReadText> {
  const doc = await openPdf(bytes);
  try {
    if (doc.numPages === 0) throw new ExtractionError('corrupt-file', 'This PDF has no pages');
    const pageCount = Math.min(doc.numPages, opts.maxPages ?? 30);
    const lines: TextLine[] = [];
    let ocrPages = 0;
    opts.onProgress?.({ pagesRead: 0, pageCount });
    for (let page = 1; page <= pageCount; page++) {
      if (page > 1) opts.onProgress?.({ pagesRead: page - 1, pageCount });
      const text = await readPdfPageText(doc, page).catch((error: unknown) => {
        throw new ExtractionError('corrupt-file', 'This PDF could not be read; it may be damaged', { cause: error });
      });
      if (text.charCount >= (opts.minPageChars ?? 40) || !ocr.enabled) {
        lines.push(...text.lines);
        continue;
      }
      const png = await renderPdfPage(doc, page, { maxPixels: Math.min(opts.maxPixels ?? DEFAULT_MAX_PIXELS, 25_000_000) });
      const image = await prepareImageForOcr(png, { maxPixels: opts.maxPixels ?? DEFAULT_MAX_PIXELS });
      lines.push(...(await ocr.recognizeWithSecondReading(image)).map((line) => ({ ...line, page, ...(line.box ? { box: { ...line.box, page } } : {}) })));
      ocrPages++;
    }
    opts.onProgress?.({ pagesRead: pageCount, pageCount });
    return { lines, ocrPages, pageCount };
  } finally {
    await doc.loadingTask.destroy();
  }
}

/** Starts tesseract only when a page or image needs it, and stops it only if it started it. */
class LazyOcr {
  private own: Promise<OcrEngine> | null = null;

  constructor(private readonly given: OcrEngine | false | undefined) {}

  get enabled(): boolean {
    return this.given !== false;
  }

  /** The image's lines, doubtful ones read a second time (second-reading.ts). */
  async recognizeWithSecondReading(image: GrayImage): Promise<TextLine[]> {
    const engine = await this.engine();
    const lines = await engine.recognize(image);
    return readDoubtfulLinesAgain(lines, (boxes, how) => engine.readLines(image, boxes, how));
  }

  private async engine(): Promise<OcrEngine> {
    if (this.given === false) throw new ExtractionError('no-text', 'This file needs OCR, which is turned off here');
    if (this.given) return this.given;
    this.own ??= createOcrEngine();
    return this.own;
  }

  async dispose(): Promise<void> {
    if (this.own) await (await this.own).terminate();
  }
}
