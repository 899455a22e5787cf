import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { LAB_MESSAGES, LAB_UPLOAD_FIELD } from '#contract/labs.ts';
import { AppError } from '#server/http/app-error.ts';
import { readOneFile } from '#server/http/multipart.ts';
import { isExtractionError } from '#server/labs/extract/errors.ts';
import { readImageSize } from '#server/labs/extract/image.ts';
import { type DocumentKind, sniffDocument } from '#server/labs/extract/sniff.ts';

export type PreparedUpload = { kind: DocumentKind; contentType: string; fileName: string; bytes: Uint8Array };

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpeg: 'image/jpeg',
};
const EXTENSIONS: Record<DocumentKind, string[]> = {
  pdf: ['.pdf'],
  doc: ['.doc'],
  docx: ['.docx'],
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
};

/** Reads the one file of a lab or import upload (field `file`), refusing more than `maxBytes` with 413. */
export function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<{ fileName: string; bytes: Buffer }> {
  return readOneFile(request, { field: LAB_UPLOAD_FIELD, maxBytes, tooLarge: () => tooLarge(maxBytes), messages: LAB_MESSAGES });
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${formatMegabytes(maxBytes)}; please upload a smaller file`);
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Judges the file by its content, refuses what we cannot take (415 with the reason), and strips
 * images of location and other metadata (orientation applied first) before anything is stored.
 */
export async function prepareUpload(bytes: Uint8Array, uploadedName: string, maxPixels: number): Promise<PreparedUpload> {
  if (bytes.byteLength === 0) throw AppError.validation(LAB_UPLOAD_FIELD, LAB_MESSAGES.emptyFile);
  let kind: DocumentKind;
  try {
    kind = await sniffDocument(bytes);
  } catch (error) {
    if (isExtractionError(error)) {
      if (error.code === 'empty-file') throw AppError.validation(LAB_UPLOAD_FIELD, LAB_MESSAGES.emptyFile);
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', error.message);
    }
    throw error;
  }
  const stored = kind === 'png' || kind === 'jpeg' ? await stripImage(bytes, kind, maxPixels) : bytes;
  return { kind, contentType: CONTENT_TYPES[kind], fileName: displayName(uploadedName, kind), bytes: stored };
}

async function stripImage(bytes: Uint8Array, kind: 'png' | 'jpeg', maxPixels: number): Promise<Uint8Array> {
  let size: { width: number; height: number };
  try {
    size = await readImageSize(bytes);
  } catch {
    throw AppError.validation(LAB_UPLOAD_FIELD, 'This image could not be read; it may be damaged. Please upload it again or as a PDF');
  }
  if (size.width * size.height > maxPixels) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This image is too large (${size.width} x ${size.height} pixels); please upload one under ${Math.round(maxPixels / 1e6)} megapixels`,
    );
  }
  try {
    // failOn 'none': a photo cut short still keeps what arrived; extraction reports what it can read.
    const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'none' }).rotate();
    const encoded = kind === 'png' ? image.png({ compressionLevel: 6 }) : image.jpeg({ quality: 92, mozjpeg: false });
    return new Uint8Array(await encoded.toBuffer());
  } catch {
    throw AppError.validation(LAB_UPLOAD_FIELD, 'This image could not be read; it may be damaged. Please upload it again or as a PDF');
  }
}

/**
 * The name shown and offered on download: the uploaded base name without control or path
 * characters, with the extension of the real type (a PDF named "scan.png" becomes "scan.pdf").
 */
export function displayName(uploaded: string, kind: DocumentKind): string {
  const base = path.basename(uploaded.replaceAll('\\', '/'));
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '').replace(/\s+/g, ' ').trim();
  const ext = path.extname(clean).toLowerCase();
  const stem = (ext ? clean.slice(0, -ext.length) : clean).trim();
  const safeStem = stem.replace(/^\.+/, '').slice(0, 150) || 'lab-report';
  return `${safeStem}${EXTENSIONS[kind].includes(ext) ? ext : EXTENSIONS[kind][0]}`;
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function newStorageKey(userId: string): string {
  return `${userId.toLowerCase()}/${randomUUID()}`;
}
