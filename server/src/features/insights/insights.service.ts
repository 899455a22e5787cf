import { addDays } from '#contract/dates.ts';
import {
  type BiomarkerInsight,
  type Insight,
  type InsightComparison,
  type InsightMeasure,
  type StackChange,
  type InsightsResponse,
  BIOMARKER_AFTER_MINIMUM_DAYS,
  BIOMARKER_BEFORE_MAXIMUM_DAYS,
  BIOMARKER_INSIGHT_TEXTS,
  INSIGHT_BEFORE_AFTER_DAYS,
  INSIGHT_FALSE_DISCOVERY_RATE,
  INSIGHT_LAG_DAYS,
  INSIGHT_MINIMUM_DAYS,
  INSIGHT_IMPORTED_MEASURES,
  INSIGHT_RATINGS,
  INSIGHT_TEXTS,
  historyPathFor,
} from '#contract/insights.ts';
import { benjaminiHochberg, welchDifference } from '#contract/statistics.ts';
import type { Db } from '#server/db/client.ts';
import type { EntitlementsService } from '#server/features/usage/entitlements.service.ts';
import { computeBiomarkerInsights, stackChanges } from './biomarker-insights.ts';
import {
  type IntakeDayRow,
  type MeasurementDayRow,
  type RatingDayRow,
  type StackRow,
  listDoseDays,
  listIntakeDays,
  listLabPoints,
  listMeasurementDays,
  listRatingDays,
  listStack,
} from './insights.repository.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = { db: Db; entitlements: EntitlementsService };

/**
 * On-days against off-days for every supplement of the stack and every rating. Pro and the trial
 * see all of it; other plans see one insight, corrected for every comparison all the same, so
 * that the preview is never the best of many looks presented as one.
 */
export class InsightsService {
  constructor(private readonly deps: Dependencies) {}

  async insights(user: User): Promise<InsightsResponse> {
    const [stack, intake, ratings, doseDays, labs, measurements] = await Promise.all([
      listStack(this.deps.db, user.id),
      listIntakeDays(this.deps.db, user.id),
      listRatingDays(this.deps.db, user.id),
      listDoseDays(this.deps.db, user.id),
      listLabPoints(this.deps.db, user.id),
      listMeasurementDays(this.deps.db, user.id),
    ]);
    const changes = stackChanges(doseDays);
    const insights = computeInsights(stack, intake, ratings, measurements, changes);
    const biomarkerInsights = computeBiomarkerInsights(changes, labs);
    const comparisons = insights.filter((insight) => insight.status !== 'not_enough_data').length;
    const base = {
      lagDays: INSIGHT_LAG_DAYS,
      minimumDays: INSIGHT_MINIMUM_DAYS,
      beforeAfterDays: INSIGHT_BEFORE_AFTER_DAYS,
      falseDiscoveryRate: INSIGHT_FALSE_DISCOVERY_RATE,
      comparisons,
    };
    const biomarkerBase = { afterMinimumDays: BIOMARKER_AFTER_MINIMUM_DAYS, beforeMaximumDays: BIOMARKER_BEFORE_MAXIMUM_DAYS };
    if (this.hasFullAccess(user)) {
      return {
        ...base,
        access: 'full',
        insights,
        hiddenCount: 0,
        upgradeHint: null,
        biomarkers: { ...biomarkerBase, insights: biomarkerInsights, hiddenCount: 0, upgradeHint: null },
      };
    }
    const shown = previewOf(insights);
    // The preview's biomarker insight is the largest move, the first of the sorted list.
    const biomarkersShown: BiomarkerInsight[] = biomarkerInsights.slice(0, 1);
    return {
      ...base,
      access: 'preview',
      insights: shown,
      hiddenCount: insights.length - shown.length,
      upgradeHint: INSIGHT_TEXTS.upgradeHint,
      biomarkers: {
        ...biomarkerBase,
        insights: biomarkersShown,
        hiddenCount: biomarkerInsights.length - biomarkersShown.length,
        upgradeHint: biomarkerInsights.length > biomarkersShown.length ? BIOMARKER_INSIGHT_TEXTS.upgradeHint : null,
      },
    };
  }

  private hasFullAccess(user: User): boolean {
    const tier = this.deps.entitlements.effectiveTier(user);
    return tier === 'pro' || (tier === 'free' && !this.deps.entitlements.isTrialExpired(user));
  }
}

/** The preview: the comparison with the smallest adjusted p, else the first one listed. */
function previewOf(insights: Insight[]): Insight[] {
  const tested = insights.filter((insight) => insight.adjustedP !== null);
  if (tested.length === 0) return insights.slice(0, 1);
  return [tested.reduce((best, insight) => (insight.adjustedP! < best.adjustedP! ? insight : best))];
}

type DayValue = { localDate: string; value: number };

/**
 * The days of each measure compared: every rating, and each imported measurement the user has
 * at least one day of (no list of comparisons waiting for a watch the user does not wear).
 */
function measureSeries(ratings: RatingDayRow[], measurements: MeasurementDayRow[]): { measure: InsightMeasure; days: DayValue[] }[] {
  const series: { measure: InsightMeasure; days: DayValue[] }[] = INSIGHT_RATINGS.map((measure) => ({
    measure,
    days: ratings.map((row) => ({ localDate: row.localDate, value: row[measure] })),
  }));
  for (const measure of INSIGHT_IMPORTED_MEASURES) {
    const days = measurements.flatMap((row) => (row[measure] === null ? [] : [{ localDate: row.localDate, value: row[measure] }]));
    if (days.length > 0) series.push({ measure, days });
  }
  return series;
}

type Draft = {
  comparison: InsightComparison;
  supplement: StackRow;
  startedOn: string | null;
  rating: InsightMeasure;
  on: number[];
  off: number[];
  confounders: Insight['confounders'];
  historyDay: string | undefined;
};

/**
 * The whole computation, from rows: exported for unit tests. For each supplement and measure,
 * on-days against off-days, then the days before its first logged day against the days after;
 * every comparison with enough days on both sides, of either kind, is corrected together.
 */
export function computeInsights(
  stack: StackRow[],
  intake: IntakeDayRow[],
  ratings: RatingDayRow[],
  measurements: MeasurementDayRow[] = [],
  changes: readonly StackChange[] = [],
): Insight[] {
  const { daysTaken, firstTaken } = takenDays(intake);
  const series = laggedSeries(ratings, measurements);
  const drafts = [
    ...onOffDrafts(stack, series, daysTaken, intakeSpans(intake)),
    ...beforeAfterDrafts(stack, series, firstTaken, changes),
  ];
  return testTogether(drafts);
}

/** Each supplement's days taken, and its first. */
function takenDays(intake: IntakeDayRow[]): { daysTaken: Map<string, Set<string>>; firstTaken: Map<string, string> } {
  const daysTaken = new Map<string, Set<string>>();
  const firstTaken = new Map<string, string>();
  for (const row of intake) {
    if (!row.supplementId) continue;
    const days = daysTaken.get(row.supplementId) ?? new Set<string>();
    days.add(row.localDate);
    daysTaken.set(row.supplementId, days);
    const first = firstTaken.get(row.supplementId);
    if (!first || row.localDate < first) firstTaken.set(row.supplementId, row.localDate);
  }
  return { daysTaken, firstTaken };
}

/** A measure's days, each beside the day whose intake it is compared with (`lagged[i]` for `days[i]`). */
type LaggedSeries = { measure: InsightMeasure; days: DayValue[]; lagged: string[] };

function laggedSeries(ratings: RatingDayRow[], measurements: MeasurementDayRow[]): LaggedSeries[] {
  // Each day's lagged date once, not once per supplement; date arithmetic is most of the cost, so none without a lag.
  const lagOf = (day: DayValue) => (INSIGHT_LAG_DAYS === 0 ? day.localDate : addDays(day.localDate, -INSIGHT_LAG_DAYS));
  return measureSeries(ratings, measurements).map((entry) => ({ ...entry, lagged: entry.days.map(lagOf) }));
}

function onOffDrafts(stack: StackRow[], series: LaggedSeries[], daysTaken: Map<string, Set<string>>, spans: ReturnType<typeof intakeSpans>): Draft[] {
  return stack.flatMap((supplement) => {
    const taken = daysTaken.get(supplement.id) ?? new Set<string>();
    return series.map(({ measure, days, lagged }): Draft => {
      const on: number[] = [];
      const off: number[] = [];
      // The figure of day d + lag, by whether the supplement was taken on day d.
      days.forEach((day, i) => (taken.has(lagged[i]!) ? on : off).push(day.value));
      const first = lagged[0];
      const last = lagged.at(-1);
      const confounders = first && last ? confoundersWithin(spans, supplement.name, first, last) : [];
      return { comparison: 'on_off', supplement, startedOn: null, rating: measure, on, off, confounders, historyDay: days.at(-1)?.localDate };
    });
  });
}

function beforeAfterDrafts(stack: StackRow[], series: LaggedSeries[], firstTaken: Map<string, string>, changes: readonly StackChange[]): Draft[] {
  return stack.flatMap((supplement) => {
    const start = firstTaken.get(supplement.id);
    if (!start) return [];
    const from = addDays(start, -INSIGHT_BEFORE_AFTER_DAYS);
    const to = addDays(start, INSIGHT_BEFORE_AFTER_DAYS - 1);
    // Other changes from the first day compared to the last: a start the same day confounds too.
    const confounders = changes
      .filter((other) => other.name !== supplement.name && other.on >= from && other.on <= to)
      .map(({ name, change, on }) => ({ name, change, on }));
    return series.map(({ measure, days, lagged }): Draft => {
      const after: number[] = [];
      const before: number[] = [];
      days.forEach((day, i) => {
        const d = lagged[i]!;
        if (d >= from && d < start) before.push(day.value);
        else if (d >= start && d <= to) after.push(day.value);
      });
      return { comparison: 'before_after', supplement, startedOn: start, rating: measure, on: after, off: before, confounders, historyDay: addDays(start, INSIGHT_LAG_DAYS) };
    });
  });
}

/** Every comparison with enough days on both sides is tested, and all of them corrected together. */
function testTogether(drafts: Draft[]): Insight[] {
  const tested = drafts.map((d) => {
    const enough = d.on.length >= INSIGHT_MINIMUM_DAYS && d.off.length >= INSIGHT_MINIMUM_DAYS;
    return { ...d, enough, result: enough ? difference(d.on, d.off) : undefined };
  });
  const adjusted = benjaminiHochberg(tested.filter((d) => d.enough).map((d) => d.result!.p));
  let next = 0;
  return tested.map((d): Insight => {
    const adjustedP = d.enough ? adjusted[next++]! : null;
    return {
      comparison: d.comparison,
      supplementId: d.supplement.id,
      supplementName: d.supplement.name,
      startedOn: d.startedOn,
      rating: d.rating,
      status: adjustedP === null ? 'not_enough_data' : adjustedP <= INSIGHT_FALSE_DISCOVERY_RATE ? 'finding' : 'no_clear_difference',
      daysOn: d.on.length,
      daysOff: d.off.length,
      difference: d.result?.difference ?? null,
      low: d.result?.low ?? null,
      high: d.result?.high ?? null,
      p: d.result?.p ?? null,
      adjustedP,
      association: INSIGHT_TEXTS.association,
      confounders: d.confounders,
      otherCauses: INSIGHT_TEXTS.otherCauses,
      historyPath: d.historyDay ? historyPathFor(d.historyDay) : '/supplement-history',
    };
  });
}

/**
 * Welch's difference; when neither side varies at all (every on-day rated 7, every off-day 5) no t
 * exists, and the difference is exact: p is then the exact permutation test's, 2 / C(n, k) for
 * a perfect split, or 1 when both sides are the same.
 */
function difference(on: number[], off: number[]): { difference: number; low: number; high: number; p: number } {
  const welch = welchDifference(on, off);
  if (welch) return welch;
  const gap = (on[0] ?? 0) - (off[0] ?? 0);
  let ways = 1;
  for (let i = 1; i <= on.length; i += 1) ways = (ways * (off.length + i)) / i;
  return { difference: gap, low: gap, high: gap, p: gap === 0 ? 1 : Math.min(1, 2 / ways) };
}

type Span = { name: string; first: string; last: string };

/** First and last day each supplement (by name, so that deleted ones count) was logged. */
function intakeSpans(intake: IntakeDayRow[]): Span[] {
  const spans = new Map<string, Span>();
  for (const row of intake) {
    const span = spans.get(row.name);
    if (!span) spans.set(row.name, { name: row.name, first: row.localDate, last: row.localDate });
    else {
      if (row.localDate < span.first) span.first = row.localDate;
      if (row.localDate > span.last) span.last = row.localDate;
    }
  }
  return [...spans.values()];
}

/** Other supplements whose first or last logged day falls strictly inside the days compared. */
function confoundersWithin(spans: Span[], name: string, from: string, to: string): Insight['confounders'] {
  const found: Insight['confounders'] = [];
  for (const span of spans) {
    if (span.name === name) continue;
    if (span.first > from && span.first <= to) found.push({ name: span.name, change: 'started', on: span.first });
    if (span.last >= from && span.last < to) found.push({ name: span.name, change: 'stopped', on: span.last });
  }
  return found;
}
