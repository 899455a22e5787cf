import { type Insight, type InsightMeasure, INSIGHT_MEASURE_WORDS } from '#contract/insights.ts';
import { formatDateWithYear } from '#web/lib/local-day.ts';

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
/** Ratings and heart rates to a tenth; minutes and steps, which are large, to a whole number. */
const wholeMeasures: readonly InsightMeasure[] = ['sleep_duration', 'steps'];
const amountOf = (measure: InsightMeasure, value: number) =>
  wholeMeasures.includes(measure) ? Math.round(value).toLocaleString('en-US') : oneDecimal(value);
const withUnit = (measure: InsightMeasure, text: string) => (INSIGHT_MEASURE_WORDS[measure].unit ? `${text} ${INSIGHT_MEASURE_WORDS[measure].unit}` : text);
const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

/** "On days you took Magnesium, your sleep rating was 0.6 higher (95% CI 0.1 to 1.1), 32 days on, 28 off." */
export function comparisonSentence(insight: Insight, minimumDays?: number): string {
  const { supplementName, rating, difference, low, high, daysOn, daysOff } = insight;
  if (difference === null || low === null || high === null) return notEnoughDataSentence(insight, minimumDays);
  const same = amountOf(rating, Math.abs(difference)).replace(/[0.,]/g, '') === '';
  const change = same ? 'about the same' : `${withUnit(rating, amountOf(rating, Math.abs(difference)))} ${difference > 0 ? 'higher' : 'lower'}`;
  const interval = withUnit(rating, `${amountOf(rating, low)} to ${amountOf(rating, high)}`);
  return `On days you took ${supplementName}, your ${INSIGHT_MEASURE_WORDS[rating].name} was ${change} (95% CI ${interval}), ${days(daysOn)} on, ${daysOff} off.`;
}

/** What a comparison without enough days has, and what it still needs. */
export function notEnoughDataSentence(insight: Insight, minimumDays = 14): string {
  const missing = [
    insight.daysOn < minimumDays ? `${minimumDays - insight.daysOn} more ${insight.daysOn === minimumDays - 1 ? 'day' : 'days'} with ${insight.supplementName}` : null,
    insight.daysOff < minimumDays ? `${minimumDays - insight.daysOff} more ${insight.daysOff === minimumDays - 1 ? 'day' : 'days'} without it` : null,
  ].filter((part): part is string => part !== null);
  const name = INSIGHT_MEASURE_WORDS[insight.rating].unit ? INSIGHT_MEASURE_WORDS[insight.rating].name : insight.rating;
  const kind = INSIGHT_MEASURE_WORDS[insight.rating].unit ? 'measured' : 'rated';
  return `${insight.supplementName} and your ${name}: not enough data yet. ${days(insight.daysOn)} on and ${insight.daysOff} off so far; each side needs ${minimumDays} ${kind} days, so ${missing.join(' and ')}.`;
}

/** Whether the difference held after the correction, in plain words. */
export function verdictSentence(insight: Insight, comparisons: number): string | null {
  const all = `the ${comparisons} comparison${comparisons === 1 ? '' : 's'}`;
  if (insight.status === 'finding') return `The difference holds after correcting for ${all}.`;
  if (insight.status === 'no_clear_difference') return `After correcting for ${all}, this is not a clear difference: it may be chance.`;
  return null;
}

/** The other supplements started or stopped in the same days, which could explain it as well. */
export function confoundersSentence(insight: Insight): string | null {
  if (insight.confounders.length === 0) return null;
  const parts = insight.confounders.map((c) => `${c.name} ${c.change} on ${formatDateWithYear(c.on)}`);
  return `Also changed in the same period: ${parts.join('; ')}.`;
}

/** The correction, in plain words. */
export function correctionSentence(comparisons: number, preview: boolean): string {
  const all = `${comparisons} comparison${comparisons === 1 ? '' : 's'}`;
  return preview
    ? `We corrected for all ${all} we made, including those not shown (Benjamini–Hochberg).`
    : `We corrected for the ${all} shown (Benjamini–Hochberg).`;
}
