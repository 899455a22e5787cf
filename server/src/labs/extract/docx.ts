import { Unzip, UnzipInflate, unzipSync, zipSync, type Zippable } from 'fflate';
import mammoth from 'mammoth';
import { ExtractionError } from './errors.ts';
import type { TextLine } from './parser.ts';

/**
 * DOCX to text lines: paragraphs become lines and each table row becomes one line with its
 * cells in order. mammoth has no size limit of its own, so the zip is checked first (entry
 * count, declared sizes, compression ratio) and then inflated here with a hard cap on the bytes
 * actually produced; mammoth only ever sees the verified copy.
 */

export type DocxLimits = { maxEntries?: number; maxInflatedBytes?: number; maxRatio?: number };

const DEFAULTS = { maxEntries: 2000, maxInflatedBytes: 64 * 1024 * 1024, maxRatio: 200 };
const BOMB_MESSAGE = 'This Word document expands to far more data than a lab report holds and was not opened';

export async function readDocxLines(bytes: Uint8Array, limits: DocxLimits = {}): Promise<TextLine[]> {
  const verified = inflateWithinLimits(bytes, { ...DEFAULTS, ...limits });
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(zipSync(verified, { level: 0 })) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch (error) {
    throw new ExtractionError('corrupt-file', 'This Word document could not be read; it may be damaged', { cause: error });
  }
  return htmlToLines(html).map((text) => ({ text, source: 'text' as const }));
}

function inflateWithinLimits(bytes: Uint8Array, limits: Required<DocxLimits>): Zippable {
  let entries = 0;
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter(info) {
        entries++;
        declared += info.originalSize;
        if (info.size > 0 && info.originalSize / info.size > limits.maxRatio && info.originalSize > 1024 * 1024) {
          throw new ExtractionError('zip-bomb', BOMB_MESSAGE);
        }
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError('corrupt-file', 'This Word document could not be read; it may be damaged', { cause: error });
  }
  if (entries > limits.maxEntries || declared > limits.maxInflatedBytes) throw new ExtractionError('zip-bomb', BOMB_MESSAGE);

  const out: Record<string, Uint8Array[]> = {};
  let inflated = 0;
  let bomb = false;
  const unzip = new Unzip((file) => {
    // Images are not needed for text and are the bulk of most documents.
    if (file.name.startsWith('word/media/') || file.name.endsWith('/')) return;
    const chunks: Uint8Array[] = [];
    out[file.name] = chunks;
    file.ondata = (error, chunk) => {
      if (error) throw new ExtractionError('corrupt-file', 'This Word document could not be read; it may be damaged', { cause: error });
      inflated += chunk.byteLength;
      if (inflated > limits.maxInflatedBytes) {
        bomb = true;
        throw new ExtractionError('zip-bomb', BOMB_MESSAGE);
      }
      chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // Small pushes keep each inflate step small, so the cap bites before memory does.
    const step = 4096;
    for (let offset = 0; offset < bytes.byteLength; offset += step) {
      unzip.push(bytes.subarray(offset, offset + step), offset + step >= bytes.byteLength);
    }
  } catch (error) {
    // fflate may wrap what a callback throws; the flag says what really happened.
    if (bomb) throw new ExtractionError('zip-bomb', BOMB_MESSAGE);
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError('corrupt-file', 'This Word document could not be read; it may be damaged', { cause: error });
  }
  const files: Zippable = {};
  for (const [name, chunks] of Object.entries(out)) files[name] = concat(chunks);
  if (!files['word/document.xml']) throw new ExtractionError('corrupt-file', 'This Word document could not be read; it has no document body');
  return files;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const total = chunks.reduce((sum, c) => sum + c.byteLength, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** mammoth's simple HTML to lines: one per paragraph, one per table row (cells joined by two spaces). */
export function htmlToLines(html: string): string[] {
  const flattenedCells = html.replace(/<(t[dh])\b[^>]*>([\s\S]*?)<\/\1>/g, (_m, _tag, inner: string) =>
    `${inner.replace(/<\/p>|<br\s*\/?>/g, ' ')}\t`,
  );
  const text = flattenedCells
    .replace(/<tr\b[^>]*>/g, '\n')
    .replace(/<\/(?:p|h[1-6]|li|tr|table)>|<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '');
  // Cells (and tabs) end two spaces apart, as in a PDF's text layer: "5 200" in one cell is one number.
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/ +/g, ' ').replace(/ ?\t[\t ]*/g, '  ').trim())
    .filter((line) => line !== '');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}
