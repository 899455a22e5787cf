import type { HealthStats, HealthStatsBody } from '#contract/health.ts';
import { type ETHNICITIES, type GENDERS, HEALTH_MESSAGES } from '#contract/health-texts.ts';

/**
 * product.md, Profile and health stats: the API keeps pounds, inches and minutes; the user sees US or metric
 * units, converted here in the client.
 */
export type UnitSystem = 'us' | 'metric';

export const KG_PER_LB = 0.45359237;
export const CM_PER_INCH = 2.54;

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export const lbsToKg = (lbs: number) => lbs * KG_PER_LB;
export const kgToLbs = (kg: number) => kg / KG_PER_LB;
export const inchesToCm = (inches: number) => inches * CM_PER_INCH;
export const cmToInches = (cm: number) => cm / CM_PER_INCH;

/** 70 → { feet: 5, inches: 10 }; inches rounded to `digits`, carrying 12 into a foot. */
export function splitHeight(totalInches: number, digits = 0): { feet: number; inches: number } {
  let feet = Math.floor(totalInches / 12);
  let inches = round(totalInches - feet * 12, digits);
  if (inches >= 12) {
    feet += 1;
    inches = round(inches - 12, digits);
  }
  return { feet, inches };
}

/** 450 → { hours: 7, minutes: 30 } */
export function splitSleep(totalMinutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

export function formatWeight(lbs: number, system: UnitSystem): string {
  return system === 'metric' ? `${round(lbsToKg(lbs), 1)} kg` : `${round(lbs, 1)} lbs`;
}

export function formatHeight(inches: number, system: UnitSystem): string {
  if (system === 'metric') return `${Math.round(inchesToCm(inches))} cm`;
  const { feet, inches: rest } = splitHeight(inches);
  return `${feet} ft ${rest} in`;
}

export function formatSleep(minutes: number): string {
  const { hours, minutes: rest } = splitSleep(minutes);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  'prefer not to answer': 'Prefer not to answer',
};

export const ETHNICITY_LABELS: Record<(typeof ETHNICITIES)[number], string> = {
  african: 'African',
  asian: 'Asian',
  caucasian: 'Caucasian',
  hispanic: 'Hispanic',
  middle_eastern: 'Middle Eastern',
  native_american: 'Native American',
  pacific_islander: 'Pacific Islander',
  mixed: 'Mixed',
  other: 'Other',
  'prefer not to answer': 'Prefer not to answer',
};

/** The Basic Health Information form: text fields as typed, in the user's units. */
export type HealthFormValues = {
  weight: string;
  /** US: feet and inches; metric: centimetres in `heightCm`. */
  heightFeet: string;
  heightInches: string;
  heightCm: string;
  gender: string;
  ethnicity: string;
  dateOfBirth: string;
  sleepHours: string;
  sleepMinutes: string;
  allergies: string;
};

export type HealthFormField = keyof HealthFormValues;

/** The form prefilled from the stored stats (product.md, Profile and health stats), in the user's units. */
export function statsToForm(stats: HealthStats | null | undefined, system: UnitSystem): HealthFormValues {
  const height = stats?.height ?? null;
  const split = height === null ? null : splitHeight(height, 1);
  const sleep = stats?.averageSleep ?? null;
  return {
    weight: stats?.weight == null ? '' : String(system === 'metric' ? round(lbsToKg(stats.weight), 1) : round(stats.weight, 2)),
    heightFeet: split ? String(split.feet) : '',
    heightInches: split ? String(split.inches) : '',
    heightCm: height === null ? '' : String(Math.round(inchesToCm(height))),
    gender: stats?.gender ?? '',
    ethnicity: stats?.ethnicity ?? '',
    dateOfBirth: stats?.dateOfBirth ?? '',
    sleepHours: sleep === null ? '' : String(splitSleep(sleep).hours),
    sleepMinutes: sleep === null ? '' : String(splitSleep(sleep).minutes),
    allergies: stats?.allergies ?? '',
  };
}

export const HEALTH_FORM_MESSAGES = {
  weightUs: HEALTH_MESSAGES.weight,
  weightMetric: 'Weight must be a number of kilograms from 0.5 to 680',
  heightUs: 'Height must be from 1 ft to 9 ft, with inches from 0 to 11.9',
  heightMetric: 'Height must be a number of centimetres from 31 to 274',
  sleepHours: 'Sleep hours must be a whole number from 0 to 24',
  sleepMinutes: 'Sleep minutes must be a whole number from 0 to 59',
  sleepTotal: 'Average sleep cannot be more than 24 hours',
} as const;

const blank = (text: string) => text.trim() === '';
/** A number typed in a field, or NaN when it is not one. */
const numberOf = (text: string) => (/^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(text) ? Number(text) : Number.NaN);

type Result = { ok: true; body: HealthStatsBody } | { ok: false; errors: Partial<Record<HealthFormField, string>> };

/**
 * The body of POST /api/health-stats, in pounds, inches and minutes, to the tenth the server keeps. product.md, Profile and health stats: an empty
 * weight, height or date of birth is left out (the stored value stays). A weight or height the
 * user did not change is sent as stored, so that converting to and from metric never drifts it.
 */
export function formToHealthBody(values: HealthFormValues, system: UnitSystem, stored: HealthStats | null | undefined): Result {
  const errors: Partial<Record<HealthFormField, string>> = {};
  const initial = statsToForm(stored, system);
  const body: HealthStatsBody = {};

  if (!blank(values.weight)) {
    if (values.weight.trim() === initial.weight && stored?.weight != null) {
      body.weight = stored.weight;
    } else {
      const typed = numberOf(values.weight);
      const lbs = round(system === 'metric' ? kgToLbs(typed) : typed, 1);
      if (!Number.isFinite(lbs) || lbs < 1 || lbs > 1500) errors.weight = system === 'metric' ? HEALTH_FORM_MESSAGES.weightMetric : HEALTH_FORM_MESSAGES.weightUs;
      else body.weight = lbs;
    }
  }

  if (system === 'metric' ? !blank(values.heightCm) : !blank(values.heightFeet) || !blank(values.heightInches)) {
    const unchanged =
      system === 'metric'
        ? values.heightCm.trim() === initial.heightCm
        : values.heightFeet.trim() === initial.heightFeet && values.heightInches.trim() === initial.heightInches;
    if (unchanged && stored?.height != null) {
      body.height = stored.height;
    } else {
      let inches: number;
      if (system === 'metric') {
        inches = round(cmToInches(numberOf(values.heightCm)), 1);
      } else {
        const feet = blank(values.heightFeet) ? 0 : numberOf(values.heightFeet);
        const rest = blank(values.heightInches) ? 0 : numberOf(values.heightInches);
        inches = Number.isInteger(feet) && rest >= 0 && rest < 12 ? round(feet * 12 + rest, 1) : Number.NaN;
      }
      if (!Number.isFinite(inches) || inches < 12 || inches > 108) {
        errors[system === 'metric' ? 'heightCm' : 'heightFeet'] = system === 'metric' ? HEALTH_FORM_MESSAGES.heightMetric : HEALTH_FORM_MESSAGES.heightUs;
      } else {
        body.height = inches;
      }
    }
  }

  if (!blank(values.sleepHours) || !blank(values.sleepMinutes)) {
    const hours = blank(values.sleepHours) ? 0 : numberOf(values.sleepHours);
    const minutes = blank(values.sleepMinutes) ? 0 : numberOf(values.sleepMinutes);
    if (!Number.isInteger(hours) || hours < 0 || hours > 24) errors.sleepHours = HEALTH_FORM_MESSAGES.sleepHours;
    else if (!Number.isInteger(minutes) || minutes < 0 || minutes > 59) errors.sleepMinutes = HEALTH_FORM_MESSAGES.sleepMinutes;
    else if (hours * 60 + minutes > 1440) errors.sleepHours = HEALTH_FORM_MESSAGES.sleepTotal;
    else body.averageSleep = hours * 60 + minutes;
  }

  if (values.gender) body.gender = values.gender as HealthStatsBody['gender'];
  if (values.ethnicity) body.ethnicity = values.ethnicity as HealthStatsBody['ethnicity'];
  if (!blank(values.dateOfBirth)) body.dateOfBirth = values.dateOfBirth.trim();

  const allergies = values.allergies.trim();
  if (allergies.length > 2000) errors.allergies = HEALTH_MESSAGES.allergies;
  // An emptied allergies field clears them; one never filled in stays unset.
  else if (allergies || stored?.allergies != null) body.allergies = allergies;

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

/** Server field names (`details[].field`) mapped to the form's fields. */
export function healthFormFieldOf(serverField: string, system: UnitSystem): HealthFormField | null {
  switch (serverField) {
    case 'weight':
    case 'gender':
    case 'ethnicity':
    case 'dateOfBirth':
    case 'allergies':
      return serverField;
    case 'height':
      return system === 'metric' ? 'heightCm' : 'heightFeet';
    case 'averageSleep':
      return 'sleepHours';
    default:
      return null;
  }
}

/** Whole years from a date of birth to a day, birthdays included. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
