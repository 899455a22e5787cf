import { z } from 'zod';
import { emailSchema, timeZoneSchema, userSchema, usernameSchema } from './auth.ts';
import { DATE_PATTERN, isRealDate } from './dates.ts';

/**
 * Tracking: the user's supplement stack, daily intake, effects (energy, mood, sleep), intake
 * warnings, streaks, health stats and the profile. Spec sections 3, 5 and 7; decisions section 4.
 */

// ─── Shared pieces ──────────────────────────────────────────────────────────────────────────────

// The zod-free date helpers live in their own module, which the web can import without zod.
export { addDays, isRealDate, localDateOf } from './dates.ts';

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

export const DOSE_UNITS = ['mg', 'g', 'mcg', 'IU'] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];
export const FREQUENCY_UNITS = ['hourly', 'daily', 'weekly'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];

/** The amounts the form offers per unit; the server accepts exactly these. */
export function doseAmountOptions(unit: DoseUnit): number[] {
  if (unit === 'g') return range(1, 10, 1);
  return range(50, unit === 'IU' ? 2000 : 1000, 50);
}
/** Changing the unit resets the amount to this (spec section 5). */
export function defaultDoseAmount(unit: DoseUnit): number {
  return unit === 'g' ? 1 : 50;
}
export const FREQUENCY_COUNT_MIN = 1;
export const FREQUENCY_COUNT_MAX = 14;

function range(from: number, to: number, step: number): number[] {
  const values: number[] = [];
  for (let value = from; value <= to; value += step) values.push(value);
  return values;
}

export type Dosage = { amount: number; unit: DoseUnit };
export type Frequency = { count: number; unit: FrequencyUnit };

export const DOSAGE_MESSAGES = {
  required: 'Dosage is required',
  format: 'Dosage must be an amount and a unit, like "500 mg"',
  unit: 'Dosage unit must be mg, g, mcg or IU',
  mgMcg: 'Amounts in mg and mcg go from 50 to 1000 in steps of 50',
  iu: 'Amounts in IU go from 50 to 2000 in steps of 50',
  g: 'Amounts in g are whole numbers from 1 to 10',
} as const;

export const FREQUENCY_MESSAGES = {
  required: 'Frequency is required',
  format: 'Frequency must be a count and a unit, like "1x daily"',
  count: 'Frequency must be from 1 to 14 times',
  unit: 'Frequency unit must be hourly, daily or weekly',
} as const;

/** Reads "<amount> <unit>"; units ignore case ("500 MG", "1000 iu"). Returns a message on failure. */
export function parseDosage(text: string): Dosage | string {
  const trimmed = text.trim();
  if (!trimmed) return DOSAGE_MESSAGES.required;
  const match = /^(\d+(?:\.\d+)?)\s*([A-Za-z]+)$/.exec(trimmed);
  if (!match) return DOSAGE_MESSAGES.format;
  const unit = DOSE_UNITS.find((u) => u.toLowerCase() === match[2]!.toLowerCase());
  if (!unit) return DOSAGE_MESSAGES.unit;
  const amount = Number(match[1]);
  if (!doseAmountOptions(unit).includes(amount)) {
    return unit === 'g' ? DOSAGE_MESSAGES.g : unit === 'IU' ? DOSAGE_MESSAGES.iu : DOSAGE_MESSAGES.mgMcg;
  }
  return { amount, unit };
}

/** Reads "<n>x <unit>" ("2x daily", "1 x weekly"). Returns a message on failure. */
export function parseFrequency(text: string): Frequency | string {
  const trimmed = text.trim();
  if (!trimmed) return FREQUENCY_MESSAGES.required;
  const match = /^(\d+)\s*x\s*([A-Za-z]+)$/i.exec(trimmed);
  if (!match) return FREQUENCY_MESSAGES.format;
  const unit = FREQUENCY_UNITS.find((u) => u === match[2]!.toLowerCase());
  if (!unit) return FREQUENCY_MESSAGES.unit;
  const count = Number(match[1]);
  if (!Number.isInteger(count) || count < FREQUENCY_COUNT_MIN || count > FREQUENCY_COUNT_MAX) return FREQUENCY_MESSAGES.count;
  return { count, unit };
}

export function formatDosage({ amount, unit }: Dosage): string {
  return `${amount} ${unit}`;
}
export function formatFrequency({ count, unit }: Frequency): string {
  return `${count}x ${unit}`;
}

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

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

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

export const SUPPLEMENT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  notesTooLong: 'Notes must be less than 1000 characters',
  notFound: 'Supplement not found',
} as const;

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

export const LOG_MESSAGES = {
  saveFailed: 'Failed to save your supplement intake. Please try again.',
  saved: 'Your supplement intake has been logged successfully.',
  takenAtInvalid: 'Taken at must be a date and time (ISO 8601) with a time zone',
  takenAtFuture: 'Taken at cannot be in the future',
  takenAtTooOld: 'Taken at is too far in the past',
  tooMany: 'At most 100 logs can be saved at once',
  userId: 'userId must be null; logs are always saved for the signed-in user',
} as const;

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

export const QUALITATIVE_LOG_TYPES = ['summary', 'chat', 'other'] as const;
export type QualitativeLogType = (typeof QUALITATIVE_LOG_TYPES)[number];

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

export const GENDERS = ['male', 'female', 'prefer not to answer'] as const;
export const ETHNICITIES = [
  'african',
  'asian',
  'caucasian',
  'hispanic',
  'middle_eastern',
  'native_american',
  'pacific_islander',
  'mixed',
  'other',
  'prefer not to answer',
] as const;
export const MINIMUM_AGE_YEARS = 18;

export const HEALTH_MESSAGES = {
  weight: 'Weight must be a number of pounds from 1 to 1500',
  height: 'Height must be a number of inches from 12 to 108',
  averageSleep: 'Average sleep must be a whole number of minutes from 0 to 1440',
  gender: 'Gender must be male, female or prefer not to answer',
  ethnicity: `Ethnicity must be one of: ${ETHNICITIES.join(', ')}`,
  dateOfBirth: 'Date of birth must be a date like 1990-01-31',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  tooYoung: 'You must be at least 18 years old',
  tooOld: 'Date of birth must be within the last 130 years',
  allergies: 'Allergies must be less than 2000 characters',
  saved: 'Health stats updated successfully',
} as const;

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

export const PROFILE_MESSAGES = {
  saved: 'Profile updated successfully',
  phone: 'Phone number must be 7 to 20 digits, with an optional leading +',
  nameTooLong: 'Name must be less than 100 characters',
} as const;

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

export const COMPLETION_STEPS = ['basic-info', 'health-metrics', 'allergies', 'supplement-logs', 'lab-results'] as const;
export type CompletionStep = (typeof COMPLETION_STEPS)[number];
export const COMPLETION_STEP_LABELS: Record<CompletionStep, string> = {
  'basic-info': 'Basic info',
  'health-metrics': 'Health metrics',
  allergies: 'Allergies',
  'supplement-logs': 'First supplement logs',
  'lab-results': 'Lab results upload',
};

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
