import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { ETHNICITIES, GENDERS, HEALTH_MESSAGES } from './health-texts.ts';
import { dateSchema } from './date-schemas.ts';

/** Health stats. product.md, Tracking and Profile. */

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

export const healthEndpoints = defineEndpoints({
  stats: { method: 'GET', path: '/api/health-stats', response: healthStatsSchema },
  saveStats: { method: 'POST', path: '/api/health-stats', body: healthStatsBodySchema, response: healthStatsSchema },
});
