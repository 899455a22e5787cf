import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { biomarkerCategorySchema, biomarkerFlagSchema, pageBoxSchema, testDateReviewSchema, valueComparatorSchema } from './biomarkers.ts';
import { LAB_UPLOAD_FIELD } from './lab-upload.ts';

/**
 * Labs: uploaded lab reports, their extraction status, the biomarker results found in them (or
 * entered by hand), their review, and the chart data and series. product.md, Labs;
 * product.md, Labs.
 */

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const labDateSchema = z
  .string({ error: 'Test date must be a date like 2025-01-31' })
  .regex(DATE_PATTERN, 'Test date must be a date like 2025-01-31')
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'Test date must be a date like 2025-01-31');

// ─── Upload rules (product.md, Labs) ────────────────────────────

// Zod-free, in their own module, which the web can import without zod.
export { LAB_ACCEPTED_EXTENSIONS, LAB_ACCEPTED_MIME_TYPES, LAB_MAX_FILES_PER_SELECTION, LAB_UPLOAD_FIELD } from './lab-upload.ts';

// ─── Lab files ──────────────────────────────────────────────────────────────────────────────────

/**
 * queued: waiting for a reader; reading: extraction running (see progress); needs_review: results
 * found and waiting for the user to confirm; done: confirmed; failed: the file could not be read
 * (errorMessage says why). A failed file is kept, and results can still be added to it by hand.
 */
export const LAB_FILE_STATUSES = ['queued', 'reading', 'needs_review', 'done', 'failed'] as const;
export const labFileStatusSchema = z.enum(LAB_FILE_STATUSES);
export type LabFileStatus = z.infer<typeof labFileStatusSchema>;

export const labFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  /** Download link (GET, attachment). */
  fileUrl: z.string(),
  uploadedAt: z.iso.datetime(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  status: labFileStatusSchema,
  /** 0-100 while queued or reading; 100 afterwards. */
  progress: z.number().int().min(0).max(100),
  /** A stable code when failed (password-protected, corrupt-file, no-text, zip-bomb, ...). */
  errorCode: z.string().nullable(),
  /** Why it failed, or a note (no biomarkers recognised), written for the user. */
  errorMessage: z.string().nullable(),
  /** The collection date read from the report or set by the user; null when neither. */
  testDate: z.iso.date().nullable(),
  /** Set while review must look at the test date: a report date was taken, or none was found. */
  testDateReview: testDateReviewSchema.nullable(),
  resultCount: z.number().int(),
  unreviewedCount: z.number().int(),
  /** Pages (or images) read so far and in all, while reading and after; null before, and for Word files. */
  pagesRead: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  /** Rows waiting for the user's decision (see reviewRowSchema); confirming waits for them. */
  reviewRowCount: z.number().int(),
});
export type LabFile = z.infer<typeof labFileSchema>;
export const labFileListSchema = z.array(labFileSchema);

// ─── Results ────────────────────────────────────────────────────────────────────────────────────

export const LAB_RESULT_SOURCES = ['extracted', 'manual'] as const;

export const labResultSchema = z.object({
  id: z.uuid(),
  labFileId: z.uuid().nullable(),
  /** Catalogue key ("glucose-fasting"); see GET /api/labs/biomarkers. */
  biomarker: z.string(),
  name: z.string(),
  category: biomarkerCategorySchema,
  loinc: z.string().nullable(),
  /** As reported. */
  value: z.number(),
  /** The value is a limit ("< 0.5": below 0.5, the detection limit); null for an exact value. */
  comparator: valueComparatorSchema.nullable(),
  unit: z.string(),
  /** In the biomarker's one canonical unit (product.md, Labs). */
  canonicalValue: z.number(),
  canonicalUnit: z.string(),
  referenceRange: z.object({ low: z.number().nullable(), high: z.number().nullable(), text: z.string().nullable() }),
  /** Computed from the value and the printed range; null without a numeric range. */
  flag: biomarkerFlagSchema.nullable(),
  /** The flag as the report printed it; may disagree with `flag`. */
  printedFlag: z.string().nullable(),
  testDate: z.iso.date(),
  /** False for extracted values the user has not confirmed or corrected: show them as unreviewed. */
  reviewed: z.boolean(),
  source: z.enum(LAB_RESULT_SOURCES),
  /** The unit was unreadable on the report and was taken from the printed range: shown until the result is reviewed. */
  unitFromRange: z.boolean(),
  /** Read by the AI model from the report's text (the user's setting): shown until the result is reviewed. */
  readByModel: z.boolean(),
  /** Where the row was read on the report's page; absent for results typed in. */
  box: pageBoxSchema.nullable().optional(),
});
export type LabResult = z.infer<typeof labResultSchema>;

/**
 * A row read from a report that is not a result until the user decides (product.md, Labs, review):
 * 'unrecognised' names no catalogue biomarker (map it, or keep it as the user's own biomarker);
 * 'implausible' is outside what a living person can have (confirm it, or correct it);
 * 'unread' is a known test whose value could not be read surely (type it from the report).
 */
export const LAB_REVIEW_ROW_KINDS = ['unrecognised', 'implausible', 'unread'] as const;
export const labReviewRowSchema = z.object({
  id: z.uuid(),
  labFileId: z.uuid(),
  kind: z.enum(LAB_REVIEW_ROW_KINDS),
  /** The name as printed (unrecognised) or the catalogue's name (implausible, unread). */
  name: z.string(),
  /** The catalogue key for an implausible or unread value; null for an unrecognised row. */
  biomarker: z.string().nullable(),
  /** Null for an unread row. */
  value: z.number().nullable(),
  unit: z.string(),
  referenceRange: z.object({ low: z.number().nullable(), high: z.number().nullable(), text: z.string().nullable() }),
  printedFlag: z.string().nullable(),
  box: pageBoxSchema.nullable(),
});
export type LabReviewRow = z.infer<typeof labReviewRowSchema>;

export const labFileResultsSchema = z.object({ file: labFileSchema, results: z.array(labResultSchema), reviewRows: z.array(labReviewRowSchema) });
export type LabFileResults = z.infer<typeof labFileResultsSchema>;
export const labResultListSchema = z.array(labResultSchema);

const optionalNumber = z.number({ error: 'Must be a number' }).finite().nullable().optional();

/** A result typed or corrected by the user. The biomarker is a catalogue key or name. */
export const labResultInputSchema = z.strictObject({
  biomarker: z.string({ error: 'Biomarker is required' }).trim().min(1, 'Biomarker is required').max(100),
  value: z.number({ error: 'Value must be a number' }).finite('Value must be a number'),
  /** The report printed the value as a limit ("< 0.5"); null or absent for an exact value. */
  comparator: valueComparatorSchema.nullable().optional(),
  unit: z.string({ error: 'Unit is required' }).trim().max(40),
  referenceLow: optionalNumber,
  referenceHigh: optionalNumber,
  referenceText: z.string().trim().max(100).nullable().optional(),
  /** The user has checked an implausible value against the report and it is what was printed. */
  confirmImplausible: z.boolean().optional(),
});
export type LabResultInput = z.infer<typeof labResultInputSchema>;

/** Adding to a file: the file's test date applies unless one is given. */
export const labFileResultBodySchema = labResultInputSchema.extend({ testDate: labDateSchema.optional() });
/** Correcting a result. */
export const labResultUpdateBodySchema = labResultInputSchema.extend({ testDate: labDateSchema.optional() });
/** Manual entry with no file: the test date is required. */
export const manualLabResultBodySchema = labResultInputSchema.extend({ testDate: labDateSchema });

/** Keeping an unrecognised row as the user's own biomarker: its name and unit, as printed unless edited. */
export const ownBiomarkerBodySchema = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  unit: z.string({ error: 'Unit is required' }).trim().max(40, 'Unit must be at most 40 characters'),
});

/** A biomarker the user keeps for themselves: charted like the catalogue's, in its one unit. Key "own:<id>". */
export const ownBiomarkerSchema = z.object({ key: z.string(), name: z.string(), unit: z.string() });
export type OwnBiomarker = z.infer<typeof ownBiomarkerSchema>;
export const ownBiomarkerListSchema = z.array(ownBiomarkerSchema);

export const labTestDateBodySchema = z.strictObject({ testDate: labDateSchema });

export const labIdParamsSchema = z.strictObject({ id: z.uuid('Not a valid id') });

export const labDeleteResultSchema = z.object({ ok: z.literal(true), message: z.string() });

// ─── Biomarker catalogue (for the review form's picker) ────────────────────────────────────────

export const biomarkerCatalogueEntrySchema = z.object({
  key: z.string(),
  name: z.string(),
  category: biomarkerCategorySchema,
  canonicalUnit: z.string(),
  /** The SI unit shown when the user picks SI; equal to canonicalUnit when there is no other. */
  siUnit: z.string(),
  /** Units accepted on input (canonical first). */
  units: z.array(z.string()),
});
export const biomarkerCatalogueSchema = z.array(biomarkerCatalogueEntrySchema);
export type BiomarkerCatalogueEntry = z.infer<typeof biomarkerCatalogueEntrySchema>;

// ─── Chart data (product.md, Labs) ─────────────────────────────────────────

export const CHART_DATA_PAGE_SIZE = 100;

export const chartDataQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1, 'page must be a whole number from 1').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be 1 to 500' })
    .int()
    .min(1, 'pageSize must be 1 to 500')
    .max(500, 'pageSize must be 1 to 500')
    .default(CHART_DATA_PAGE_SIZE),
});

export const biomarkerRecordSchema = z.object({
  name: z.string(),
  value: z.number(),
  testDate: z.iso.date(),
  unit: z.string().optional(),
  category: biomarkerCategorySchema.optional(),
});
export type BiomarkerRecord = z.infer<typeof biomarkerRecordSchema>;

export const chartDataResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(biomarkerRecordSchema),
  pagination: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type ChartDataResponse = z.infer<typeof chartDataResponseSchema>;

// ─── Series ─────────────────────────────────────────────────────────────────────────────────────

/** canonical and conventional are the same (the catalogue's canonical units are the US ones); si switches. */
/** Where a series' reference range comes from (decision 040). */
export const REFERENCE_SOURCES = ['report', 'profile', 'typical'] as const;

export const SERIES_UNITS = ['canonical', 'conventional', 'si'] as const;
export const seriesQuerySchema = z.object({
  /** Default: the user's unit system (us → conventional, metric → si). */
  units: z.enum(SERIES_UNITS, { error: 'units must be canonical, conventional or si' }).optional(),
});

/**
 * A series' points as parallel columns, oldest first: point i is `testDates[i]`, `values[i]`,
 * `comparators[i]` (null for an exact value), `flags[i]`, `reviewed[i]`. Columns rather than an object per point halve the answer for
 * 20,000 points and the time to check and send it (decisions/014).
 */
export const seriesPointsSchema = z
  .object({
    testDates: z.array(z.iso.date()).min(1),
    values: z.array(z.number()),
    comparators: z.array(valueComparatorSchema.nullable()),
    flags: z.array(biomarkerFlagSchema.nullable()),
    reviewed: z.array(z.boolean()),
  })
  .refine(
    (points) => [points.values, points.comparators, points.flags, points.reviewed].every((column) => column.length === points.testDates.length),
    'every column holds one entry per point',
  );

export const citationSchema = z.object({ source: z.string(), year: z.number().int(), title: z.string(), url: z.string() });
export type Citation = z.infer<typeof citationSchema>;
export const optimalRangeSchema = z.object({ low: z.number().nullable(), high: z.number().nullable(), note: z.string(), citation: citationSchema });
export type OptimalRangeDto = z.infer<typeof optimalRangeSchema>;

export const biomarkerSeriesSchema = z.object({
  /** Display name; the chart's selection (query parameter `biomarkers`) uses it. */
  name: z.string(),
  biomarker: z.string(),
  unit: z.string(),
  category: biomarkerCategorySchema,
  points: seriesPointsSchema,
  /** The latest printed range in this unit, else the band for the user's sex and age, else a typical adult range; null ends when unknown. */
  referenceRange: z.object({ low: z.number().nullable(), high: z.number().nullable() }),
  /** Where referenceRange comes from: the user's report, their profile's sex and age band, or a typical adult range (decision 040). */
  referenceSource: z.enum(REFERENCE_SOURCES),
  /** A narrower range published evidence supports, in this unit, with its source; null for most biomarkers. */
  optimalRange: optimalRangeSchema.nullable(),
  /** The user's own target in this unit; null when they have set none. */
  target: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable(),
});
export type BiomarkerSeries = z.infer<typeof biomarkerSeriesSchema>;

export const supplementPeriodSchema = z.object({ name: z.string(), start: z.iso.date(), end: z.iso.date() });
export type SupplementPeriod = z.infer<typeof supplementPeriodSchema>;

export const seriesResponseSchema = z.object({
  units: z.enum(['conventional', 'si']),
  series: z.array(biomarkerSeriesSchema),
  /** From the user's supplement logs: first to last logged day, split at gaps of more than 7 days. */
  supplementPeriods: z.array(supplementPeriodSchema),
});
export type SeriesResponse = z.infer<typeof seriesResponseSchema>;

/** Gaps longer than this many days between logged days split a supplement period. */
export const SUPPLEMENT_PERIOD_GAP_DAYS = 7;

// ─── Targets and retests (decision 040) ───────────────────────────────────────────────────

const targetEnd = z.number({ error: 'Must be a number' }).finite('Must be a number').nullable();

/** The user's own target for one catalogue biomarker, in one of its units; one end may be open. */
export const biomarkerTargetBodySchema = z
  .strictObject({
    biomarker: z.string({ error: 'Biomarker is required' }).trim().min(1, 'Biomarker is required').max(100),
    low: targetEnd,
    high: targetEnd,
    unit: z.string({ error: 'Unit is required' }).trim().max(40),
  })
  .refine((body) => body.low !== null || body.high !== null, { message: 'Set a low end, a high end, or both', path: ['low'] })
  .refine((body) => body.low === null || body.high === null || body.low < body.high, { message: 'The low end of the target must be below its high end', path: ['low'] });
export type BiomarkerTargetBody = z.infer<typeof biomarkerTargetBodySchema>;
export const biomarkerTargetDeleteBodySchema = z.strictObject({ biomarker: z.string({ error: 'Biomarker is required' }).trim().min(1, 'Biomarker is required').max(100) });

/** A stored target, in the biomarker's canonical unit. */
export const biomarkerTargetSchema = z.object({ biomarker: z.string(), low: z.number().nullable(), high: z.number().nullable(), unit: z.string() });
export type BiomarkerTarget = z.infer<typeof biomarkerTargetSchema>;
export const biomarkerTargetListSchema = z.array(biomarkerTargetSchema);

export { RETEST_AFTER_MONTHS, RETEST_LATE_DAYS } from './biomarker-lists.ts';

/** Why a latest result is on the dashboard: outside its reference range, or inside it but off target. */
export const ATTENTION_REASONS = ['low', 'high', 'below-target', 'above-target'] as const;

/** A biomarker whose latest result is out of range or off target, for the dashboard's Bloodwork card. */
export const labAttentionItemSchema = z.object({
  resultId: z.uuid(),
  biomarker: z.string(),
  name: z.string(),
  value: z.number(),
  comparator: valueComparatorSchema.nullable(),
  unit: z.string(),
  testDate: z.iso.date(),
  reason: z.enum(ATTENTION_REASONS),
  referenceRange: z.object({ low: z.number().nullable(), high: z.number().nullable() }),
  /** The user's target, else the optimal range, in the result's unit; null when there is neither. */
  targetRange: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable(),
  suggestedRetest: z.iso.date(),
  /** The retest the user accepted for this biomarker and not yet reminded of; null when none. */
  retest: z.object({ id: z.uuid(), dueDate: z.iso.date() }).nullable(),
});
export type LabAttentionItem = z.infer<typeof labAttentionItemSchema>;
export const labAttentionListSchema = z.array(labAttentionItemSchema);

/** Accepting the suggested retest for a result; the server works out the date. */
export const labRetestBodySchema = z.strictObject({ resultId: z.uuid('Not a valid id') });
export const labRetestSchema = z.object({ id: z.uuid(), biomarker: z.string(), dueDate: z.iso.date() });
export type LabRetest = z.infer<typeof labRetestSchema>;

// ─── One biomarker's page ─────────────────────────────────────────────────────────────────────

/** A catalogue key ("vitamin-d") or the user's own ("own:<id>"). */
export const biomarkerParamsSchema = z.strictObject({ biomarker: z.string().trim().min(1, 'Biomarker is required').max(100, 'Not a biomarker') });

/** A result of the biomarker, as reported, with the report it was read from; null for a result typed in by hand. */
export const biomarkerReadingSchema = labResultSchema.extend({
  report: z.object({ id: z.uuid(), fileName: z.string(), fileUrl: z.string() }).nullable(),
});
export type BiomarkerReading = z.infer<typeof biomarkerReadingSchema>;

/** A biomarker of the catalogue or of the user's own, and every reading of it the user has, newest first. */
export const biomarkerReadingsSchema = z.object({
  biomarker: z.string(),
  name: z.string(),
  category: biomarkerCategorySchema,
  readings: z.array(biomarkerReadingSchema),
});
export type BiomarkerReadings = z.infer<typeof biomarkerReadingsSchema>;

export const LAB_MESSAGES = {
  notFound: 'Lab file not found',
  biomarkerNotFound: 'Biomarker not found',
  resultNotFound: 'Lab result not found',
  deleted: 'Lab file deleted',
  resultDeleted: 'Lab result deleted',
  noFile: `Choose a file to upload (field "${LAB_UPLOAD_FIELD}")`,
  oneFile: 'Send one file per request',
  notMultipart: `Send the file as multipart/form-data in the field "${LAB_UPLOAD_FIELD}"`,
  emptyFile: 'The file is empty',
  noResultsFound: 'No biomarkers we recognise were found in this file. You can add results by hand.',
  testDateNeeded: 'Set the test date before confirming: the date the sample was taken.',
  reviewRowNotFound: 'This row is no longer waiting for review',
  reviewRowsPending:
    'Some rows still need your decision: match or keep each row we could not recognise, type each value we could not read, and confirm or correct each value marked as unlikely.',
  ownBiomarkerUnit: 'Use the unit this biomarker of yours was first kept in',
  retestNotNeeded: 'This result is in range and on target: no retest to plan',
  retestNotFound: 'Retest not found',
  retestCancelled: 'Retest cancelled',
  noModel: 'No AI model is configured on this server, so reports are read without one',
} as const;

/**
 * Whether the AI model may read the text of the user's reports (product.md, Labs): off until the
 * user turns it on, and offered only when the server has a model.
 */
export const labModelReadingSchema = z.object({
  /** The server has an AI model; without one the setting is not offered. */
  available: z.boolean(),
  enabled: z.boolean(),
  /** Where the text goes (the model's host), for the setting to say; null without a model. */
  host: z.string().nullable(),
});
export type LabModelReading = z.infer<typeof labModelReadingSchema>;
export const labModelReadingBodySchema = z.strictObject({ enabled: z.boolean({ error: 'enabled must be true or false' }) });

/** Confirming sends an empty object (a POST with no body at all reaches the route as null and is refused). */
export const labConfirmBodySchema = z.strictObject({}).optional();

export const labsEndpoints = defineEndpoints({
  list: { method: 'GET', path: '/api/labs', response: labFileListSchema },
  upload: { method: 'POST', path: '/api/labs', body: 'form', response: labFileSchema },
  labFile: { method: 'GET', path: '/api/labs/:id', params: labIdParamsSchema, response: labFileSchema },
  remove: { method: 'DELETE', path: '/api/labs/:id', params: labIdParamsSchema, response: labDeleteResultSchema },
  chartData: { method: 'GET', path: '/api/labs/chart-data', query: chartDataQuerySchema, response: chartDataResponseSchema },
  series: { method: 'GET', path: '/api/labs/series', query: seriesQuerySchema, response: seriesResponseSchema },
  biomarkers: { method: 'GET', path: '/api/labs/biomarkers', response: biomarkerCatalogueSchema },
  targets: { method: 'GET', path: '/api/labs/targets', response: biomarkerTargetListSchema },
  setTarget: { method: 'PUT', path: '/api/labs/targets', body: biomarkerTargetBodySchema, response: biomarkerTargetSchema },
  removeTarget: { method: 'DELETE', path: '/api/labs/targets', body: biomarkerTargetDeleteBodySchema, response: labDeleteResultSchema },
  attention: { method: 'GET', path: '/api/labs/attention', response: labAttentionListSchema },
  modelReading: { method: 'GET', path: '/api/labs/model-reading', response: labModelReadingSchema },
  setModelReading: { method: 'PUT', path: '/api/labs/model-reading', body: labModelReadingBodySchema, response: labModelReadingSchema },
  acceptRetest: { method: 'POST', path: '/api/labs/retests', body: labRetestBodySchema, response: labRetestSchema },
  cancelRetest: { method: 'DELETE', path: '/api/labs/retests/:id', params: labIdParamsSchema, response: labDeleteResultSchema },
  ownBiomarkers: { method: 'GET', path: '/api/labs/own-biomarkers', response: ownBiomarkerListSchema },
  biomarkerReadings: { method: 'GET', path: '/api/labs/biomarkers/:biomarker/readings', params: biomarkerParamsSchema, response: biomarkerReadingsSchema },
  saveReviewRow: { method: 'PUT', path: '/api/labs/review-rows/:id', params: labIdParamsSchema, body: labResultUpdateBodySchema, response: labResultSchema },
  keepReviewRowAsOwn: { method: 'POST', path: '/api/labs/review-rows/:id/own', params: labIdParamsSchema, body: ownBiomarkerBodySchema, response: labResultSchema },
  dismissReviewRow: { method: 'DELETE', path: '/api/labs/review-rows/:id', params: labIdParamsSchema, response: labDeleteResultSchema },
  fileResults: { method: 'GET', path: '/api/labs/:id/results', params: labIdParamsSchema, response: labFileResultsSchema },
  addFileResult: { method: 'POST', path: '/api/labs/:id/results', params: labIdParamsSchema, body: labFileResultBodySchema, response: labResultSchema },
  setTestDate: { method: 'PUT', path: '/api/labs/:id/test-date', params: labIdParamsSchema, body: labTestDateBodySchema, response: labFileResultsSchema },
  confirmFile: { method: 'POST', path: '/api/labs/:id/confirm', params: labIdParamsSchema, body: labConfirmBodySchema, response: labFileResultsSchema },
  manualResults: { method: 'GET', path: '/api/labs/results/manual', response: labResultListSchema },
  addManualResult: { method: 'POST', path: '/api/labs/results', body: manualLabResultBodySchema, response: labResultSchema },
  updateResult: { method: 'PUT', path: '/api/labs/results/:id', params: labIdParamsSchema, body: labResultUpdateBodySchema, response: labResultSchema },
  deleteResult: { method: 'DELETE', path: '/api/labs/results/:id', params: labIdParamsSchema, response: labDeleteResultSchema },
});
