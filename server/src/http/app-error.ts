import { ERROR_STATUS, type ErrorCode } from '#contract/errors.ts';

type AppErrorExtra = {
  details?: { field: string; message: string }[];
  limitReached?: boolean;
  retryAfterSeconds?: number;
};

/** The one error type of the server. Its message is shown to the user as it is. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static validation(field: string, message: string): AppError {
    return new AppError('VALIDATION_FAILED', message, { details: [{ field, message }] });
  }
}
