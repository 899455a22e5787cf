import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { idParamsSchema, okMessageSchema } from './auth.ts';
import { BIOMARKER_CATEGORIES, BIOMARKER_FLAGS, valueComparatorSchema } from './biomarkers.ts';
import { HEALTH_KINDS, HEALTH_SOURCES, HEALTH_UNITS } from './health-data.ts';
import { isRealDate } from './dates.ts';
import { biomarkerTargetBodySchema } from './labs.ts';
import { scheduleSchema } from './supplements.ts';
import { ETHNICITIES, GENDERS } from './health-texts.ts';
import { QUALITATIVE_LOG_TYPES } from './supplement-logs-texts.ts';
import { CONTENT_MESSAGES, DOSE_AMOUNT_MAX, DOSE_UNITS, FREQUENCY_UNITS, STRENGTH_MESSAGES, parseLabelAmount } from './supplements-texts.ts';

/**
 * Data ownership: exports (JSON, CSV zip, FHIR R4, the doctor's PDF report), import, share links
 * for a clinician, and account deletion. The privacy policy's promises of access, portability and
 * deletion (product.md, Data ownership) made real.
 */

const isoDate = (message: string) => z.string({ error: message }).refine(isRealDate, message);

// ─── The JSON export ────────────────────────────────────────────────────────────────────────────

export const EXPORT_FORMAT = 'stacklab-export';
/**
 * Raised when the document's shape changes; import reads this version and every older one.
 * 2 added `healthMeasurements` (decision 036); a version 1 export simply has none.
 * 3 added `biomarkerTargets` and `labRetests` (decision 059); older exports have none.
 * 4 added a lab result's `comparator` (decision 069): an older installation must refuse such an
 * export rather than drop the sign and read "< 0.5" as 0.5. Older exports have none.
 */
export const EXPORT_SCHEMA_VERSION = 4;

/** `stacklab-export-2026-11-21.json`: the day is the user's local day of the export. */
export function exportFileName(kind: 'json' | 'csv' | 'fhir' | 'report', day: string, period?: { from: string; to: string }): string {
  switch (kind) {
    case 'json':
      return `stacklab-export-${day}.json`;
    case 'csv':
      return `stacklab-export-${day}.zip`;
    case 'fhir':
      return `stacklab-fhir-${day}.json`;
    case 'report':
      return period ? `stacklab-report-${period.from}-to-${period.to}.pdf` : `stacklab-report-${day}.pdf`;
  }
}

const exportAccountSchema = z.object({
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  timeZone: z.string(),
  unitSystem: z.enum(['us', 'metric']),
  emailVerified: z.boolean(),
  subscriptionTier: z.string(),
  trialEndsAt: z.string().nullable(),
  createdAt: z.string(),
});

const exportHealthStatsSchema = z.object({
  /** Pounds, inches and minutes, as on the API (product.md, Data ownership). */
  weight: z.number().nullable(),
  height: z.number().nullable(),
  gender: z.enum(GENDERS).nullable(),
  ethnicity: z.enum(ETHNICITIES).nullable(),
  dateOfBirth: isoDate('Date of birth must be a date like 1990-01-31').nullable(),
  averageSleep: z.number().int().nullable(),
  allergies: z.string().max(2000).nullable(),
  updatedAt: z.string().nullable(),
});

const exportSupplementSchema = z.object({
  id: z.string().max(100),
  name: z.string().trim().min(1).max(100),
  dosageAmount: z.number().positive().max(DOSE_AMOUNT_MAX),
  dosageUnit: z.enum(DOSE_UNITS),
  frequencyCount: z.number().int().min(1).max(14),
  frequencyUnit: z.enum(FREQUENCY_UNITS),
  // Decision 029; absent from exports made before it.
  strength: z.string().max(80).refine((text) => typeof parseLabelAmount(text, STRENGTH_MESSAGES) !== 'string', STRENGTH_MESSAGES.format).nullable().optional(),
  nutrientContent: z.string().max(80).refine((text) => typeof parseLabelAmount(text, CONTENT_MESSAGES) !== 'string', CONTENT_MESSAGES.format).nullable().optional(),
  schedule: scheduleSchema.nullable().optional(),
  notes: z.string().max(1000).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});

/** A medication of the stack; restored by import since version 2 (matched by name and strength). */
const exportMedicationSchema = z.object({
  id: z.string().max(100),
  name: z.string().trim().min(1).max(100),
  strength: z.string().max(60).nullable(),
  /** How and when it is taken, in the user's words. */
  schedule: z.string().max(200).nullable(),
  startedOn: isoDate('Start date must be a date like 2025-01-31').nullable(),
  note: z.string().max(1000).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});

/**
 * One measurement imported from a phone or wearable (decision 031), in its kind's one unit.
 * `key` is the dedupe key the health import gave it, so that importing this export, or the
 * wearable's own export again afterwards, adds nothing already here.
 */
const exportHealthMeasurementSchema = z
  .object({
    id: z.string().max(100),
    kind: z.enum(HEALTH_KINDS),
    source: z.enum(HEALTH_SOURCES),
    /** The app or device inside the source that wrote it ("Apple Watch"); may be empty. */
    origin: z.string().max(200),
    startAt: z.iso.datetime({ offset: true }),
    endAt: z.iso.datetime({ offset: true }),
    /** The calendar day it counts for (for sleep, the morning it ended). */
    day: isoDate('Day must be a date like 2025-01-31'),
    value: z.number().finite(),
    unit: z.string().max(20),
    key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'The key must be the one StackLab wrote').nullable().optional(),
  })
  .refine((row) => row.unit === HEALTH_UNITS[row.kind], { message: 'The unit must be the one StackLab stores for the kind', path: ['unit'] })
  .refine((row) => Date.parse(row.startAt) <= Date.parse(row.endAt), { message: 'A measurement cannot end before it starts', path: ['endAt'] });

/**
 * The user's own target for a biomarker, in its canonical unit: the very body the targets route
 * takes, checked by the same rules on import.
 */
const exportBiomarkerTargetSchema = biomarkerTargetBodySchema;

/** A retest the user planned for a biomarker (decision 040); `resultId` is the result's id in `labResults`. */
const exportLabRetestSchema = z.object({
  id: z.string().max(100),
  biomarker: z.string().trim().min(1).max(100),
  resultId: z.string().max(100).nullable(),
  dueDate: isoDate('Due date must be a date like 2025-01-31'),
  /** When its reminder went; null while it waits for its day. */
  remindedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

const exportIntakeLogSchema = z.object({
  id: z.string().max(100),
  /** The stack entry it was logged for, by its id in `supplements`; null once that was deleted. */
  supplementId: z.string().max(100).nullable(),
  name: z.string().trim().min(1).max(100),
  dosageAmount: z.number().positive().max(DOSE_AMOUNT_MAX),
  dosageUnit: z.enum(DOSE_UNITS),
  frequencyCount: z.number().int().min(1).max(14),
  frequencyUnit: z.enum(FREQUENCY_UNITS),
  /** The user's local day. */
  date: isoDate('Date must be a date like 2025-01-31'),
  takenAt: z.iso.datetime({ offset: true }),
});

const ratingValue = z.number().int().min(1).max(5);

const exportNoteSchema = z.object({
  id: z.string().max(100),
  type: z.enum(QUALITATIVE_LOG_TYPES),
  date: isoDate('Date must be a date like 2025-01-31'),
  content: z.string().max(200_000),
  summary: z.string().max(20_000).nullable(),
  /** Set on the day's effects rating (energy, mood, sleep, 1 to 5). */
  ratings: z.object({ energy: ratingValue, mood: ratingValue, sleep: ratingValue }).nullable(),
  note: z.string().max(1000).nullable(),
  tags: z.array(z.string().max(50)).max(20),
  loggedAt: z.iso.datetime({ offset: true }),
});

const exportLabFileSchema = z.object({
  id: z.string().max(100),
  fileName: z.string().max(300),
  contentType: z.string().max(100),
  sizeBytes: z.number().int().min(0),
  status: z.string().max(30),
  testDate: isoDate('Test date must be a date like 2025-01-31').nullable(),
  uploadedAt: z.iso.datetime({ offset: true }),
  errorMessage: z.string().max(1000).nullable(),
  /** The file's path inside the CSV zip when it was exported with its files. */
  archivePath: z.string().max(400).nullable(),
});

const exportLabResultSchema = z.object({
  id: z.string().max(100),
  labFileId: z.string().max(100).nullable(),
  biomarker: z.string().max(100),
  name: z.string().max(200),
  category: z.enum(BIOMARKER_CATEGORIES),
  loinc: z.string().max(20).nullable(),
  /** As reported, in `unit`; `canonicalValue` in the biomarker's one canonical unit. */
  value: z.number().finite(),
  /** The value is a limit as printed ("<" 0.5: below 0.5); null for an exact value, absent before version 4. */
  comparator: valueComparatorSchema.nullable().optional(),
  unit: z.string().max(40),
  canonicalValue: z.number().finite(),
  canonicalUnit: z.string().max(40),
  referenceLow: z.number().finite().nullable(),
  referenceHigh: z.number().finite().nullable(),
  referenceText: z.string().max(100).nullable(),
  flag: z.enum(BIOMARKER_FLAGS).nullable(),
  printedFlag: z.string().max(40).nullable(),
  testDate: isoDate('Test date must be a date like 2025-01-31'),
  reviewed: z.boolean(),
  source: z.enum(['extracted', 'manual']),
  /** The unit was unreadable on the report and taken from its printed range; absent in exports before it. */
  unitFromRange: z.boolean().optional(),
  /** Read by the AI model from the report's text; absent in exports before it. */
  readByModel: z.boolean().optional(),
});

const exportAssistantEntrySchema = z.object({ question: z.string(), answer: z.string(), askedAt: z.string() });
const exportSessionSchema = z.object({ createdAt: z.string(), lastSeenAt: z.string(), userAgent: z.string().nullable(), ipAddress: z.string().nullable() });
const exportSubscriptionSchema = z.object({
  provider: z.string(),
  tier: z.string(),
  interval: z.string().nullable(),
  status: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
const exportShareLinkSchema = z.object({
  label: z.string().nullable(),
  parts: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  openedAt: z.array(z.string()),
});

/**
 * GET /api/export/json: everything the user has, in one document. `healthStats` to
 * `labRetests` are what import restores; the rest (account, sessions, subscriptions, share links, the
 * assistant's history) is there so the user can see all we hold.
 */
export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  schemaVersion: z.number().int(),
  exportedAt: z.string(),
  source: z.object({ app: z.literal('StackLab'), url: z.string() }),
  account: exportAccountSchema,
  healthStats: exportHealthStatsSchema.nullable(),
  supplements: z.array(exportSupplementSchema),
  medications: z.array(exportMedicationSchema),
  intakeLogs: z.array(exportIntakeLogSchema),
  notes: z.array(exportNoteSchema),
  labFiles: z.array(exportLabFileSchema),
  labResults: z.array(exportLabResultSchema),
  healthMeasurements: z.array(exportHealthMeasurementSchema),
  biomarkerTargets: z.array(exportBiomarkerTargetSchema),
  labRetests: z.array(exportLabRetestSchema),
  assistantHistory: z.array(exportAssistantEntrySchema),
  sessions: z.array(exportSessionSchema),
  subscriptions: z.array(exportSubscriptionSchema),
  shareLinks: z.array(exportShareLinkSchema),
});
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
export type ExportSupplement = z.infer<typeof exportSupplementSchema>;
export type ExportIntakeLog = z.infer<typeof exportIntakeLogSchema>;
export type ExportNote = z.infer<typeof exportNoteSchema>;
export type ExportLabResult = z.infer<typeof exportLabResultSchema>;
export type ExportLabFile = z.infer<typeof exportLabFileSchema>;
export type ExportHealthStats = z.infer<typeof exportHealthStatsSchema>;
export type ExportMedication = z.infer<typeof exportMedicationSchema>;
export type ExportHealthMeasurement = z.infer<typeof exportHealthMeasurementSchema>;
export type ExportBiomarkerTarget = z.infer<typeof exportBiomarkerTargetSchema>;
export type ExportLabRetest = z.infer<typeof exportLabRetestSchema>;

export const IMPORT_MESSAGES = {
  noFile: 'Choose a file to import (field "file")',
  tooLarge: 'The file is too large to import (at most {max} MB)',
  unreadable: 'This file is not a StackLab export (JSON) or a CSV of biomarker results',
  newerVersion: 'This export was made by a newer version of StackLab (schema version {version}); update this installation first',
  invalidExport: 'This export is not valid; nothing was imported',
  csvHeader: 'The CSV needs the columns name, value, unit and date (a header row first)',
  csvEmpty: 'The CSV has no rows to import',
  csvInvalid: 'Some rows could not be read; nothing was imported. Fix them and import again.',
  tooManyRows: 'At most {max} rows can be imported at once',
  archiveTooManyEntries: 'This zip holds more than {max} files, more than a StackLab export has; nothing was imported',
  archiveEntryTooLarge: 'A file in this zip unpacks to more than {max} MB; nothing was imported',
  archiveTooLarge: 'This zip unpacks to more than {max} MB in all; nothing was imported',
  done: 'Import finished',
} as const;

/** What the JSON import reads: the sections it restores; anything else in the file is ignored. */
export const exportImportSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: IMPORT_MESSAGES.unreadable }),
  schemaVersion: z.number().int().min(1),
  healthStats: exportHealthStatsSchema.nullable().default(null),
  supplements: z.array(exportSupplementSchema).max(10_000).default([]),
  intakeLogs: z.array(exportIntakeLogSchema).max(500_000).default([]),
  notes: z.array(exportNoteSchema).max(100_000).default([]),
  labFiles: z.array(exportLabFileSchema).max(10_000).default([]),
  labResults: z.array(exportLabResultSchema).max(200_000).default([]),
  medications: z.array(exportMedicationSchema).max(1_000).default([]),
  // Absent before version 2.
  healthMeasurements: z.array(exportHealthMeasurementSchema).max(1_000_000).default([]),
  // Absent before version 3.
  biomarkerTargets: z.array(exportBiomarkerTargetSchema).max(1_000).default([]),
  labRetests: z.array(exportLabRetestSchema).max(1_000).default([]),
});
export type ExportImport = z.infer<typeof exportImportSchema>;

export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_CSV_MAX_ROWS = 5_000;
/** What a zip may unpack to: a StackLab export zip is far inside these; a zip bomb is not. */
export const IMPORT_ARCHIVE_LIMITS = { maxEntries: 10_000, maxEntryBytes: IMPORT_MAX_BYTES, maxTotalBytes: 200 * 1024 * 1024 };

const importCountsSchema = z.object({
  supplements: z.number().int(),
  intakeLogs: z.number().int(),
  notes: z.number().int(),
  labResults: z.number().int(),
  healthStats: z.number().int(),
  medications: z.number().int(),
  healthMeasurements: z.number().int(),
  biomarkerTargets: z.number().int(),
  labRetests: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/**
 * POST /api/import (multipart, field `file`): a StackLab JSON export, or a CSV of biomarker
 * results. Importing the same file twice adds nothing the second time (`skipped` counts what was
 * already there). A CSV with any bad row imports nothing and lists every bad row in `details`.
 */
export const importResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  kind: z.enum(['export', 'biomarker-csv']),
  added: importCountsSchema,
  skipped: importCountsSchema,
  /** Things the user should know: e.g. lab files whose originals were not in the file. */
  notes: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const csvExportQuerySchema = z.object({
  includeFiles: z.enum(['true', 'false'], { error: 'includeFiles must be true or false' }).optional(),
});

// ─── The doctor's report ────────────────────────────────────────────────────────────────────────

export const REPORT_DEFAULT_DAYS = 90;
export const REPORT_MAX_DAYS = 3 * 366;

/** GET /api/export/report?from=&to=: both default (the last 90 days, ending on the user's today). */
export const reportQuerySchema = z
  .object({
    from: isoDate('From must be a date like 2025-01-31').optional(),
    to: isoDate('To must be a date like 2025-01-31').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must be on or before To', path: ['from'] });

// ─── Share links ────────────────────────────────────────────────────────────────────────────────

export const SHARE_PARTS = ['labs', 'stack', 'logs', 'stats'] as const;
export type SharePart = (typeof SHARE_PARTS)[number];
export const SHARE_PART_LABELS: Record<SharePart, string> = {
  labs: 'Lab results',
  stack: 'Supplement stack',
  logs: 'Intake and effect logs',
  stats: 'Health stats',
};
export const SHARE_MIN_HOURS = 24;
export const SHARE_MAX_HOURS = 30 * 24;
/** The intake and effects a link with `logs` shows: this many days, ending on the owner's today. */
export const SHARE_LOG_DAYS = 90;

export const SHARE_MESSAGES = {
  partsRequired: 'Choose at least one part to share',
  partsUnique: 'Each part can be chosen once',
  expiry: 'A link lasts from 24 hours to 30 days',
  labelTooLong: 'The label must be less than 80 characters',
  notFound: 'This link has expired or was revoked',
  linkNotFound: 'Share link not found',
  created: 'Share link created. Copy it now: we keep only a fingerprint of it, so it cannot be shown again.',
  revoked: 'Share link revoked. It no longer opens.',
  tooMany: 'You have {max} active share links; revoke one before creating another',
} as const;
export const SHARE_MAX_ACTIVE = 20;

/** POST /api/shares. */
export const createShareBodySchema = z.strictObject({
  parts: z
    .array(z.enum(SHARE_PARTS, { error: `Parts are ${SHARE_PARTS.join(', ')}` }), { error: SHARE_MESSAGES.partsRequired })
    .min(1, SHARE_MESSAGES.partsRequired)
    .max(SHARE_PARTS.length, SHARE_MESSAGES.partsUnique)
    .refine((parts) => new Set(parts).size === parts.length, SHARE_MESSAGES.partsUnique),
  expiresInHours: z
    .number({ error: SHARE_MESSAGES.expiry })
    .int(SHARE_MESSAGES.expiry)
    .min(SHARE_MIN_HOURS, SHARE_MESSAGES.expiry)
    .max(SHARE_MAX_HOURS, SHARE_MESSAGES.expiry),
  label: z
    .string({ error: 'The label must be text' })
    .trim()
    .max(80, SHARE_MESSAGES.labelTooLong)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CreateShareBody = z.input<typeof createShareBodySchema>;

export const shareLinkSchema = z.object({
  id: z.string(),
  label: z.string().nullable(),
  parts: z.array(z.enum(SHARE_PARTS)),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  openCount: z.number().int(),
  /** The newest openings first (at most 20); only their time is kept. */
  openings: z.array(z.string()),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareListSchema = z.object({ links: z.array(shareLinkSchema) });

export const createShareResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  link: shareLinkSchema,
  /** The link to give the clinician; shown this once. */
  url: z.string(),
});
export type CreateShareResult = z.infer<typeof createShareResultSchema>;

/** Any text: a token that does not open answers 404 like an expired one, never a telling 400. */
export const shareTokenParamsSchema = z.strictObject({ token: z.string().min(1).max(200) });

/** `comparator` is set when the value is a limit as printed ("<" 0.5); null for an exact value. */
const sharedPointSchema = z.object({ testDate: z.string(), value: z.number(), comparator: valueComparatorSchema.nullable(), flag: z.enum(BIOMARKER_FLAGS).nullable() });

/** GET /api/share/{token}: only the parts the link names; the other keys are absent. */
export const sharedDataSchema = z.object({
  owner: z.object({ displayName: z.string() }),
  parts: z.array(z.enum(SHARE_PARTS)),
  expiresAt: z.string(),
  generatedAt: z.string(),
  labs: z
    .object({
      biomarkers: z.array(
        z.object({
          name: z.string(),
          category: z.enum(BIOMARKER_CATEGORIES),
          loinc: z.string().nullable(),
          /** The series' one unit (canonical) and its points, oldest first. */
          unit: z.string(),
          points: z.array(sharedPointSchema),
          latest: z.object({
            testDate: z.string(),
            value: z.number(),
            comparator: valueComparatorSchema.nullable(),
            unit: z.string(),
            referenceLow: z.number().nullable(),
            referenceHigh: z.number().nullable(),
            referenceText: z.string().nullable(),
            flag: z.enum(BIOMARKER_FLAGS).nullable(),
            reviewed: z.boolean(),
          }),
        }),
      ),
    })
    .optional(),
  stack: z
    .object({
      supplements: z.array(z.object({ name: z.string(), dosage: z.string(), frequency: z.string(), notes: z.string().nullable(), since: z.string() })),
    })
    .optional(),
  logs: z
    .object({
      from: z.string(),
      to: z.string(),
      adherence: z.array(z.object({ name: z.string(), daysTaken: z.number().int(), firstDay: z.string(), lastDay: z.string() })),
      intake: z.array(z.object({ date: z.string(), supplements: z.array(z.string()) })),
      effects: z.array(z.object({ date: z.string(), energy: z.number().int(), mood: z.number().int(), sleep: z.number().int(), note: z.string().nullable() })),
    })
    .optional(),
  stats: z
    .object({
      weight: z.number().nullable(),
      height: z.number().nullable(),
      gender: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      averageSleep: z.number().int().nullable(),
      allergies: z.string().nullable(),
      updatedAt: z.string().nullable(),
    })
    .optional(),
});
export type SharedData = z.infer<typeof sharedDataSchema>;

// ─── Account deletion ───────────────────────────────────────────────────────────────────────────

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Enter your password to delete your account',
  wrongPassword: 'The password is not correct',
  lastAdmin: 'You are the only administrator. Make someone else an administrator before deleting your account.',
  billingFailed: 'We could not cancel your subscription with the payment provider, so nothing was deleted. Please try again in a few minutes.',
  deleted: 'Your account and all your data have been deleted.',
} as const;

/** DELETE /api/account. */
export const deleteAccountBodySchema = z.strictObject({
  password: z.string({ error: 'Password must be text' }).max(100).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const accountEndpoints = defineEndpoints({
  // No body at all is fine for an account without a password.
  deleteAccount: { method: 'DELETE', path: '/api/account', body: deleteAccountBodySchema.nullish(), response: okMessageSchema },
});

export const sharesEndpoints = defineEndpoints({
  list: { method: 'GET', path: '/api/shares', response: shareListSchema },
  create: { method: 'POST', path: '/api/shares', body: createShareBodySchema, response: createShareResultSchema },
  revoke: { method: 'DELETE', path: '/api/shares/:id', params: idParamsSchema, response: okMessageSchema },
  open: { method: 'GET', path: '/api/share/:token', params: shareTokenParamsSchema, response: sharedDataSchema },
});
