import { z } from 'zod';
import { idParamsSchema } from './auth.ts';
import { defineEndpoints } from './endpoint.ts';
import { type DoseTime, type Schedule, type ScheduleDays, type Weekday, checkSchedule, sortDoseTimes } from './schedule.ts';
import { CONTENT_MESSAGES, DOSAGE_MESSAGES, DOSE_UNITS, FREQUENCY_MESSAGES, FREQUENCY_UNITS, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, STRENGTH_MESSAGES, SUPPLEMENT_MESSAGES, isMassUnit, parseDosage, parseFrequency, parseLabelAmount } from './supplements-texts.ts';

/** The user's supplement stack: doses, strength and nutrient content, schedules, reference search and intake warnings. product.md, Tracking. */

/** A dosage text, checked and turned into its parts. */
export const dosageSchema = z
  .string({ error: DOSAGE_MESSAGES.required })
  .max(40, DOSAGE_MESSAGES.format)
  .transform((text, ctx) => {
    const parsed = parseDosage(text);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  });

export const frequencySchema = z
  .string({ error: FREQUENCY_MESSAGES.required })
  .max(40, FREQUENCY_MESSAGES.format)
  .transform((text, ctx) => {
    const parsed = parseFrequency(text);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  });

/** "1000 mg EPA+DHA" (a strength per unit) or "56 mg elemental magnesium" (a dose's nutrient content). */
const labelAmountSchema = (messages: { format: string; unit: string; ofTooLong: string }) =>
  z
    .string({ error: messages.format })
    .max(80, messages.format)
    .transform((text, ctx) => {
      if (!text.trim()) return null;
      const parsed = parseLabelAmount(text, messages);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .nullable()
    .optional()
    .transform((value) => value ?? null);

// ─── Schedules (product.md, Tracking, "Schedules"; the shape is contract/schedule.ts) ────────────

const scheduleDaysSchema: z.ZodType<ScheduleDays> = z.discriminatedUnion(
  'every',
  [
    z.strictObject({ every: z.literal('day') }),
    z.strictObject({ every: z.literal('week'), weekdays: z.array(z.number({ error: 'Days of the week are numbers from 1 (Monday) to 7 (Sunday)' })).transform((days) => [...new Set(days)] as Weekday[]) }),
    z.strictObject({ every: z.literal('days'), interval: z.number({ error: 'Every N days must be a whole number from 2 to 90' }) }),
  ],
  { error: 'Days must be every day, days of the week, or every N days' },
);

/**
 * A supplement's schedule. `startDate` may be left out: the server starts the course on the
 * user's today. Times are kept earliest first.
 */
export const scheduleSchema = z
  .strictObject({
    times: z.array(z.string({ error: 'Times must be morning, midday, evening, bedtime or a clock time like 08:30' }), { error: 'Choose at least one time of day' }),
    days: scheduleDaysSchema,
    startDate: z.string({ error: 'Start date must be a date like 2025-01-31' }).optional(),
    endDate: z.string({ error: 'End date must be a date like 2025-01-31' }).nullable().optional().transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    // Without a start date (the server's today) only the end date's own form is checked here.
    const probe = { ...value, startDate: value.startDate ?? '1000-01-01', times: value.times as DoseTime[] };
    for (const problem of checkSchedule(probe)) ctx.addIssue({ code: 'custom', path: problem.field.split('.'), message: problem.message });
  })
  .transform((value) => ({ ...value, times: sortDoseTimes(value.times as DoseTime[]) }));
export type ScheduleBody = z.input<typeof scheduleSchema>;
export type ScheduleInput = z.output<typeof scheduleSchema>;
/** A stored schedule, as answered (no transforms: answers are encoded through it). */
export const storedScheduleSchema: z.ZodType<Schedule, Schedule> = z.object({
  times: z.array(z.string()) as unknown as z.ZodType<DoseTime[], DoseTime[]>,
  days: z.discriminatedUnion('every', [
    z.object({ every: z.literal('day') }),
    z.object({ every: z.literal('week'), weekdays: z.array(z.number()) as unknown as z.ZodType<Weekday[], Weekday[]> }),
    z.object({ every: z.literal('days'), interval: z.number() }),
  ]),
  startDate: z.string(),
  endDate: z.string().nullable(),
});

// ─── Reference supplements and search ───────────────────────────────────────────────────────────

export const supplementSearchQuerySchema = z.object({
  q: z.string().max(100, 'Search text must be less than 100 characters').default(''),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(SEARCH_LIMIT_MAX, `Limit must be at most ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
});

/** product.md, Tracking, "Supplement suggestion". */
export const supplementSuggestionSchema = z.object({ id: z.string(), name: z.string(), category: z.string() });
export type SupplementSuggestion = z.infer<typeof supplementSuggestionSchema>;
export const supplementSuggestionListSchema = z.array(supplementSuggestionSchema);

// ─── The user's supplements ─────────────────────────────────────────────────────────────────────

export const supplementNameSchema = z
  .string({ error: SUPPLEMENT_MESSAGES.nameRequired })
  .trim()
  .min(1, SUPPLEMENT_MESSAGES.nameRequired)
  .max(100, SUPPLEMENT_MESSAGES.nameTooLong);

/**
 * POST /api/supplements and PUT /api/supplements/:id. Empty notes are stored as none. A PUT
 * replaces the whole supplement: a strength, content or schedule left out is removed.
 * - `strength`: what one unit of a dose in ml, drops or a countable form holds ("1000 mg EPA+DHA").
 * - `nutrientContent`: how much of the nutrient the whole dose holds ("56 mg elemental magnesium"
 *   for "400 mg" of magnesium glycinate); the intake warnings count it instead of the dose.
 * - `schedule`: when it is taken (contract/schedule.ts).
 */
export const supplementBodySchema = z.strictObject({
  name: supplementNameSchema,
  dosage: dosageSchema,
  frequency: frequencySchema,
  strength: labelAmountSchema(STRENGTH_MESSAGES),
  nutrientContent: labelAmountSchema(CONTENT_MESSAGES),
  schedule: scheduleSchema.nullable().optional().transform((value) => value ?? null),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(1000, SUPPLEMENT_MESSAGES.notesTooLong)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
}).superRefine((value, ctx) => {
  if (value.strength && isMassUnit(value.dosage.unit)) {
    ctx.addIssue({ code: 'custom', path: ['strength'], message: STRENGTH_MESSAGES.massDose });
  }
});
export type SupplementBody = z.input<typeof supplementBodySchema>;
export type SupplementInput = z.output<typeof supplementBodySchema>;

/** product.md, Tracking, "Supplement", plus the parts the server stores. */
export const supplementSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** "<amount> <unit>" */
  dosage: z.string(),
  /** "<n>x <unit>" */
  frequency: z.string(),
  notes: z.string().nullable(),
  dosageAmount: z.number(),
  dosageUnit: z.enum(DOSE_UNITS),
  frequencyCount: z.number().int(),
  frequencyUnit: z.enum(FREQUENCY_UNITS),
  /** What one unit holds ("1000 mg EPA+DHA"), for doses in ml, drops or countable forms. */
  strength: z.string().nullable(),
  /** How much of the nutrient the dose holds ("56 mg elemental magnesium"). */
  nutrientContent: z.string().nullable(),
  schedule: storedScheduleSchema.nullable(),
  /** Set when the name matches a reference supplement (ignoring case). */
  referenceSupplementId: z.string().nullable(),
  category: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplement = z.infer<typeof supplementSchema>;
export const supplementListSchema = z.array(supplementSchema);
/** GET /api/supplements/count answers a bare number. */
export const supplementCountSchema = z.number().int();
export const deleteResultSchema = z.object({ ok: z.literal(true), message: z.string() });

// ─── Intake warnings ────────────────────────────────────────────────────────────────────────────

/** A nutrient whose daily total from the stack (or a day's intake) is above its adult upper limit. */
export const intakeWarningSchema = z.object({
  nutrient: z.string(),
  /** Daily total in `unit`, rounded to 2 decimals. */
  total: z.number(),
  unit: z.string(),
  limit: z.number(),
  source: z.string(),
  sourceUrl: z.string(),
  note: z.string().nullable(),
  /** The user's supplements that add up to the total. */
  supplements: z.array(z.string()),
  /**
   * The user put this warning away (POST /api/supplements/warnings/{nutrient}/dismiss) and the
   * doses behind it have not changed since; a changed dose brings it back.
   */
  dismissed: z.boolean(),
});
export type IntakeWarning = z.infer<typeof intakeWarningSchema>;
export const intakeWarningsResponseSchema = z.object({
  warnings: z.array(intakeWarningSchema),
  /** Supplements given in IU whose IU cannot be converted for their nutrient, so they were left out. */
  unconverted: z.array(z.string()),
  /** Supplements counted in ml, drops or units without a strength or nutrient content, so they were left out. */
  uncounted: z.array(z.string()),
});
export const warningParamsSchema = z.strictObject({
  nutrient: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Not a known nutrient'),
});
export type IntakeWarningsResponse = z.infer<typeof intakeWarningsResponseSchema>;

export const supplementsEndpoints = defineEndpoints({
  search: { method: 'GET', path: '/api/supplements/search', query: supplementSearchQuerySchema, response: supplementSuggestionListSchema },
  list: { method: 'GET', path: '/api/supplements', response: supplementListSchema },
  count: { method: 'GET', path: '/api/supplements/count', response: supplementCountSchema },
  warnings: { method: 'GET', path: '/api/supplements/warnings', response: intakeWarningsResponseSchema },
  dismissWarning: { method: 'POST', path: '/api/supplements/warnings/:nutrient/dismiss', params: warningParamsSchema, response: intakeWarningsResponseSchema },
  create: { method: 'POST', path: '/api/supplements', body: supplementBodySchema, response: supplementSchema },
  update: { method: 'PUT', path: '/api/supplements/:id', params: idParamsSchema, body: supplementBodySchema, response: supplementSchema },
  remove: { method: 'DELETE', path: '/api/supplements/:id', params: idParamsSchema, response: deleteResultSchema },
});
