import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { LOG_MESSAGES, QUALITATIVE_LOG_TYPES } from './supplement-logs-texts.ts';
import { localDateSchema, monthSchema } from './date-schemas.ts';
import { deleteResultSchema, intakeWarningSchema } from './supplements.ts';

/** Daily intake and effects (energy, mood, sleep), on any past day. product.md, Tracking. */

/**
 * product.md, Tracking, "Supplement log entry (sent)". The name, dosage and frequency sent are accepted
 * for compatibility but the server records the supplement's own values at the time of logging.
 * `taken: false` (the day's switch turned off) removes that supplement from the day.
 */
export const supplementLogEntrySchema = z.strictObject({
  supplementId: z.uuid('Not a valid supplement id'),
  userId: z.null({ error: LOG_MESSAGES.userId }).optional(),
  takenAt: z.iso.datetime({ offset: true, error: LOG_MESSAGES.takenAtInvalid }),
  dosage: z.string().max(40).optional(),
  frequency: z.string().max(40).optional(),
  name: z.string().max(100).optional(),
  taken: z.boolean({ error: 'Taken must be true or false' }).default(true),
});
export type SupplementLogEntry = z.input<typeof supplementLogEntrySchema>;

/**
 * POST /api/supplement-logs. Each local day (in the user's time zone) named by the entries'
 * `takenAt` has its intake set replaced by the entries for that day: sending the day again edits
 * it instead of doubling it.
 */
export const supplementLogsBodySchema = z.strictObject({
  logs: z.array(supplementLogEntrySchema, { error: 'Logs must be a list' }).max(100, LOG_MESSAGES.tooMany),
});
export type SupplementLogsBody = z.input<typeof supplementLogsBodySchema>;

/**
 * PUT /api/supplement-logs/{yyyy-MM-dd}: the intake of one local day of the user, today or any past
 * day (product.md, Tracking, "Any day"). Each supplement sent is taken that day or not (`taken:
 * false` removes it); supplements not sent are left as they are.
 */
export const dayIntakeBodySchema = z.strictObject({
  logs: z
    .array(
      z.strictObject({
        supplementId: z.uuid('Not a valid supplement id'),
        taken: z.boolean({ error: 'Taken must be true or false' }).default(true),
      }),
      { error: 'Logs must be a list' },
    )
    .max(100, LOG_MESSAGES.tooMany),
});
export type DayIntakeBody = z.input<typeof dayIntakeBodySchema>;

/** DELETE /api/supplement-logs/entries/{id}: one supplement of one day. */
export const logEntryParamsSchema = z.strictObject({ id: z.uuid('Not a valid intake entry id') });

export const savedLogSchema = z.object({ id: z.string(), takenAt: z.string() });
export const savedLogListSchema = z.array(savedLogSchema);

export const dayParamsSchema = z.strictObject({ date: localDateSchema });

/** PUT /api/supplement-logs/today/{supplementId}: one tap in "Today" (product.md, Tracking, "Schedules"). */
export const markTodayParamsSchema = z.strictObject({ supplementId: z.uuid('Not a valid supplement id') });
export const markTodayBodySchema = z.strictObject({ taken: z.boolean({ error: 'Taken must be true or false' }) });
export const markTodayResultSchema = z.object({ date: z.string(), taken: z.boolean(), takenAt: z.string().nullable() });
export type MarkTodayResult = z.infer<typeof markTodayResultSchema>;

/** product.md, Tracking, "Supplement log (day view)". */
export const dayLogSchema = z.object({
  id: z.string(),
  supplementId: z.string().nullable(),
  name: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  takenAt: z.string(),
});

export const ratingsSchema = z.object({
  energy: z.number().int(),
  mood: z.number().int(),
  sleep: z.number().int(),
});

/** product.md, Tracking, "Qualitative log". Effects ratings are notes of type `other` with `ratings` set. */
export const qualitativeLogSchema = z.object({
  id: z.string(),
  type: z.enum(QUALITATIVE_LOG_TYPES),
  content: z.string(),
  summary: z.string().nullable(),
  loggedAt: z.string(),
  ratings: ratingsSchema.nullable(),
});
export type QualitativeLog = z.infer<typeof qualitativeLogSchema>;

/** GET /api/supplement-logs/{yyyy-MM-dd}: the user's local day. */
export const dayViewSchema = z.object({
  date: z.string(),
  supplements: z.array(dayLogSchema),
  qualitativeLogs: z.array(qualitativeLogSchema),
  /** The day's energy, mood and sleep rating, if one was recorded. */
  effects: z
    .object({ id: z.string(), energy: z.number().int(), mood: z.number().int(), sleep: z.number().int(), note: z.string().nullable(), loggedAt: z.string() })
    .nullable(),
  warnings: z.array(intakeWarningSchema),
});
export type DayView = z.infer<typeof dayViewSchema>;

/** GET /api/supplement-logs/days?month=yyyy-MM: the month's days with something logged. */
export const monthDaysQuerySchema = z.object({ month: monthSchema });
export const monthDaysSchema = z.object({
  month: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      supplementCount: z.number().int(),
      hasNotes: z.boolean(),
      hasSummary: z.boolean(),
      hasEffects: z.boolean(),
    }),
  ),
});
export type MonthDays = z.infer<typeof monthDaysSchema>;

// ─── Effects (energy, mood, sleep) ──────────────────────────────────────────────────────────────

const ratingField = (label: string) =>
  z
    .number({ error: `${label} must be a number from 1 to 5` })
    .int(`${label} must be a whole number from 1 to 5`)
    .min(1, `${label} must be from 1 to 5`)
    .max(5, `${label} must be from 1 to 5`);

/**
 * POST /api/effects: one rating per local day; sending the day again replaces it.
 * `date` defaults to the user's today and cannot be in the future.
 */
export const effectsBodySchema = z.strictObject({
  date: localDateSchema.optional(),
  energy: ratingField('Energy'),
  mood: ratingField('Mood'),
  sleep: ratingField('Sleep'),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(1000, 'Note must be less than 1000 characters')
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type EffectsBody = z.input<typeof effectsBodySchema>;
export const effectsSchema = z.object({
  id: z.string(),
  date: z.string(),
  energy: z.number().int(),
  mood: z.number().int(),
  sleep: z.number().int(),
  note: z.string().nullable(),
  loggedAt: z.string(),
});
export type Effects = z.infer<typeof effectsSchema>;

export const supplementLogsEndpoints = defineEndpoints({
  saveLogs: { method: 'POST', path: '/api/supplement-logs', body: supplementLogsBodySchema, response: savedLogListSchema },
  markToday: { method: 'PUT', path: '/api/supplement-logs/today/:supplementId', params: markTodayParamsSchema, body: markTodayBodySchema, response: markTodayResultSchema },
  monthDays: { method: 'GET', path: '/api/supplement-logs/days', query: monthDaysQuerySchema, response: monthDaysSchema },
  day: { method: 'GET', path: '/api/supplement-logs/:date', params: dayParamsSchema, response: dayViewSchema },
  saveDay: { method: 'PUT', path: '/api/supplement-logs/:date', params: dayParamsSchema, body: dayIntakeBodySchema, response: dayViewSchema },
  deleteDay: { method: 'DELETE', path: '/api/supplement-logs/:date', params: dayParamsSchema, response: deleteResultSchema },
  deleteEntry: { method: 'DELETE', path: '/api/supplement-logs/entries/:id', params: logEntryParamsSchema, response: deleteResultSchema },
  deleteEffects: { method: 'DELETE', path: '/api/effects/:date', params: dayParamsSchema, response: deleteResultSchema },
  saveEffects: { method: 'POST', path: '/api/effects', body: effectsBodySchema, response: effectsSchema },
});
