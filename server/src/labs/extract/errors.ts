/**
 * The one error type of document extraction. `code` is stable for the app to map to a status;
 * `message` is written for the person who uploaded the file.
 */
export const EXTRACTION_ERROR_CODES = [
  'empty-file',
  'unsupported-type',
  'rtf-as-doc',
  'password-protected',
  'corrupt-file',
  'too-large',
  'too-many-pixels',
  'zip-bomb',
  'no-text',
  'timeout',
  'out-of-memory',
  'internal',
] as const;
export type ExtractionErrorCode = (typeof EXTRACTION_ERROR_CODES)[number];

export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
  readonly code: ExtractionErrorCode;

  constructor(code: ExtractionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isExtractionError(error: unknown): error is ExtractionError {
  return error instanceof ExtractionError;
}
