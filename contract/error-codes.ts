/* No zod here: the web's first download imports these (see contract/errors.ts for the schemas). */

/**
 * Every error the API can answer, with its HTTP status. The server throws `AppError` with one
 * of these codes; the web picks the text to show from the code and the message.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  AUTH_FAILED: 401,
  EMAIL_NOT_VERIFIED: 403,
  TRIAL_EXPIRED: 403,
  /** A sensitive action (deleting the account) needs a recent sign-in. */
  REAUTH_REQUIRED: 403,
  BAD_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOKEN_INVALID: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  LIMIT_REACHED: 429,
  SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
