/**
 * Daily intake's texts and lists (product.md, Tracking).
 * Zod-free, so the web uses them without schema code (decision 017); the schemas are in `supplement-logs.ts`.
 */

export const LOG_MESSAGES = {
  saveFailed: 'Failed to save your supplement intake. Please try again.',
  saved: 'Your supplement intake has been logged successfully.',
  takenAtInvalid: 'Taken at must be a date and time (ISO 8601) with a time zone',
  takenAtFuture: 'Taken at cannot be in the future',
  takenAtTooOld: 'Taken at is too far in the past',
  tooMany: 'At most 100 logs can be saved at once',
  userId: 'userId must be null; logs are always saved for the signed-in user',
  dateFuture: 'Date cannot be in the future',
  dateTooOld: 'Date is too far in the past',
  entryNotFound: 'Intake entry not found',
  dayDeleted: "The day's intake was deleted.",
  entryDeleted: 'The supplement was removed from that day.',
  effectsNotFound: 'No rating was saved for this day',
  effectsDeleted: "The day's rating was deleted.",
} as const;

export const QUALITATIVE_LOG_TYPES = ['summary', 'chat', 'other'] as const;
export type QualitativeLogType = (typeof QUALITATIVE_LOG_TYPES)[number];
