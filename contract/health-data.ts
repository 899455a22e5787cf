import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/**
 * Health data from phones and wearables (product.md, Health data from phones and wearables):
 * imports of Apple Health, Google Fit, Fitbit, Oura, Garmin and Withings exports, the
 * measurements read from them, and the summaries the health page draws.
 */

export const HEALTH_SOURCES = ['apple-health', 'google-fit', 'fitbit', 'oura', 'garmin', 'withings'] as const;
export type HealthSource = (typeof HEALTH_SOURCES)[number];

export const HEALTH_SOURCE_NAMES: Record<HealthSource, string> = {
  'apple-health': 'Apple Health',
  'google-fit': 'Google Fit',
  fitbit: 'Fitbit',
  oura: 'Oura',
  garmin: 'Garmin',
  withings: 'Withings',
};

export const HEALTH_KINDS = [
  'sleep_in_bed',
  'sleep_asleep',
  'sleep_light',
  'sleep_deep',
  'sleep_rem',
  'sleep_awake',
  'resting_heart_rate',
  'hrv',
  'steps',
  'weight',
  'body_fat',
  'blood_pressure_systolic',
  'blood_pressure_diastolic',
  'blood_glucose',
] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

/** The one unit each kind is stored and answered in. */
export const HEALTH_UNITS: Record<HealthKind, string> = {
  sleep_in_bed: 'min',
  sleep_asleep: 'min',
  sleep_light: 'min',
  sleep_deep: 'min',
  sleep_rem: 'min',
  sleep_awake: 'min',
  resting_heart_rate: 'bpm',
  hrv: 'ms',
  steps: 'steps',
  weight: 'kg',
  body_fat: '%',
  blood_pressure_systolic: 'mmHg',
  blood_pressure_diastolic: 'mmHg',
  blood_glucose: 'mmol/L',
};

export const HEALTH_KIND_NAMES: Record<HealthKind, string> = {
  sleep_in_bed: 'Time in bed',
  sleep_asleep: 'Asleep',
  sleep_light: 'Light sleep',
  sleep_deep: 'Deep sleep',
  sleep_rem: 'REM sleep',
  sleep_awake: 'Awake',
  resting_heart_rate: 'Resting heart rate',
  hrv: 'Heart rate variability',
  steps: 'Steps',
  weight: 'Weight',
  body_fat: 'Body fat',
  blood_pressure_systolic: 'Systolic blood pressure',
  blood_pressure_diastolic: 'Diastolic blood pressure',
  blood_glucose: 'Blood glucose',
};

/** Sleep stages that count as asleep; in bed and awake do not. */
export const ASLEEP_KINDS = ['sleep_asleep', 'sleep_light', 'sleep_deep', 'sleep_rem'] as const satisfies readonly HealthKind[];

/** The field of the upload, and the largest export taken (an Apple Health export of years is gigabytes). */
export const HEALTH_IMPORT_FIELD = 'file';

export const HEALTH_IMPORT_MESSAGES = {
  notMultipart: 'Send the export as a file upload (multipart/form-data)',
  noFile: 'Choose an export file to import',
  oneFile: 'Import one file at a time',
  emptyFile: 'The file is empty',
  queued: 'Your export is being read. You can leave this page; the import continues.',
  unknownFormat:
    'This file is not an export we can read. We read Apple Health (export.zip or export.xml), Google Fit Takeout, Fitbit, Oura, Garmin (.fit) and Withings (.csv) exports.',
  sourceDeleted: 'Deleted',
  importDeleted: 'Removed from the list',
} as const;

export const HEALTH_IMPORT_STATUSES = ['queued', 'reading', 'done', 'failed'] as const;

export const healthImportSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  source: z.enum(HEALTH_SOURCES).nullable(),
  sizeBytes: z.number().int(),
  status: z.enum(HEALTH_IMPORT_STATUSES),
  progress: z.number().int().min(0).max(100),
  /** Measurements read from the file, and how many of them were new. */
  readCount: z.number().int(),
  addedCount: z.number().int(),
  errorMessage: z.string().nullable(),
  /** What was passed over and why (heart-rate samples taken through the day, a workout file). */
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type HealthImport = z.infer<typeof healthImportSchema>;

export const healthImportListSchema = z.object({ imports: z.array(healthImportSchema) });
export const healthIdParamsSchema = z.object({ id: z.uuid() });
export const healthSourceParamsSchema = z.object({ source: z.enum(HEALTH_SOURCES) });

export const healthSourceSummarySchema = z.object({
  source: z.enum(HEALTH_SOURCES),
  name: z.string(),
  count: z.number().int(),
  firstDay: z.string(),
  lastDay: z.string(),
  kinds: z.array(z.object({ kind: z.enum(HEALTH_KINDS), count: z.number().int() })),
});
export const healthSourceListSchema = z.object({ sources: z.array(healthSourceSummarySchema) });
export type HealthSourceSummary = z.infer<typeof healthSourceSummarySchema>;

export const healthDeleteResultSchema = z.object({ ok: z.literal(true), message: z.string(), deleted: z.number().int() });

/** One day of the sleep and heart cards: null where nothing was measured. */
export const healthDaySchema = z.object({
  day: z.string(),
  /** Minutes asleep (light + deep + REM + unspecified), from the writer that recorded the most. */
  asleepMinutes: z.number().nullable(),
  deepMinutes: z.number().nullable(),
  remMinutes: z.number().nullable(),
  lightMinutes: z.number().nullable(),
  restingHeartRate: z.number().nullable(),
  hrv: z.number().nullable(),
  steps: z.number().nullable(),
});
export type HealthDay = z.infer<typeof healthDaySchema>;

export const healthSummaryQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const healthSummarySchema = z.object({
  /** The user's today, and one entry per day back to `days - 1` days before it, oldest first. */
  today: z.string(),
  days: z.array(healthDaySchema),
});
export type HealthSummary = z.infer<typeof healthSummarySchema>;

export const HEALTH_HISTORY_KINDS = ['weight', 'body_fat', 'blood_pressure', 'blood_glucose'] as const;
export type HealthHistoryKind = (typeof HEALTH_HISTORY_KINDS)[number];
export const healthHistoryQuerySchema = z.object({ kind: z.enum(HEALTH_HISTORY_KINDS) });
export const healthHistoryPointSchema = z.object({
  at: z.iso.datetime(),
  day: z.string(),
  source: z.enum(HEALTH_SOURCES),
  value: z.number(),
  /** Blood pressure only: the diastolic reading taken with the systolic `value`. */
  second: z.number().nullable(),
});
export const healthHistorySchema = z.object({
  kind: z.enum(HEALTH_HISTORY_KINDS),
  unit: z.string(),
  points: z.array(healthHistoryPointSchema),
});
export type HealthHistory = z.infer<typeof healthHistorySchema>;

export const healthDataEndpoints = defineEndpoints({
  upload: { method: 'POST', path: '/api/health-imports', body: 'form', response: healthImportSchema },
  imports: { method: 'GET', path: '/api/health-imports', response: healthImportListSchema },
  healthImport: { method: 'GET', path: '/api/health-imports/:id', params: healthIdParamsSchema, response: healthImportSchema },
  removeImport: { method: 'DELETE', path: '/api/health-imports/:id', params: healthIdParamsSchema, response: healthDeleteResultSchema },
  sources: { method: 'GET', path: '/api/health-data/sources', response: healthSourceListSchema },
  removeSource: { method: 'DELETE', path: '/api/health-data/sources/:source', params: healthSourceParamsSchema, response: healthDeleteResultSchema },
  summary: { method: 'GET', path: '/api/health-data/summary', query: healthSummaryQuerySchema, response: healthSummarySchema },
  history: { method: 'GET', path: '/api/health-data/history', query: healthHistoryQuerySchema, response: healthHistorySchema },
});
