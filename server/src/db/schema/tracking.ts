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
import { DOSE_UNITS, MASS_UNITS } from '#contract/supplements-texts.ts';
import type { Schedule } from '#contract/schedule.ts';
import { users } from './users.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The reference supplement database (seeded at start, managed by admins). Not user data. */
export const referenceSupplements = pgTable(
  'reference_supplements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    alternativeNames: text('alternative_names').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    source: text('source'),
    sourceUrl: text('source_url'),
    /** The nutrient whose daily total this product counts toward (NUTRIENT_KEYS). */
    nutrient: text('nutrient'),
    upperLimitAmount: doublePrecision('upper_limit_amount'),
    upperLimitUnit: text('upper_limit_unit'),
    upperLimitSource: text('upper_limit_source'),
    upperLimitSourceUrl: text('upper_limit_source_url'),
    upperLimitNote: text('upper_limit_note'),
    /** Which IU definition applies to this product's labels (NUTRIENT_IU_CONVERSIONS), if any. */
    iuConversion: text('iu_conversion'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reference_supplements_name_lower_key').on(sql`lower(${t.name})`)],
);

/**
 * Every name a reference supplement is known by (its own name and each alternative), lower case,
 * one per row, so that one trigram index serves prefix, word and typo search over all of them.
 * Written together with the supplement (`replaceReferenceNames`).
 */
export const referenceSupplementNames = pgTable(
  'reference_supplement_names',
  {
    referenceSupplementId: uuid('reference_supplement_id')
      .notNull()
      .references(() => referenceSupplements.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    uniqueIndex('reference_supplement_names_key').on(t.referenceSupplementId, t.name),
    index('reference_supplement_names_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('reference_supplement_names_prefix_idx').on(t.name.op('text_pattern_ops')),
  ],
);

/**
 * Search words: every distinct word (letters and digits) of every reference name, in a small table
 * that typo matching scans with a trigram index, and which supplements each word belongs to.
 * Rebuilt from the names with the names (`syncAllReferenceNames`, `syncReferenceNames`).
 */
export const referenceWords = pgTable(
  'reference_words',
  { word: text('word').primaryKey() },
  (t) => [index('reference_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')), index('reference_words_prefix_idx').on(t.word.op('text_pattern_ops'))],
);

export const referenceSupplementWords = pgTable(
  'reference_supplement_words',
  {
    word: text('word').notNull(),
    referenceSupplementId: uuid('reference_supplement_id')
      .notNull()
      .references(() => referenceSupplements.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.referenceSupplementId] }),
    index('reference_supplement_words_supplement_idx').on(t.referenceSupplementId),
  ],
);

/**
 * A dose's optional label parts (decision 029): the strength of one unit of a dose in ml, drops
 * or a countable form ("1 capsule = 1000 mg EPA+DHA"), and the nutrient the whole dose holds
 * ("400 mg magnesium glycinate = 56 mg elemental magnesium").
 */
const doseLabelColumns = () => ({
  strengthAmount: doublePrecision('strength_amount'),
  strengthUnit: text('strength_unit', { enum: MASS_UNITS }),
  contentAmount: doublePrecision('content_amount'),
  contentUnit: text('content_unit', { enum: MASS_UNITS }),
});

/** The user's stack: what they take, how much, how often and when. */
export const supplements = pgTable(
  'supplements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    referenceSupplementId: uuid('reference_supplement_id').references(() => referenceSupplements.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    dosageAmount: doublePrecision('dosage_amount').notNull(),
    dosageUnit: text('dosage_unit', { enum: DOSE_UNITS }).notNull(),
    frequencyCount: smallint('frequency_count').notNull(),
    frequencyUnit: text('frequency_unit', { enum: ['hourly', 'daily', 'weekly'] }).notNull(),
    ...doseLabelColumns(),
    strengthOf: text('strength_of'),
    contentOf: text('content_of'),
    /** When it is taken (contract/schedule.ts), checked by the contract's schema on the way in. */
    schedule: jsonb('schedule').$type<Schedule>(),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('supplements_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * One row per supplement taken on one local day of the user. The supplement's name, dosage and
 * frequency are copied at logging time, so history survives edits and deletion of the supplement.
 */
export const supplementLogs = pgTable(
  'supplement_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    supplementId: uuid('supplement_id').references(() => supplements.id, { onDelete: 'set null' }),
    referenceSupplementId: uuid('reference_supplement_id').references(() => referenceSupplements.id, { onDelete: 'set null' }),
    /** The day in the user's time zone when it was logged (product.md, Tracking). */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    dosageAmount: doublePrecision('dosage_amount').notNull(),
    dosageUnit: text('dosage_unit', { enum: DOSE_UNITS }).notNull(),
    frequencyCount: smallint('frequency_count').notNull(),
    frequencyUnit: text('frequency_unit', { enum: ['hourly', 'daily', 'weekly'] }).notNull(),
    ...doseLabelColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index('supplement_logs_user_day_idx').on(t.userId, t.localDate),
    uniqueIndex('supplement_logs_user_day_supplement_key').on(t.userId, t.localDate, t.supplementId),
  ],
);

/**
 * Intake warnings the user has read and put away, one per nutrient: the warning stays away while
 * the doses behind it hash to `dosesHash`, and comes back when one of them changes.
 */
export const intakeWarningDismissals = pgTable(
  'intake_warning_dismissals',
  {
    userId: userId(),
    nutrient: text('nutrient').notNull(),
    dosesHash: text('doses_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nutrient] })],
);

/**
 * The runs of consecutive local days with a supplement log: the streak in one or two index reads
 * however long the history. Kept by triggers on supplement_logs (migration 0009), whichever
 * code path or tool writes the logs; read only by the streak.
 */
export const loggedDayRuns = pgTable(
  'logged_day_runs',
  {
    userId: userId(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.firstDay] })],
);

/**
 * Notes of a day: `other` (free notes and the day's energy/mood/sleep rating), `chat` (saved
 * conversations) and `summary` (daily summaries). A rating row has all three scores set; one per day.
 */
export const qualitativeLogs = pgTable(
  'qualitative_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    type: text('type', { enum: ['summary', 'chat', 'other'] }).notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    content: text('content').notNull(),
    summary: text('summary'),
    energy: smallint('energy'),
    mood: smallint('mood'),
    sleep: smallint('sleep'),
    note: text('note'),
    /** Labels of a note; a saved chat carries `ai_conversation` (product.md, Tracking, "Saved chat"). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('qualitative_logs_user_day_idx').on(t.userId, t.localDate),
    uniqueIndex('qualitative_logs_user_day_rating_key').on(t.userId, t.localDate).where(sql`${t.energy} is not null`),
  ],
);

/** One row per user; every value is optional. Units are the spec's: pounds, inches, minutes. */
export const healthStats = pgTable(
  'health_stats',
  {
    userId: userId().primaryKey(),
    weightLbs: doublePrecision('weight_lbs'),
    heightInches: doublePrecision('height_inches'),
    gender: text('gender'),
    ethnicity: text('ethnicity'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    averageSleepMinutes: integer('average_sleep_minutes'),
    allergies: text('allergies'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
);
