/**
 * Health stats' texts and lists (product.md, Profile and health stats).
 * Zod-free, so the web uses them without schema code (decision 017); the schemas are in `health.ts`.
 */

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
