import { bigint, date, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { HEALTH_KINDS, HEALTH_SOURCES } from '#contract/health-data.ts';
import { users } from './users.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const HEALTH_IMPORT_STATUSES = ['queued', 'reading', 'done', 'failed'] as const;

/**
 * One uploaded export from a phone or wearable. The bytes live in the file store under
 * `storage_key` until the import has been read; `progress` is what the user watches.
 */
export const healthImports = pgTable(
  'health_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    fileName: text('file_name').notNull(),
    /** Null until the reader has recognised the file. */
    source: text('source', { enum: HEALTH_SOURCES }),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    status: text('status', { enum: HEALTH_IMPORT_STATUSES }).notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    /** Measurements read from the file, and those of them that were new to the user. */
    readCount: integer('read_count').notNull().default(0),
    addedCount: integer('added_count').notNull().default(0),
    errorMessage: text('error_message'),
    /** What the reader passed over and why, for the user. */
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('health_imports_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * One measurement from a phone or wearable, in one canonical unit per kind (decision 031).
 * `dedupe_key` is derived from what the measurement is (source, device, kind, times, value), never
 * from the file it came in, so the same export read twice, or a newer one that overlaps, adds
 * only what is new. `day` is the calendar day where the measurement was taken (for sleep, the
 * morning it ended), by the record's own offset when the file gives one.
 */
export const healthMeasurements = pgTable(
  'health_measurements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    source: text('source', { enum: HEALTH_SOURCES }).notNull(),
    /** The app or device inside the source that wrote it ("Apple Watch", "Aria"); overlapping writers are not summed. */
    origin: text('origin').notNull().default(''),
    kind: text('kind', { enum: HEALTH_KINDS }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** The import that first brought it; kept when that import's record is removed. */
    importId: uuid('import_id').references(() => healthImports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('health_measurements_dedupe_idx').on(t.userId, t.dedupeKey),
    index('health_measurements_user_kind_day_idx').on(t.userId, t.kind, t.day),
    index('health_measurements_user_source_idx').on(t.userId, t.source),
    index('health_measurements_import_idx').on(t.importId),
  ],
);
