import { type BiomarkerInsight, type Insight, type InsightMeasure, type StackChange, INSIGHT_MEASURE_WORDS } from '#contract/insights.ts';
import { formatDateWithYear } from '#web/lib/local-day.ts';

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
/** Ratings and heart rates to a tenth; minutes and steps, which are large, to a whole number. */
const wholeMeasures: readonly InsightMeasure[] = ['sleep_duration', 'steps'];
const amountOf = (measure: InsightMeasure, value: number) =>
  wholeMeasures.includes(measure) ? Math.round(value).toLocaleString('en-US') : oneDecimal(value);
const withUnit = (measure: InsightMeasure, text: string) => (INSIGHT_MEASURE_WORDS[measure].unit ? `${text} ${INSIGHT_MEASURE_WORDS[measure].unit}` : text);
const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

/**
 * "On days you took Magnesium, your sleep rating was 0.6 higher (95% CI 0.1 to 1.1), 32 days on, 28 off."
 * "Since you started Vitamin D3 on Mar 11, 2026, your energy rating was 1.0 higher than in the days before (95% CI 0.6 to 1.4), 60 days after, 60 before."
 */
export function comparisonSentence(insight: Insight, minimumDays?: number): string {
  const { supplementName, rating, difference, low, high, daysOn, daysOff } = insight;
  if (difference === null || low === null || high === null) return notEnoughDataSentence(insight, minimumDays);
  const same = amountOf(rating, Math.abs(difference)).replace(/[0.,]/g, '') === '';
  const change = same ? 'about the same' : `${withUnit(rating, amountOf(rating, Math.abs(difference)))} ${difference > 0 ? 'higher' : 'lower'}`;
  const interval = withUnit(rating, `${amountOf(rating, low)} to ${amountOf(rating, high)}`);
  if (insight.comparison === 'before_after') {
    const than = same ? 'as in the days before' : 'than in the days before';
    return `Since you started ${supplementName} on ${formatDateWithYear(insight.startedOn ?? '')}, your ${INSIGHT_MEASURE_WORDS[rating].name} was ${change} ${than} (95% CI ${interval}), ${days(daysOn)} after, ${daysOff} before.`;
  }
  return `On days you took ${supplementName}, your ${INSIGHT_MEASURE_WORDS[rating].name} was ${change} (95% CI ${interval}), ${days(daysOn)} on, ${daysOff} off.`;
}

/** What a comparison without enough days has, and what it still needs. */
export function notEnoughDataSentence(insight: Insight, minimumDays = 14): string {
  if (insight.comparison === 'before_after') return notEnoughBeforeAfterSentence(insight, minimumDays);
  const missing = [
    insight.daysOn < minimumDays ? `${minimumDays - insight.daysOn} more ${insight.daysOn === minimumDays - 1 ? 'day' : 'days'} with ${insight.supplementName}` : null,
    insight.daysOff < minimumDays ? `${minimumDays - insight.daysOff} more ${insight.daysOff === minimumDays - 1 ? 'day' : 'days'} without it` : null,
  ].filter((part): part is string => part !== null);
  const name = INSIGHT_MEASURE_WORDS[insight.rating].unit ? INSIGHT_MEASURE_WORDS[insight.rating].name : insight.rating;
  const kind = INSIGHT_MEASURE_WORDS[insight.rating].unit ? 'measured' : 'rated';
  return `${insight.supplementName} and your ${name}: not enough data yet. ${days(insight.daysOn)} on and ${insight.daysOff} off so far; each side needs ${minimumDays} ${kind} days, so ${missing.join(' and ')}.`;
}

function notEnoughBeforeAfterSentence(insight: Insight, minimumDays: number): string {
  const unit = INSIGHT_MEASURE_WORDS[insight.rating].unit;
  const name = unit ? INSIGHT_MEASURE_WORDS[insight.rating].name : insight.rating;
  const kind = unit ? 'measured' : 'rated';
  const missing = [
    insight.daysOff < minimumDays ? `${minimumDays - insight.daysOff} more ${kind} ${insight.daysOff === minimumDays - 1 ? 'day' : 'days'} before it` : null,
    insight.daysOn < minimumDays ? `${minimumDays - insight.daysOn} more ${insight.daysOn === minimumDays - 1 ? 'day' : 'days'} after it` : null,
  ].filter((part): part is string => part !== null);
  return `${insight.supplementName} and your ${name}, before and after you started it on ${formatDateWithYear(insight.startedOn ?? '')}: not enough data yet. ${days(insight.daysOff)} before and ${insight.daysOn} after so far; each side needs ${minimumDays} ${kind} days, so ${missing.join(' and ')}.`;
}

/** Whether the difference held after the correction, in plain words. */
export function verdictSentence(insight: Insight, comparisons: number): string | null {
  const all = `the ${comparisons} comparison${comparisons === 1 ? '' : 's'}`;
  if (insight.status === 'finding') return `The difference holds after correcting for ${all}.`;
  if (insight.status === 'no_clear_difference') return `After correcting for ${all}, this is not a clear difference: it may be chance.`;
  return null;
}

/** The other supplements started, stopped or re-dosed in the same days, which could explain it as well. */
export function confoundersSentence(insight: Insight): string | null {
  if (insight.confounders.length === 0) return null;
  const parts = insight.confounders.map((c) => `${c.name} ${c.change === 'dose_changed' ? 'dose changed' : c.change} on ${formatDateWithYear(c.on)}`);
  return `Also changed in the same period: ${parts.join('; ')}.`;
}

/**
 * The correction, in plain words: on/off and before/after comparisons are one family, so each
 * kind added raises the bar for all of them.
 */
export function correctionSentence(comparisons: number, preview: boolean): string {
  const all = `${comparisons} comparison${comparisons === 1 ? '' : 's'}`;
  const why = 'The more comparisons we make, the more often one looks like a difference by chance alone, so each must stand out more to count.';
  return preview
    ? `We made ${all} (days with and without each supplement, and before and after each start), including those not shown, and corrected for all of them together (Benjamini–Hochberg). ${why}`
    : `We made ${all} (days with and without each supplement, and before and after each start) and corrected for all of them together (Benjamini–Hochberg). ${why}`;
}

// ─── Biomarkers before and after a change of the stack ────────────────────────────────────────

const labNumber = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** "You started Vitamin D3 on Mar 11, 2026." */
export function stackChangeSentence(change: StackChange): string {
  const on = formatDateWithYear(change.on);
  if (change.change === 'started') return `You started ${change.name} on ${on}.`;
  if (change.change === 'stopped') return `You stopped ${change.name} on ${on}.`;
  return `You changed the dose of ${change.name} from ${change.fromDose} to ${change.toDose} on ${on}.`;
}

/** "25-OH vitamin D after you started Vitamin D3" */
export function biomarkerTitle(insight: BiomarkerInsight): string {
  const verb = { started: 'started', stopped: 'stopped', dose_changed: 'changed the dose of' }[insight.change.change];
  return `${insight.biomarkerName} after you ${verb} ${insight.change.name}`;
}

/** "It went from 20 ng/mL (Mar 6, 2026) to 34 ng/mL (Apr 30, 2026): 14 ng/mL higher, 20% of the reference range, 55 days apart." */
export function beforeAfterSentence(insight: BiomarkerInsight): string {
  const { before, after, unit, difference, shareOfRange, daysBetween } = insight;
  const change =
    labNumber(Math.abs(difference)) === '0' ? 'about the same' : `${labNumber(Math.abs(difference))} ${unit} ${difference > 0 ? 'higher' : 'lower'}`;
  const share = shareOfRange === null ? '' : `, ${Math.round(Math.abs(shareOfRange) * 100)}% of the reference range`;
  return `It went from ${labNumber(before.value)} ${unit} (${formatDateWithYear(before.date)}) to ${labNumber(after.value)} ${unit} (${formatDateWithYear(after.date)}): ${change}${share}, ${days(daysBetween)} apart.`;
}

/** The other supplements that changed between the two tests, or a plain "none". */
export function biomarkerConfoundersSentence(insight: BiomarkerInsight): string {
  if (insight.confounders.length === 0) return 'No other supplement was started, stopped or re-dosed between the two tests.';
  const parts = insight.confounders.map((c) => `${c.name} ${c.change === 'dose_changed' ? 'dose changed' : c.change} on ${formatDateWithYear(c.on)}`);
  return `Also changed between the two tests: ${parts.join('; ')}.`;
}
