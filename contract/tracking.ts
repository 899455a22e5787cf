import { z } from 'zod';
import { emailSchema, timeZoneSchema, userSchema, usernameSchema } from './auth.ts';
import { DATE_PATTERN, isRealDate } from './dates.ts';
import { type Schedule, type ScheduleDays, checkSchedule, sortDoseTimes, type DoseTime, type Weekday } from './schedule.ts';
import {
  CONTENT_MESSAGES,
  DOSE_UNITS,
  DOSAGE_MESSAGES,
  STRENGTH_MESSAGES,
  ETHNICITIES,
  FREQUENCY_MESSAGES,
  FREQUENCY_UNITS,
  GENDERS,
  HEALTH_MESSAGES,
  LOG_MESSAGES,
  PROFILE_MESSAGES,
  QUALITATIVE_LOG_TYPES,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SUPPLEMENT_MESSAGES,
  COMPLETION_STEPS,
  parseDosage,
  parseFrequency,
  parseLabelAmount,
  isMassUnit,
} from './tracking-texts.ts';

/**
 * Tracking: the user's supplement stack, daily intake, effects (energy, mood, sleep), intake
 * warnings, streaks, health stats and the profile. product.md, Tracking.
 */

// ─── Shared pieces ──────────────────────────────────────────────────────────────────────────────

// The zod-free helpers and texts live in their own modules, which the web can import without zod.
export { addDays, isRealDate, localDateOf, localNoonOf } from './dates.ts';
export {
  CONTENT_MESSAGES,
  COUNT_UNITS,
  DOSE_AMOUNT_MAX,
  MASS_UNITS,
  STRENGTH_MESSAGES,
  checkDoseAmount,
  doseUnitLabel,
  formatAmount,
  formatLabelAmount,
  isMassUnit,
  parseLabelAmount,
  readDoseUnit,
  COMPLETION_STEPS,
  COMPLETION_STEP_LABELS,
  DOSAGE_MESSAGES,
  DOSE_UNITS,
  ETHNICITIES,
  FREQUENCY_COUNT_MAX,
  FREQUENCY_COUNT_MIN,
  FREQUENCY_MESSAGES,
  FREQUENCY_UNITS,
  GENDERS,
  HEALTH_MESSAGES,
  LOG_MESSAGES,
  MINIMUM_AGE_YEARS,
  PROFILE_MESSAGES,
  QUALITATIVE_LOG_TYPES,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SUPPLEMENT_MESSAGES,
  defaultDoseAmount,
  doseAmountOptions,
  formatDosage,
  formatFrequency,
  parseDosage,
  parseFrequency,
} from './tracking-texts.ts';
export type { CompletionStep, CountUnit, Dosage, DoseUnit, Frequency, FrequencyUnit, LabelAmount, MassUnit, QualitativeLogType } from './tracking-texts.ts';
export type { DoseTime, Schedule, ScheduleDays, TimeOfDay, Weekday } from './schedule.ts';

/** A calendar date `yyyy-MM-dd` that exists (no 2025-02-30). */
export const dateSchema = (message = 'Date must be a date like 2025-01-31') =>
  z
    .string({ error: message })
    .regex(DATE_PATTERN, message)
    .refine((value) => isRealDate(value), message);
export const localDateSchema = dateSchema();

export const monthSchema = z
  .string({ error: 'Month must be like 2025-01' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be like 2025-01');

// ─── Dosage and frequency (product.md, Tracking, "Supplement form") ───────────────────────────────────

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
export const storedScheduleSchema: z.ZodType<Schedule> = z.object({
  times: z.array(z.string()) as unknown as z.ZodType<DoseTime[]>,
  days: z.discriminatedUnion('every', [
    z.object({ every: z.literal('day') }),
    z.object({ every: z.literal('week'), weekdays: z.array(z.number()) as unknown as z.ZodType<Weekday[]> }),
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

// ─── Daily intake ───────────────────────────────────────────────────────────────────────────────

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

// ─── Streaks (product.md, Tracking) ──────────────────────────────────────────────────────────────

/** GET /api/supplements/streak and GET /api/supplement-streak answer the same object. */
export const streakSchema = z.object({
  streakDays: z.number().int(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  goalDays: z.number().int(),
  loggedToday: z.boolean(),
  lastLogDate: z.string().nullable(),
});
export type Streak = z.infer<typeof streakSchema>;

// ─── Health stats ───────────────────────────────────────────────────────────────────────────────

/** "" from an emptied form field means the same as leaving the field out (product.md, Tracking). */
const emptyAsOmitted = (value: unknown) => (value === '' ? undefined : value);

/**
 * POST /api/health-stats: a partial update. A field left out (or sent as "") keeps its stored
 * value; `null` clears it. Units are the spec's: pounds, inches, minutes.
 */
export const healthStatsBodySchema = z.strictObject({
  weight: z.preprocess(emptyAsOmitted, z.number({ error: HEALTH_MESSAGES.weight }).min(1, HEALTH_MESSAGES.weight).max(1500, HEALTH_MESSAGES.weight).nullable().optional()),
  height: z.preprocess(emptyAsOmitted, z.number({ error: HEALTH_MESSAGES.height }).min(12, HEALTH_MESSAGES.height).max(108, HEALTH_MESSAGES.height).nullable().optional()),
  gender: z.preprocess(emptyAsOmitted, z.enum(GENDERS, { error: HEALTH_MESSAGES.gender }).nullable().optional()),
  ethnicity: z.preprocess(emptyAsOmitted, z.enum(ETHNICITIES, { error: HEALTH_MESSAGES.ethnicity }).nullable().optional()),
  dateOfBirth: z.preprocess(emptyAsOmitted, dateSchema(HEALTH_MESSAGES.dateOfBirth).nullable().optional()),
  averageSleep: z.preprocess(
    emptyAsOmitted,
    z.number({ error: HEALTH_MESSAGES.averageSleep }).int(HEALTH_MESSAGES.averageSleep).min(0, HEALTH_MESSAGES.averageSleep).max(1440, HEALTH_MESSAGES.averageSleep).nullable().optional(),
  ),
  allergies: z.string({ error: 'Allergies must be text' }).trim().max(2000, HEALTH_MESSAGES.allergies).nullable().optional(),
});
export type HealthStatsBody = z.input<typeof healthStatsBodySchema>;
export type HealthStatsInput = z.output<typeof healthStatsBodySchema>;

/** product.md, Tracking, "Health stats". Every field is null until the user sets it. */
export const healthStatsSchema = z.object({
  weight: z.number().nullable(),
  height: z.number().nullable(),
  gender: z.enum(GENDERS).nullable(),
  ethnicity: z.enum(ETHNICITIES).nullable(),
  dateOfBirth: z.string().nullable(),
  averageSleep: z.number().int().nullable(),
  /** Photos are not supported yet; always null. */
  profilePhotoUrl: z.string().nullable(),
  allergies: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type HealthStats = z.infer<typeof healthStatsSchema>;

// ─── Profile ────────────────────────────────────────────────────────────────────────────────────

export const profileNameSchema = z
  .string({ error: 'Name must be text' })
  .trim()
  .max(100, PROFILE_MESSAGES.nameTooLong)
  .transform((value) => (value ? value : null))
  .nullable();

export const phoneNumberSchema = z
  .string({ error: PROFILE_MESSAGES.phone })
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .transform((value) => (value ? value : null))
  .pipe(z.string().regex(/^\+?\d{7,20}$/, PROFILE_MESSAGES.phone).nullable())
  .nullable();

/** GET /api/profile/completion: five steps computed on the server from the user's data. */
export const profileCompletionSchema = z.object({
  steps: z.array(z.object({ key: z.enum(COMPLETION_STEPS), label: z.string(), status: z.enum(['completed', 'todo']) })),
  completed: z.number().int(),
  total: z.number().int(),
  /** Rounded share of completed steps, 0 to 100. */
  percent: z.number().int(),
});
export type ProfileCompletion = z.infer<typeof profileCompletionSchema>;

/**
 * POST /api/profile. `timeZone` and `unitSystem` are optional (left out: unchanged). A changed
 * e-mail is unverified again when e-mail verification is on, and a new link is sent to it.
 */
export const profileBodySchema = z.strictObject({
  email: emailSchema,
  phoneNumber: phoneNumberSchema.optional(),
  name: profileNameSchema.optional(),
  username: usernameSchema,
  timeZone: timeZoneSchema.optional(),
  unitSystem: z.enum(['us', 'metric'], { error: 'Unit system must be us or metric' }).optional(),
});
export type ProfileBody = z.input<typeof profileBodySchema>;
export type ProfileInput = z.output<typeof profileBodySchema>;

export const profileResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  user: userSchema,
  /** True when the e-mail changed and must be verified again (a link was sent). */
  emailVerificationSent: z.boolean(),
});
export type ProfileResult = z.infer<typeof profileResultSchema>;
