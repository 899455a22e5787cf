import { z } from 'zod';

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

/** Texts of the product (spec section 8) that the server and the web both use. */
export const MESSAGES = {
  trialExpired: 'Your trial has expired. Please upgrade to continue.',
  authFailed: 'Authentication failed',
  invalidCredentials: 'Invalid email/username or password',
  connectionError: 'Connection error occurred',
  notFound: 'Not found',
  serverError: 'Something went wrong on our side. Please try again.',
  signInRequired: 'Please sign in to continue.',
  storageFull: 'There is no room to store the file right now. Nothing was saved; please try again later.',
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

export const errorResponseSchema = z.object({
  ok: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.array(fieldErrorSchema).optional(),
  limitReached: z.boolean().optional(),
  retryAfterSeconds: z.number().int().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
