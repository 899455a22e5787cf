import sharp from 'sharp';
import { ExtractionError } from './errors.ts';

export const DEFAULT_MAX_PIXELS = 40_000_000;

/** Width the OCR input is scaled towards: small print in a 1000 px scan loses its decimal points. */
const OCR_TARGET_WIDTH = 2000;

/**
 * Checks an image's size from its header (nothing is decoded), then decodes it into a clean
 * grayscale PNG sized for OCR. Refuses images over `maxPixels` before decoding a byte of them.
 */
export async function prepareImageForOcr(bytes: Uint8Array, opts: { maxPixels?: number } = {}): Promise<Buffer> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const { width, height } = await readImageSize(bytes);
  if (width * height > maxPixels) {
    throw new ExtractionError('too-many-pixels', `This image is too large (${width} x ${height} pixels); please upload one under ${Math.round(maxPixels / 1e6)} megapixels`);
  }
  const scale = Math.min(3, Math.max(1, OCR_TARGET_WIDTH / width));
  try {
    return await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: Math.round(width * scale), kernel: 'lanczos3' })
      .grayscale()
      .normalise()
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (error) {
    throw new ExtractionError('corrupt-file', 'This image could not be read; it may be damaged or incomplete', { cause: error });
  }
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
