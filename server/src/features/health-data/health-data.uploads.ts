import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HEALTH_IMPORT_FIELD, HEALTH_IMPORT_MESSAGES } from '#contract/health-data.ts';
import { AppError } from '#server/http/app-error.ts';
import { UPLOAD_MALFORMED } from '#server/http/multipart.ts';

export type SpooledUpload = { fileName: string; path: string; size: number; discard(): Promise<void> };

/**
 * Writes the one uploaded file to a temporary file as it arrives: an export can be gigabytes and
 * is never held in memory. Past `maxBytes` the upload stops with 413.
 */
export async function spoolUpload(request: FastifyRequest, options: { maxBytes: number; dir: string }): Promise<SpooledUpload> {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${formatSize(options.maxBytes)}; this is more than we take in one import`);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + 64 * 1024) throw tooLarge();
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', HEALTH_IMPORT_MESSAGES.notMultipart);
  await mkdir(options.dir, { recursive: true });
  const file = path.join(options.dir, `health-import-${randomUUID()}`);
  const discard = () => rm(file, { force: true });
  let fileName: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 2, fields: 5, parts: 7, fieldSize: 1024 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== HEALTH_IMPORT_FIELD) throw AppError.validation(HEALTH_IMPORT_FIELD, HEALTH_IMPORT_MESSAGES.noFile);
      if (fileName !== undefined) throw AppError.validation(HEALTH_IMPORT_FIELD, HEALTH_IMPORT_MESSAGES.oneFile);
      fileName = path.basename(part.filename.replaceAll('\\', '/')).slice(0, 200) || 'export';
      await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    await discard();
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw AppError.validation(HEALTH_IMPORT_FIELD, HEALTH_IMPORT_MESSAGES.oneFile);
    if (error instanceof AppError || statusCode !== undefined) throw error;
    throw AppError.validation(HEALTH_IMPORT_FIELD, UPLOAD_MALFORMED);
  }
  if (fileName === undefined) throw AppError.validation(HEALTH_IMPORT_FIELD, HEALTH_IMPORT_MESSAGES.noFile);
  const { size } = await stat(file);
  if (size === 0) {
    await discard();
    throw AppError.validation(HEALTH_IMPORT_FIELD, HEALTH_IMPORT_MESSAGES.emptyFile);
  }
  return { fileName, path: file, size, discard };
}

function formatSize(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
  return `${Math.round(bytes / 1024 ** 2)} MB`;
}
