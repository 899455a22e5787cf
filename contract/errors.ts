import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';

// The codes and texts live in zod-free modules that the web can import without pulling zod.
export { ERROR_CODES, ERROR_STATUS, type ErrorCode } from './error-codes.ts';
export { MESSAGES } from './messages.ts';

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
