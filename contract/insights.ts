import { z } from 'zod';

/**
 * Insights (decision 037): for each supplement of the stack and each daily rating, the rating on
 * days it was taken against days it was not, with Welch's 95% interval and Benjamini–Hochberg
 * adjusted p-values across every comparison made.
 */

/** A rating on day d + lag is compared by whether the supplement was taken on day d. Fixed in advance. */
export const INSIGHT_LAG_DAYS = 0;
/** Days needed on each side before a comparison is made at all. */
export const INSIGHT_MINIMUM_DAYS = 14;
/** The false discovery rate below which an adjusted comparison counts as a finding. */
export const INSIGHT_FALSE_DISCOVERY_RATE = 0.05;

export const INSIGHT_RATINGS = ['energy', 'mood', 'sleep'] as const;
export type InsightRating = (typeof INSIGHT_RATINGS)[number];

export const INSIGHT_TEXTS = {
  association: 'association, not proof',
  otherCauses: 'Anything else that changed on those days (stress, illness, exercise, what you ate) could explain it as well.',
  upgradeHint: 'Upgrade to Pro to see every comparison of your supplements and ratings.',
} as const;

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
  supplementId: z.string(),
  supplementName: z.string(),
  rating: z.enum(INSIGHT_RATINGS),
  status: insightStatusSchema,
  daysOn: z.number().int(),
  daysOff: z.number().int(),
  /** Mean rating on days on minus days off, and its 95% interval; null without enough data. */
  difference: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  p: z.number().nullable(),
  /** Benjamini–Hochberg adjusted across every comparison made for the user. */
  adjustedP: z.number().nullable(),
  association: z.literal(INSIGHT_TEXTS.association),
  /** Other supplements started or stopped within the days compared: they could explain it too. */
  confounders: z.array(z.object({ name: z.string(), change: z.enum(['started', 'stopped']), on: z.string() })),
  otherCauses: z.string(),
});
export type Insight = z.infer<typeof insightSchema>;

export const insightsResponseSchema = z.object({
  /** `full` for Pro and the trial; `preview` shows one insight and says what the rest would need. */
  access: z.enum(['full', 'preview']),
  lagDays: z.number().int(),
  minimumDays: z.number().int(),
  falseDiscoveryRate: z.number(),
  /** How many comparisons had enough data and were corrected for. */
  comparisons: z.number().int(),
  insights: z.array(insightSchema),
  /** Insights not shown under a preview. */
  hiddenCount: z.number().int(),
  upgradeHint: z.string().nullable(),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
