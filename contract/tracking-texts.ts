/**
 * Tracking's texts, lists and dosage rules (spec sections 3 and 5): zod-free, so that the web can
 * use them without loading schema code (decision 017); `tracking.ts` re-exports them beside its
 * schemas.
 */

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

// ─── Reference supplements and search ───────────────────────────────────────────────────────────

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

// ─── The user's supplements, daily intake and notes ──────────────────────────────────────────────

export const SUPPLEMENT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  notesTooLong: 'Notes must be less than 1000 characters',
  notFound: 'Supplement not found',
} as const;

export const LOG_MESSAGES = {
  saveFailed: 'Failed to save your supplement intake. Please try again.',
  saved: 'Your supplement intake has been logged successfully.',
  takenAtInvalid: 'Taken at must be a date and time (ISO 8601) with a time zone',
  takenAtFuture: 'Taken at cannot be in the future',
  takenAtTooOld: 'Taken at is too far in the past',
  tooMany: 'At most 100 logs can be saved at once',
  userId: 'userId must be null; logs are always saved for the signed-in user',
} as const;

export const QUALITATIVE_LOG_TYPES = ['summary', 'chat', 'other'] as const;
export type QualitativeLogType = (typeof QUALITATIVE_LOG_TYPES)[number];

// ─── Health stats and profile ───────────────────────────────────────────────────────────────────

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

export const PROFILE_MESSAGES = {
  saved: 'Profile updated successfully',
  phone: 'Phone number must be 7 to 20 digits, with an optional leading +',
  nameTooLong: 'Name must be less than 100 characters',
} as const;

export const COMPLETION_STEPS = ['basic-info', 'health-metrics', 'allergies', 'supplement-logs', 'lab-results'] as const;
export type CompletionStep = (typeof COMPLETION_STEPS)[number];
export const COMPLETION_STEP_LABELS: Record<CompletionStep, string> = {
  'basic-info': 'Basic info',
  'health-metrics': 'Health metrics',
  allergies: 'Allergies',
  'supplement-logs': 'First supplement logs',
  'lab-results': 'Lab results upload',
};
