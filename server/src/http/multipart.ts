import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** Multipart framing around the file; a request longer than the cap plus this is refused unread. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const UPLOAD_MALFORMED = 'The upload was cut off or malformed; please send the file again';

export type UploadRules = {
  field: string;
  maxBytes: number;
  tooLarge: () => AppError;
  /** Why the request is refused when it is not multipart/form-data, or holds no file in `field`. */
  messages: { notMultipart: string; noFile: string; oneFile: string };
};

/**
 * Reads the one file of a multipart upload, stopping with 413 as soon as the stream passes
 * `maxBytes` (the rest is never buffered). Every part is read (fields are small and capped) so
 * that a second file is refused, not ignored. A body the parser cannot read is the sender's
 * fault (400), never ours.
 */
export async function readOneFile(request: FastifyRequest, rules: UploadRules): Promise<{ fileName: string; bytes: Buffer }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > rules.maxBytes + MULTIPART_OVERHEAD) throw rules.tooLarge();
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.messages.notMultipart);
  let found: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 2, fields: 5, parts: 7, fieldSize: 1024 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== rules.field) throw AppError.validation(rules.field, rules.messages.noFile);
      if (found) throw AppError.validation(rules.field, rules.messages.oneFile);
      found = { fileName: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    if (code === 'FST_FILES_LIMIT') throw AppError.validation(rules.field, rules.messages.oneFile);
    if (error instanceof AppError || statusCode !== undefined) throw error;
    // The parser's own errors (a missing boundary, a body that ends mid-part) carry neither.
    throw AppError.validation(rules.field, UPLOAD_MALFORMED);
  }
  if (!found) throw AppError.validation(rules.field, rules.messages.noFile);
  return found;
}
