import sharp from 'sharp';
import { ExtractionError } from './errors.ts';
import { estimateSkew, flattenLight, removeRules } from './page-cleanup.ts';

export const DEFAULT_MAX_PIXELS = 40_000_000;

/** Width the OCR input is scaled towards: small print in a 1000 px scan loses its decimal points. */
const OCR_TARGET_WIDTH = 2000;

/** An 8-bit grayscale image, one byte a pixel, row after row. */
export type GrayImage = { width: number; height: number; pixels: Buffer };

/** A horizontal strip of an image: rows `top` (included) to `bottom` (excluded). */
export type Band = { top: number; bottom: number };

/**
 * Checks an image's size from its header (nothing is decoded), then decodes it into a clean
 * grayscale image sized for OCR.
 * Refuses images over `maxPixels` before decoding a byte of them.
 *
 * Light is evened out, the page turned level and table rules taken out (page-cleanup.ts);
 * all but the last at the original size, before the upscale.
 */
export async function prepareImageForOcr(bytes: Uint8Array, opts: { maxPixels?: number } = {}): Promise<GrayImage> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const { width, height } = await readImageSize(bytes);
  if (width * height > maxPixels) {
    throw new ExtractionError('too-many-pixels', `This image is too large (${width} x ${height} pixels); please upload one under ${Math.round(maxPixels / 1e6)} megapixels`);
  }
  let gray: { data: Buffer; info: { width: number; height: number } };
  try {
    gray = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true })
      .rotate()
      .flatten({ background: '#ffffff' })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ExtractionError('corrupt-file', 'This image could not be read; it may be damaged or incomplete', { cause: error });
  }
  // Light evened out and the page turned level at the original size, scaled only after: the
  // upscale is the costliest step and is done once.
  const flat = flattenLight({ width: gray.info.width, height: gray.info.height, pixels: gray.data });
  const skew = estimateSkew(flat);
  const scale = Math.min(3, Math.max(1, OCR_TARGET_WIDTH / flat.width));
  let pipeline = sharp(flat.pixels, { raw: { width: flat.width, height: flat.height, channels: 1 } });
  if (Math.abs(skew) >= MIN_SKEW) pipeline = pipeline.rotate(-skew, { background: '#ffffff' });
  if (scale > 1) pipeline = pipeline.resize({ width: Math.round(flat.width * scale), kernel: 'lanczos3' });
  if (scale === 1 && Math.abs(skew) < MIN_SKEW) return withoutRules(flat);
  const out = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
  return withoutRules({ width: out.info.width, height: out.info.height, pixels: out.data });
}

/** A tilt below this (degrees) is left alone: tesseract reads it, and rotating blurs the glyphs. */
const MIN_SKEW = 0.3;

function withoutRules(image: GrayImage): GrayImage {
  removeRules(image);
  return image;
}

/** A band as a binary PGM, which tesseract reads without a PNG round trip. */
export function toPgm(image: GrayImage, band: Band = { top: 0, bottom: image.height }): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${band.bottom - band.top}\n255\n`);
  return Buffer.concat([header, image.pixels.subarray(band.top * image.width, band.bottom * image.width)]);
}

/**
 * Cuts an image into up to `parts` bands of about equal height to be read side by side,
 * cutting only through blank rows, so that no line of text is split. Where no blank run is
 * found near a cut, the bands on either side stay one.
 */
export function splitAtBlankRows(image: GrayImage, parts: number): Band[] {
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const cut = blankRowNear(image, Math.round((image.height * k) / parts), Math.round(image.height / (parts * 4)));
    if (cut !== undefined && cut > (cuts.at(-1) ?? 0)) cuts.push(cut);
  }
  const edges = [0, ...cuts, image.height];
  return edges.slice(1).map((bottom, i) => ({ top: edges[i]!, bottom }));
}

const INK = 128;
/** Fewer dark pixels than this share of a row's width count as speckle, not text. */
const SPECKLE = 1 / 1000;
/** A vertical dark run taller than this share of the width (80 px at 2000) is a rule, not a glyph. */
const RULE_RUN_SHARE = 1 / 25;
/** Vertical rules cover at most this share of a row (ten 1 pt rules at 2000 px are 3%). */
const MAX_RULE_SHARE = 0.05;
/** A run of blank rows must be this tall to be cut through (at OCR scale, a line gap is 10+ rows). */
const MIN_GAP = 4;

/** The middle row of the blank run nearest `centre` (within `reach` rows), seeing through vertical rules. */
function blankRowNear(image: GrayImage, centre: number, reach: number): number | undefined {
  const { width, pixels } = image;
  const top = Math.max(0, centre - reach);
  const bottom = Math.min(image.height, centre + reach);
  // A dark run down a column taller than any glyph is a table's vertical rule: it crosses
  // blank rows and text rows alike, so its pixels are counted apart from the ink.
  const ruleRun = Math.max(MIN_GAP, Math.round(width * RULE_RUN_SHARE));
  const ink = new Uint32Array(bottom - top);
  const rule = new Uint32Array(bottom - top);
  for (let x = 0; x < width; x++) {
    let runStart = -1;
    for (let y = top; y <= bottom; y++) {
      const dark = y < bottom && pixels[y * width + x]! < INK;
      if (dark) {
        ink[y - top]!++;
        if (runStart < 0) runStart = y;
      } else if (runStart >= 0) {
        for (let k = runStart; y - runStart >= ruleRun && k < y; k++) {
          ink[k - top]!--;
          rule[k - top]!++;
        }
        runStart = -1;
      }
    }
  }
  let best: number | undefined;
  let runStart = -1;
  for (let y = top; y <= bottom; y++) {
    // A row crossed by too many "rules" runs through a dark area (a banner, a picture), not a gap.
    const blank = y < bottom && ink[y - top]! <= width * SPECKLE && rule[y - top]! <= width * MAX_RULE_SHARE;
    if (blank && runStart < 0) runStart = y;
    if (!blank && runStart >= 0) {
      const middle = runStart + Math.floor((y - runStart) / 2);
      if (y - runStart >= MIN_GAP && (best === undefined || Math.abs(middle - centre) < Math.abs(best - centre))) best = middle;
      runStart = -1;
    }
  }
  return best;
}

/** Dimensions from the file header (PNG IHDR read directly; other formats through sharp's metadata). */
export async function readImageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  if (isPng) {
    if (bytes.byteLength < 33) throw new ExtractionError('corrupt-file', 'This image could not be read; it may be damaged or incomplete');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const width = view.getUint32(16);
    const height = view.getUint32(20);
    if (width === 0 || height === 0) throw new ExtractionError('corrupt-file', 'This image could not be read; it may be damaged or incomplete');
    return { width, height };
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    const rotated = (meta.orientation ?? 1) >= 5;
    return rotated ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch (error) {
    throw new ExtractionError('corrupt-file', 'This image could not be read; it may be damaged or incomplete', { cause: error });
  }
}
