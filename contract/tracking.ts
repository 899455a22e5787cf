import { z } from 'zod';
import { emailSchema, timeZoneSchema, userSchema, usernameSchema } from './auth.ts';
import { DATE_PATTERN, isRealDate } from './dates.ts';
import {
  DOSE_UNITS,
  DOSAGE_MESSAGES,
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
} from './tracking-texts.ts';

/**
 * Tracking: the user's supplement stack, daily intake, effects (energy, mood, sleep), intake
 * warnings, streaks, health stats and the profile. Spec sections 3, 5 and 7; decisions section 4.
 */

// ─── Shared pieces ──────────────────────────────────────────────────────────────────────────────

// The zod-free helpers and texts live in their own modules, which the web can import without zod.
export { addDays, isRealDate, localDateOf } from './dates.ts';
export {
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
export type { CompletionStep, Dosage, DoseUnit, Frequency, FrequencyUnit, QualitativeLogType } from './tracking-texts.ts';

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

// ─── Dosage and frequency (spec section 5, "Supplement form") ───────────────────────────────────

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

/** Spec section 3, "Supplement suggestion". */
export const supplementSuggestionSchema = z.object({ id: z.string(), name: z.string(), category: z.string() });
export type SupplementSuggestion = z.infer<typeof supplementSuggestionSchema>;
export const supplementSuggestionListSchema = z.array(supplementSuggestionSchema);

// ─── The user's supplements ─────────────────────────────────────────────────────────────────────

export const supplementNameSchema = z
  .string({ error: SUPPLEMENT_MESSAGES.nameRequired })
  .trim()
  .min(1, SUPPLEMENT_MESSAGES.nameRequired)
  .max(100, SUPPLEMENT_MESSAGES.nameTooLong);

/** POST /api/supplements and PUT /api/supplements/:id. Empty notes are stored as none. */
export const supplementBodySchema = z.strictObject({
  name: supplementNameSchema,
  dosage: dosageSchema,
  frequency: frequencySchema,
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(1000, SUPPLEMENT_MESSAGES.notesTooLong)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type SupplementBody = z.input<typeof supplementBodySchema>;
export type SupplementInput = z.output<typeof supplementBodySchema>;

/** Spec section 3, "Supplement", plus the parts the server stores. */
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
});
export type IntakeWarning = z.infer<typeof intakeWarningSchema>;
export const intakeWarningsResponseSchema = z.object({
  warnings: z.array(intakeWarningSchema),
  /** Supplements given in IU whose IU cannot be converted for their nutrient, so they were left out. */
  unconverted: z.array(z.string()),
});
export type IntakeWarningsResponse = z.infer<typeof intakeWarningsResponseSchema>;

// ─── Daily intake ───────────────────────────────────────────────────────────────────────────────

/**
 * Spec section 3, "Supplement log entry (sent)". The name, dosage and frequency sent are accepted
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

export const savedLogSchema = z.object({ id: z.string(), takenAt: z.string() });
export const savedLogListSchema = z.array(savedLogSchema);

export const dayParamsSchema = z.strictObject({ date: localDateSchema });

/** Spec section 3, "Supplement log (day view)". */
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

/** Spec section 3, "Qualitative log". Effects ratings are notes of type `other` with `ratings` set. */
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

// ─── Streaks (decisions section 4) ──────────────────────────────────────────────────────────────

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

/** "" from an emptied form field means the same as leaving the field out (spec section 5). */
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

/** Spec section 3, "Health stats". Every field is null until the user sets it. */
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
