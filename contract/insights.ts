import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/**
 * Insights (decisions 037, 043): for each supplement of the stack and each daily rating, the
 * rating on days it was taken against days it was not, and in the days before its start against
 * the days after, with Welch's 95% interval and Benjamini–Hochberg adjusted p-values across every
 * comparison made, of both kinds.
 */

/** A rating on day d + lag is compared by whether the supplement was taken on day d. Fixed in advance. */
export const INSIGHT_LAG_DAYS = 0;
/**
 * Before against after a start: the days compared on each side of a supplement's first logged
 * day. Fixed in advance, and short enough that a season or a year of drift is not read as an effect.
 */
export const INSIGHT_BEFORE_AFTER_DAYS = 60;
/** Days needed on each side before a comparison is made at all. */
export const INSIGHT_MINIMUM_DAYS = 14;
/** The false discovery rate below which an adjusted comparison counts as a finding. */
export const INSIGHT_FALSE_DISCOVERY_RATE = 0.05;

export const INSIGHT_RATINGS = ['energy', 'mood', 'sleep'] as const;
export type InsightRating = (typeof INSIGHT_RATINGS)[number];
/** Daily figures imported from a phone or wearable (decision 031), compared like the ratings. */
export const INSIGHT_IMPORTED_MEASURES = ['sleep_duration', 'resting_heart_rate', 'steps'] as const;
export type InsightImportedMeasure = (typeof INSIGHT_IMPORTED_MEASURES)[number];
export const INSIGHT_MEASURES = [...INSIGHT_RATINGS, ...INSIGHT_IMPORTED_MEASURES] as const;
export type InsightMeasure = (typeof INSIGHT_MEASURES)[number];

/** How each measure is named in a sentence ("your time asleep was …"), and its unit (none for ratings). */
export const INSIGHT_MEASURE_WORDS: Record<InsightMeasure, { name: string; unit: string | null }> = {
  energy: { name: 'energy rating', unit: null },
  mood: { name: 'mood rating', unit: null },
  sleep: { name: 'sleep rating', unit: null },
  sleep_duration: { name: 'time asleep', unit: 'min' },
  resting_heart_rate: { name: 'resting heart rate', unit: 'bpm' },
  steps: { name: 'step count', unit: 'steps' },
};

export const INSIGHT_TEXTS = {
  association: 'association, not proof',
  otherCauses: 'Anything else that changed on those days (stress, illness, exercise, what you ate) could explain it as well.',
  upgradeHint: 'Upgrade to Pro to see every comparison of your supplements and ratings.',
} as const;

export const STACK_CHANGES = ['started', 'stopped', 'dose_changed'] as const;
export type StackChangeKind = (typeof STACK_CHANGES)[number];

/** A change of the stack, read from the intake logs (which copy the dose of each day). */
export const stackChangeSchema = z.object({
  name: z.string(),
  change: z.enum(STACK_CHANGES),
  /** The first day in the new state: first day taken, first day not taken, first day at the new dose. */
  on: z.string(),
  /** For a dose change, the doses before and after ("1000 IU 1x daily"); null otherwise. */
  fromDose: z.string().nullable(),
  toDose: z.string().nullable(),
});
export type StackChange = z.infer<typeof stackChangeSchema>;

/** On-days against off-days (decision 037), or the days before a supplement's start against the days after (decision 043). */
export const INSIGHT_COMPARISONS = ['on_off', 'before_after'] as const;
export type InsightComparison = (typeof INSIGHT_COMPARISONS)[number];

export const insightStatusSchema = z.enum([
  /** Enough days, and the adjusted p is at or below the false discovery rate. */
  'finding',
  /** Enough days, but no difference survives the correction. */
  'no_clear_difference',
  /** Fewer than INSIGHT_MINIMUM_DAYS on one side: nothing is computed. */
  'not_enough_data',
]);
export type InsightStatus = z.infer<typeof insightStatusSchema>;

export const insightSchema = z.object({
  comparison: z.enum(INSIGHT_COMPARISONS),
  supplementId: z.string(),
  supplementName: z.string(),
  /** For `before_after`, the supplement's first logged day; null for `on_off`. */
  startedOn: z.string().nullable(),
  /** The rating, or the imported daily measurement, compared. */
  rating: z.enum(INSIGHT_MEASURES),
  status: insightStatusSchema,
  /** Days on, or for `before_after` the days after the start. */
  daysOn: z.number().int(),
  /** Days off, or for `before_after` the days before the start. */
  daysOff: z.number().int(),
  /** Mean on days on minus days off (after minus before), in the measure's unit, and its 95% interval; null without enough data. */
  difference: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  p: z.number().nullable(),
  /** Benjamini–Hochberg adjusted across every comparison made for the user. */
  adjustedP: z.number().nullable(),
  association: z.literal(INSIGHT_TEXTS.association),
  /** Other supplements started, stopped (or, before against after, re-dosed) within the days compared: they could explain it too. */
  confounders: z.array(z.object({ name: z.string(), change: z.enum(STACK_CHANGES), on: z.string() })),
  otherCauses: z.string(),
  /** The day-by-day history at the days compared: the data points behind it. */
  historyPath: z.string(),
});
export type Insight = z.infer<typeof insightSchema>;



// ─── Biomarkers before and after a change of the stack (decision 039) ─────────────────────────

/**
 * The "after" result is the first one at least this many days after the change: a blood value
 * needs weeks to move, and a test taken the next morning says nothing about the change.
 */
export const BIOMARKER_AFTER_MINIMUM_DAYS = 28;
/** The "before" result is the latest one on or before the change day, but no older than this. */
export const BIOMARKER_BEFORE_MAXIMUM_DAYS = 180;
/**
 * Intake logs of one supplement more than this many days apart are a stop and a restart; the
 * last run stops only if the user went on logging other supplements this long after it.
 */
export const SUPPLEMENT_PAUSE_DAYS = 14;

export const BIOMARKER_INSIGHT_TEXTS = {
  otherCauses: 'Anything else that changed between the two tests (diet, sun, illness, a different lab) could explain it as well.',
  upgradeHint: 'Upgrade to Pro to see how each of your biomarkers moved around every change of your stack.',
} as const;


const labPointSchema = z.object({ value: z.number(), date: z.string() });

export const biomarkerInsightSchema = z.object({
  biomarkerKey: z.string(),
  biomarkerName: z.string(),
  /** The biomarker's one unit, in which the values and the change are given. */
  unit: z.string(),
  /** The change of the stack that the two results sit around. */
  change: stackChangeSchema,
  before: labPointSchema,
  after: labPointSchema,
  /** after − before, in `unit`. */
  difference: z.number(),
  /** The reference range the share is of (the later result's, else the earlier's); null when none was printed. */
  referenceLow: z.number().nullable(),
  referenceHigh: z.number().nullable(),
  /** The difference as a share of the reference range's width (0.25 = a quarter of the range); null without a range. */
  shareOfRange: z.number().nullable(),
  daysBetween: z.number().int(),
  /** Other supplements started, stopped or re-dosed between the two tests: they could explain it too. */
  confounders: z.array(stackChangeSchema),
  association: z.literal(INSIGHT_TEXTS.association),
  otherCauses: z.string(),
  /** The labs page with this biomarker charted. */
  labsPath: z.string(),
});
export type BiomarkerInsight = z.infer<typeof biomarkerInsightSchema>;

/** The history page open at one day, where that day's intake and ratings are. */
export function historyPathFor(day: string): string {
  return `/supplement-history?date=${day}`;
}

/** The labs page with one biomarker charted: the chart's `biomarkers` parameter takes catalogue keys. */
export function labsPathFor(biomarkerKey: string): string {
  return `/labs?biomarkers=${encodeURIComponent(biomarkerKey)}`;
}

export const insightsResponseSchema = z.object({
  /** `full` for Pro and the trial; `preview` shows one insight and says what the rest would need. */
  access: z.enum(['full', 'preview']),
  lagDays: z.number().int(),
  minimumDays: z.number().int(),
  /** The days compared on each side of a start. */
  beforeAfterDays: z.number().int(),
  falseDiscoveryRate: z.number(),
  /** How many comparisons, of both kinds, had enough data and were corrected for together. */
  comparisons: z.number().int(),
  insights: z.array(insightSchema),
  /** Insights not shown under a preview. */
  hiddenCount: z.number().int(),
  upgradeHint: z.string().nullable(),
  /** Biomarkers before and after each change of the stack (decision 039); one under a preview. */
  biomarkers: z.object({
    afterMinimumDays: z.number().int(),
    beforeMaximumDays: z.number().int(),
    insights: z.array(biomarkerInsightSchema),
    hiddenCount: z.number().int(),
    upgradeHint: z.string().nullable(),
  }),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;

export const insightsEndpoints = defineEndpoints({
  insights: { method: 'GET', path: '/api/insights', response: insightsResponseSchema },
});
