import { describe, expect, it } from 'vitest';
import type { Insight } from '#contract/insights.ts';
import { comparisonSentence, confoundersSentence, correctionSentence, notEnoughDataSentence, verdictSentence } from './insight-words.ts';

const base: Insight = {
  comparison: 'on_off',
  supplementId: 's1',
  startedOn: null,
  supplementName: 'Magnesium',
  rating: 'sleep',
  status: 'finding',
  daysOn: 32,
  daysOff: 28,
  difference: 0.6,
  low: 0.12,
  high: 1.08,
  p: 0.01,
  adjustedP: 0.03,
  association: 'association, not proof',
  confounders: [],
  otherCauses: 'Anything else could explain it.',
  historyPath: '/supplement-history?date=2026-04-30',
};
const sinceStart: Insight = { ...base, comparison: 'before_after', startedOn: '2026-03-11', rating: 'energy', daysOn: 60, daysOff: 45, difference: 1.04, low: 0.6, high: 1.4 };

describe('insight words', () => {
  it('says a difference the way the page shows it', () => {
    expect(comparisonSentence(base)).toBe('On days you took Magnesium, your sleep rating was 0.6 higher (95% CI 0.1 to 1.1), 32 days on, 28 off.');
    expect(comparisonSentence({ ...base, difference: -0.44, low: -0.9, high: 0.02 })).toBe(
      'On days you took Magnesium, your sleep rating was 0.4 lower (95% CI -0.9 to 0.0), 32 days on, 28 off.',
    );
    expect(comparisonSentence({ ...base, difference: 0.01, low: -0.5, high: 0.5 })).toContain('was about the same (95% CI -0.5 to 0.5)');
  });

  it('says an imported measurement in its unit, minutes and steps as whole numbers', () => {
    expect(comparisonSentence({ ...base, rating: 'sleep_duration', difference: 24.4, low: 10.2, high: 38.6 })).toBe(
      'On days you took Magnesium, your time asleep was 24 min higher (95% CI 10 to 39 min), 32 days on, 28 off.',
    );
    expect(comparisonSentence({ ...base, rating: 'steps', difference: -1234.4, low: -2500, high: 31 })).toBe(
      'On days you took Magnesium, your step count was 1,234 steps lower (95% CI -2,500 to 31 steps), 32 days on, 28 off.',
    );
    expect(comparisonSentence({ ...base, rating: 'resting_heart_rate', difference: -1.26, low: -2.1, high: -0.4 })).toContain(
      'your resting heart rate was 1.3 bpm lower (95% CI -2.1 to -0.4 bpm)',
    );
    const short = { ...base, rating: 'steps' as const, status: 'not_enough_data' as const, daysOn: 5, daysOff: 20, difference: null, low: null, high: null, p: null, adjustedP: null };
    expect(notEnoughDataSentence(short)).toContain('Magnesium and your step count: not enough data yet. 5 days on and 20 off so far; each side needs 14 measured days');
  });

  it('says what a comparison without enough days is missing', () => {
    const short = { ...base, status: 'not_enough_data' as const, daysOn: 5, daysOff: 20, difference: null, low: null, high: null, p: null, adjustedP: null };
    expect(notEnoughDataSentence(short)).toBe(
      'Magnesium and your sleep: not enough data yet. 5 days on and 20 off so far; each side needs 14 rated days, so 9 more days with Magnesium.',
    );
    expect(notEnoughDataSentence({ ...short, daysOn: 13, daysOff: 0 })).toContain('so 1 more day with Magnesium and 14 more days without it.');
    expect(comparisonSentence(short)).toBe(notEnoughDataSentence(short));
    expect(verdictSentence(short, 3)).toBeNull();
  });

  it('says whether the difference survived the correction', () => {
    expect(verdictSentence(base, 6)).toBe('The difference holds after correcting for the 6 comparisons.');
    expect(verdictSentence({ ...base, status: 'no_clear_difference' }, 6)).toContain('not a clear difference');
    expect(correctionSentence(6, false)).toBe(
      'We made 6 comparisons (days with and without each supplement, and before and after each start) and corrected for all of them together (Benjamini–Hochberg). The more comparisons we make, the more often one looks like a difference by chance alone, so each must stand out more to count.',
    );
    expect(correctionSentence(6, true)).toContain('including those not shown');
  });

  it('says the days after a start against the days before it', () => {
    expect(comparisonSentence(sinceStart)).toBe(
      'Since you started Magnesium on Mar 11, 2026, your energy rating was 1.0 higher than in the days before (95% CI 0.6 to 1.4), 60 days after, 45 before.',
    );
    const short = { ...sinceStart, status: 'not_enough_data' as const, daysOn: 30, daysOff: 10, difference: null, low: null, high: null, p: null, adjustedP: null };
    expect(comparisonSentence(short)).toBe(
      'Magnesium and your energy, before and after you started it on Mar 11, 2026: not enough data yet. 10 days before and 30 after so far; each side needs 14 rated days, so 4 more rated days before it.',
    );
  });

  it('names other supplements started, stopped or re-dosed in the same days', () => {
    expect(confoundersSentence({ ...base, confounders: [{ name: 'Iron', change: 'dose_changed', on: '2026-03-31' }] })).toBe(
      'Also changed in the same period: Iron dose changed on Mar 31, 2026.',
    );
    expect(confoundersSentence(base)).toBeNull();
    expect(confoundersSentence({ ...base, confounders: [{ name: 'Zinc', change: 'started', on: '2026-03-31' }] })).toBe(
      'Also changed in the same period: Zinc started on Mar 31, 2026.',
    );
  });
});
