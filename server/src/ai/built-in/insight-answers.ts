import { type BiomarkerInsight, type Insight, type InsightsResponse, INSIGHT_COMPARISONS, INSIGHT_MEASURE_WORDS } from '#contract/insights.ts';
import type { UserData } from '../assistant-data.ts';
import { cite, formatDay, formatDerived, joinList, plainText, plural, valueWithUnit } from '../format.ts';
import { type Since, containsWords, normaliseQuestion } from './questions.ts';

/**
 * "Is vitamin D3 doing anything?", "What changed since I started magnesium?": the user's Insights
 * (decisions 037 and 039) about that supplement, or the findings of all of them, each cited and
 * each called what it is, an association.
 */

export const INSIGHT_CAVEAT =
  'These are associations, not proof: anything else that changed at the same time (the other supplements named, diet, sun, illness, a different lab) could explain them as well.';

/** Words of a question that never name a supplement. */
const NOT_NAMES = new Set(['what', 'changed', 'change', 'since', 'started', 'starting', 'taking', 'doing', 'anything', 'something', 'working', 'does', 'insights', 'insight', 'difference', 'effect', 'have', 'there', 'about', 'with', 'stopped', 'stopping']);

export async function answerInsights(user: UserData, text: string, since: Since | null): Promise<string> {
  const data = await user.insights();
  const names = [...new Set([...data.insights.map((i) => i.supplementName), ...data.biomarkers.insights.map((i) => i.change.name)])];
  const asked = normaliseQuestion(since?.kind === 'supplement' ? since.text : text);
  const named = namesIn(names, asked);
  const preview =
    data.access === 'preview' && data.hiddenCount + data.biomarkers.hiddenCount > 0
      ? `\n\nYour plan shows a preview of Insights: ${plural(data.hiddenCount + data.biomarkers.hiddenCount, 'more insight')} with Pro.`
      : '';
  if (named.length === 0) return `${overview(data)}${preview}`;
  const parts = named.map((name) => aboutSupplement(data, name));
  return `${parts.join('\n\n')}\n\n${INSIGHT_CAVEAT}${preview}`;
}

/** The supplements a question names: whole names first, else a distinctive word of one ("magnesium" for Magnesium Glycinate). */
function namesIn(names: readonly string[], asked: string): string[] {
  const whole = names.filter((name) => containsWords(asked, normaliseQuestion(name)));
  if (whole.length > 0) return whole;
  const words = asked.split(/[^\p{L}\p{N}-]+/u).filter((word) => word.length >= 4 && !NOT_NAMES.has(word));
  return names.filter((name) => words.some((word) => containsWords(normaliseQuestion(name), word)));
}

function aboutSupplement(data: InsightsResponse, name: string): string {
  const biomarkers = data.biomarkers.insights.filter((insight) => insight.change.name === name);
  const ratings = data.insights.filter((insight) => insight.supplementName === name);
  const compared = ratings.filter((insight) => insight.status !== 'not_enough_data');
  const waiting = ratings.filter((insight) => insight.status === 'not_enough_data');
  const lines: string[] = [];
  for (const insight of biomarkers.slice(0, 6)) lines.push(`- ${biomarkerLine(insight)}`);
  for (const insight of compared) lines.push(`- ${comparisonLine(insight, data.comparisons)}`);
  const sides = { on_off: 'with and without it', before_after: 'before and after you started it' } as const;
  for (const comparison of INSIGHT_COMPARISONS) {
    const shown = waiting.filter((insight) => insight.comparison === comparison).map((insight) => INSIGHT_MEASURE_WORDS[insight.rating].name);
    if (shown.length > 0) lines.push(`- Not enough days yet to compare your ${joinList(shown)} ${sides[comparison]}: each side needs ${data.minimumDays} days.`);
  }
  const subject = plainText(name);
  if (lines.length === 0) {
    return `Your Insights have nothing about ${subject} yet: a biomarker needs a result before a change and one at least ${data.biomarkers.afterMinimumDays} days after it, and ratings need ${data.minimumDays} days with and ${data.minimumDays} without it.`;
  }
  return `From your Insights about ${subject}:\n\n${lines.join('\n')}`;
}

/** "25-OH vitamin D went from 22 ng/mL (Mar 1, 2026) to 41 ng/mL (Apr 30, 2026) after you started Vitamin D3 on Mar 2, 2026: …" */
function biomarkerLine(insight: BiomarkerInsight): string {
  const { change, before, after, unit } = insight;
  const what =
    change.change === 'started'
      ? `after you started ${plainText(change.name)}`
      : change.change === 'stopped'
        ? `after you stopped ${plainText(change.name)}`
        : `after you changed ${plainText(change.name)} from ${change.fromDose} to ${change.toDose}`;
  // A difference of two stored values: the digits they had, not a float's tail.
  const size = Number(Math.abs(insight.difference).toPrecision(10));
  const moved = size === 0 ? 'no change' : `${valueWithUnit(size, unit)} ${insight.difference > 0 ? 'higher' : 'lower'}`;
  const share = insight.shareOfRange === null ? '' : ` (${Math.round(Math.abs(insight.shareOfRange) * 100)}% of the reference range)`;
  const others =
    insight.confounders.length === 0
      ? ' No other supplement changed between the two tests.'
      : ` Also changed between the two tests: ${joinList(insight.confounders.map((c) => `${plainText(c.name)} (${c.change === 'dose_changed' ? 'dose changed' : c.change} ${formatDay(c.on)})`))}.`;
  return `${cite(insight.biomarkerName, { kind: 'biomarker', name: insight.biomarkerName, date: after.date })} went from ${valueWithUnit(before.value, unit)} (${formatDay(before.date)}) to ${valueWithUnit(after.value, unit)} (${formatDay(after.date)}) ${what} on ${formatDay(change.on)}: ${moved}${share}, ${plural(insight.daysBetween, 'day')} apart.${others}`;
}

function comparisonLine(insight: Insight, comparisons: number): string {
  const words = INSIGHT_MEASURE_WORDS[insight.rating];
  const unit = words.unit ? ` ${words.unit}` : '';
  const difference = insight.difference ?? 0;
  if (insight.comparison === 'before_after') {
    const interval = `95% CI ${formatDerived(insight.low ?? 0)} to ${formatDerived(insight.high ?? 0)}${unit}; ${insight.daysOff} days before, ${insight.daysOn} after`;
    const since = `since you started it on ${formatDay(insight.startedOn ?? '')}`;
    if (insight.status === 'finding') {
      return `${since[0]!.toUpperCase()}${since.slice(1)}, your ${words.name} was ${formatDerived(Math.abs(difference))}${unit} ${difference > 0 ? 'higher' : 'lower'} than before (${interval}), and that holds after correcting for ${plural(comparisons, 'comparison')}.`;
    }
    return `Your ${words.name} ${since}: no clear difference from before (${interval}) after correcting for ${plural(comparisons, 'comparison')}; it may be chance.`;
  }
  const interval = `95% CI ${formatDerived(insight.low ?? 0)} to ${formatDerived(insight.high ?? 0)}${unit}; ${insight.daysOn} days on, ${insight.daysOff} off`;
  if (insight.status === 'finding') {
    return `On days you took it, your ${words.name} was ${formatDerived(Math.abs(difference))}${unit} ${difference > 0 ? 'higher' : 'lower'} (${interval}), and that holds after correcting for ${plural(comparisons, 'comparison')}.`;
  }
  return `Your ${words.name}: no clear difference between days with and without it (${interval}) after correcting for ${plural(comparisons, 'comparison')}; it may be chance.`;
}

/** Without a supplement named: the findings and the largest biomarker moves. */
function overview(data: InsightsResponse): string {
  const findings = data.insights.filter((insight) => insight.status === 'finding');
  const lines = [
    ...data.biomarkers.insights.slice(0, 3).map((insight) => `- ${biomarkerLine(insight)}`),
    ...findings.slice(0, 5).map((insight) => `- ${plainText(insight.supplementName)}: ${comparisonLine(insight, data.comparisons)}`),
  ];
  if (lines.length === 0) {
    const ratings = data.comparisons === 0 ? 'no comparison of your ratings has enough days yet' : `none of the ${plural(data.comparisons, 'comparison')} of your ratings is a clear difference`;
    return `Your Insights have nothing to report yet: ${ratings}, and no biomarker has a result before a change of your stack and one at least ${data.biomarkers.afterMinimumDays} days after it. Name a supplement to hear what there is about it.`;
  }
  return `From your Insights:\n\n${lines.join('\n')}\n\n${INSIGHT_CAVEAT}`;
}
