import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { VALUE_COMPARATORS } from '#contract/biomarker-lists.ts';
import { LAB_REVIEW_ROW_KINDS } from '#contract/labs.ts';
import { users } from './users.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const LAB_FILE_STATUSES = ['queued', 'reading', 'needs_review', 'done', 'failed'] as const;
export const TEST_DATE_REVIEWS = ['not-collection-date', 'not-found'] as const;

/**
 * An uploaded lab report. The bytes live in the file store under `storage_key` (generated, never
 * the user's file name); `status` and `progress` are what the user sees of its extraction.
 */
export const labFiles = pgTable(
  'lab_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    /** The uploaded name, tidied, with the extension of the real (sniffed) type. */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    kind: text('kind', { enum: ['pdf', 'docx', 'doc', 'png', 'jpeg'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    status: text('status', { enum: LAB_FILE_STATUSES }).notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** The collection date read from the report, or set by the user; null when neither. */
    testDate: date('test_date', { mode: 'string' }),
    /** Why review must look at the test date (a report date was taken, or none found); null once settled. */
    testDateReview: text('test_date_review', { enum: TEST_DATE_REVIEWS }),
    /** Pages (or images) read so far and in all: the extraction's real progress. Null for Word files. */
    pagesRead: smallint('pages_read'),
    pageCount: smallint('page_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lab_files_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * One biomarker value. `value`/`unit` are as reported; `canonical_*` in the catalogue's one unit per
 * biomarker, so a series never mixes units. Rows from a file cascade with it; manual rows have none.
 */
export const labResults = pgTable(
  'lab_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    labFileId: uuid('lab_file_id').references(() => labFiles.id, { onDelete: 'cascade' }),
    biomarkerKey: text('biomarker_key').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    loinc: text('loinc'),
    value: doublePrecision('value').notNull(),
    /** The value is a limit as printed ("<" 0.5); null for an exact value (contract: comparator). */
    comparator: text('comparator', { enum: VALUE_COMPARATORS }),
    unit: text('unit').notNull(),
    canonicalValue: doublePrecision('canonical_value').notNull(),
    canonicalUnit: text('canonical_unit').notNull(),
    referenceLow: doublePrecision('reference_low'),
    referenceHigh: doublePrecision('reference_high'),
    referenceText: text('reference_text'),
    flag: text('flag', { enum: ['low', 'high', 'normal'] }),
    printedFlag: text('printed_flag'),
    testDate: date('test_date', { mode: 'string' }).notNull(),
    reviewed: boolean('reviewed').notNull().default(false),
    source: text('source', { enum: ['extracted', 'manual'] }).notNull(),
    /** The unit was unreadable and was taken from the printed range (contract: unitFromRange). */
    unitFromRange: boolean('unit_from_range').notNull().default(false),
    /** The row was read by the AI model and checked against the report's text (contract: readByModel). */
    readByModel: boolean('read_by_model').notNull().default(false),
    /** Where the row was read on the report's page (fractions of the page); null for typed results. */
    box: jsonb('box').$type<PageBoxColumn>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Chart data pages through a user's results by date; this index serves both the count and the page.
    index('lab_results_user_date_idx').on(t.userId, t.testDate, t.biomarkerKey, t.id),
    index('lab_results_file_idx').on(t.labFileId),
  ],
);

/** A user's choices about how their reports are read; no row means the defaults (the model off). */
export const labSettings = pgTable('lab_settings', {
  userId: userId().primaryKey(),
  readWithModel: boolean('read_with_model').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * The user's own target for a biomarker, in its canonical unit; either end may be open. It takes
 * the place of the optimal range on the chart and the dashboard (decision 040).
 */
export const biomarkerTargets = pgTable(
  'biomarker_targets',
  {
    userId: userId(),
    biomarkerKey: text('biomarker_key').notNull(),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.biomarkerKey] })],
);

/**
 * A retest the user accepted for a result out of range or off target: one per biomarker (a newer
 * one replaces it). The reminders scan sends it on its day and sets `sent_at` first, so it goes
 * once (decision 040).
 */
export const labRetests = pgTable(
  'lab_retests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    biomarkerKey: text('biomarker_key').notNull(),
    resultId: uuid('result_id').references(() => labResults.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lab_retests_user_biomarker_key').on(t.userId, t.biomarkerKey),
    index('lab_retests_due_idx').on(t.dueDate).where(sql`${t.sentAt} is null`),
  ],
);

export type PageBoxColumn = { page: number; x: number; y: number; width: number; height: number };


/**
 * A row read from a report that waits for the user before it becomes a result: a name the
 * catalogue does not know, a value outside what a living person can have, or a known test whose
 * value could not be read (no value: the user types it). Kept apart from
 * lab_results so that nothing reads it as a result (charts, exports, the assistant) until then.
 */
export const labReviewRows = pgTable(
  'lab_review_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    labFileId: uuid('lab_file_id')
      .notNull()
      .references(() => labFiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LAB_REVIEW_ROW_KINDS }).notNull(),
    name: text('name').notNull(),
    /** Catalogue key of an implausible or unread value; null for an unrecognised name. */
    biomarkerKey: text('biomarker_key'),
    /** Null when the value could not be read. */
    value: doublePrecision('value'),
    unit: text('unit').notNull(),
    referenceLow: doublePrecision('reference_low'),
    referenceHigh: doublePrecision('reference_high'),
    referenceText: text('reference_text'),
    printedFlag: text('printed_flag'),
    box: jsonb('box').$type<PageBoxColumn>(),
    /** Reading order within the file, so review lists rows as the report does. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('lab_review_rows_user_file_idx').on(t.userId, t.labFileId, t.position)],
);

/**
 * A biomarker the user keeps for themselves (a row the catalogue does not know): its results
 * carry `biomarker_key` "own:<id>" and are charted in this one unit.
 */
export const ownBiomarkers = pgTable(
  'own_biomarkers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('own_biomarkers_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The background job queue. Workers claim with FOR UPDATE SKIP LOCKED and hold a lease
 * (`locked_until`); a running job whose lease has expired (its worker died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    error: text('error'),
    progress: smallint('progress').notNull().default(0),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.state, t.runAfter),
    index('jobs_user_id_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * When each user's jobs were last served: the queue claims next for the user who waited longest,
 * so one user's many jobs cannot hold back another user's one.
 */
export const jobTurns = pgTable('job_turns', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
});
