import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { BLOG_MESSAGES, BLOG_THUMBNAIL_FIELD, BLOG_THUMBNAIL_MAX_BYTES, BLOG_THUMBNAIL_MAX_WIDTH } from '#contract/blog.ts';
import { AppError } from '#server/http/app-error.ts';
import { readOneFile } from '#server/http/multipart.ts';

/** Largest image (width x height) we decode, checked from the header first (field notes: a small PNG can decode to gigabytes). */
const MAX_INPUT_PIXELS = 40_000_000;

export type ThumbnailKind = 'png' | 'jpeg' | 'webp' | 'svg';
export type PreparedThumbnail = { bytes: Uint8Array; contentType: string };

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/** Storage keys of thumbnails: generated, never from a file name (`assertValidKey` checks them again). */
export const THUMBNAIL_KEY_PREFIX = 'blog/';

export function newThumbnailKey(): string {
  return `${THUMBNAIL_KEY_PREFIX}${randomUUID()}`;
}

/** The public address of a stored thumbnail. */
export function thumbnailUrl(key: string | null): string | null {
  return key ? `/api/blog/thumbnails/${key.slice(THUMBNAIL_KEY_PREFIX.length)}` : null;
}

/** Reads the one image of a thumbnail upload, refusing more than the cap with 413. */
export async function readThumbnailUpload(request: FastifyRequest): Promise<Buffer> {
  const file = await readOneFile(request, {
    field: BLOG_THUMBNAIL_FIELD,
    maxBytes: BLOG_THUMBNAIL_MAX_BYTES,
    tooLarge,
    messages: { notMultipart: 'Please send the image as multipart/form-data', noFile: BLOG_MESSAGES.thumbnailMissing, oneFile: 'Send one image per request' },
  });
  return file.bytes;
}

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The image is larger than ${BLOG_THUMBNAIL_MAX_BYTES / (1024 * 1024)} MB; please choose a smaller one`);
}

/** The real type of an image, by its content (never its name or declared type). */
export function sniffThumbnail(bytes: Uint8Array): ThumbnailKind | undefined {
  const startsWith = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  // SVG is text: an optional BOM, XML declaration, comments and doctype, then the <svg> element.
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const withoutProlog = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  if (/^<svg[\s>]/i.test(withoutProlog)) return 'svg';
  return undefined;
}

/**
 * A thumbnail ready to store: decoded and re-encoded by sharp, so that what we serve is an image
 * we wrote. Metadata (location, camera, comments) is dropped, orientation applied, width capped.
 * SVG is rasterised to PNG: we never serve SVG, whose scripts and links a browser would run when
 * the file is opened directly.
 */
export async function prepareThumbnail(bytes: Uint8Array): Promise<PreparedThumbnail> {
  if (bytes.byteLength === 0) throw AppError.validation(BLOG_THUMBNAIL_FIELD, BLOG_MESSAGES.thumbnailEmpty);
  const kind = sniffThumbnail(bytes);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', BLOG_MESSAGES.thumbnailType);
  try {
    if (kind === 'svg') return await rasteriseSvg(bytes);
    // The header only: the size is known before anything is decoded.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels(meta.width, meta.height);
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: BLOG_THUMBNAIL_MAX_WIDTH, withoutEnlargement: true });
    const encoded =
      kind === 'png' ? image.png({ compressionLevel: 9 }) : kind === 'webp' ? image.webp({ quality: 85 }) : image.jpeg({ quality: 85, mozjpeg: true });
    return { bytes: new Uint8Array(await encoded.toBuffer()), contentType: CONTENT_TYPES[kind] };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.validation(BLOG_THUMBNAIL_FIELD, BLOG_MESSAGES.thumbnailUnreadable);
  }
}

/** Renders an SVG at 1280 pixels wide (sharp's librsvg loads nothing from outside the file). */
export async function rasteriseSvg(bytes: Uint8Array, width = 1280): Promise<PreparedThumbnail> {
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height) throw new Error('no size');
  // Render at a density that gives the target width directly, so the picture is sharp, not scaled up.
  const density = Math.min(2400, Math.max(1, (72 * width) / meta.width));
  const height = Math.round((meta.height * width) / meta.width);
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels(width, height);
  const png = await sharp(bytes, { density, limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width, withoutEnlargement: false })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { bytes: new Uint8Array(png), contentType: CONTENT_TYPES.png };
}

function tooManyPixels(width: number, height: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `This image is too large (${width} x ${height} pixels); please choose one under 40 megapixels`);
}
