import { describe, expect, it } from 'vitest';
import { addDays } from '#contract/dates.ts';
import { type Insight, INSIGHT_BEFORE_AFTER_DAYS } from '#contract/insights.ts';
import { benjaminiHochberg } from '#contract/statistics.ts';
import { computeInsights } from './insights.service.ts';
import type { IntakeDayRow, MeasurementDayRow, RatingDayRow } from './insights.repository.ts';

const FIRST = '2026-01-01';
const dayList = (count: number, from = FIRST) => Array.from({ length: count }, (_, i) => addDays(from, i));

function ratings(days: string[], rate: (i: number) => number): RatingDayRow[] {
  return days.map((localDate, i) => ({ localDate, energy: rate(i), mood: rate(i), sleep: rate(i) }));
}

const onOff = (insights: Insight[]) => insights.filter((i) => i.comparison === 'on_off');

describe('computeInsights', () => {
  it('reports a difference exactly when neither side varies, instead of losing it', () => {
    const days = dayList(30);
    const intake: IntakeDayRow[] = days.filter((_, i) => i % 2 === 0).map((localDate) => ({ supplementId: 'mg', name: 'Magnesium', localDate }));
    const [energy] = computeInsights([{ id: 'mg', name: 'Magnesium' }], intake, ratings(days, (i) => (i % 2 === 0 ? 7 : 5)));
    expect(energy).toMatchObject({ status: 'finding', daysOn: 15, daysOff: 15, difference: 2, low: 2, high: 2 });
    expect(energy!.p!).toBeLessThan(1e-6);
  });

  it('names a supplement stopped within the days compared, and not one taken throughout', () => {
    const days = dayList(40);
    const intake: IntakeDayRow[] = [
      ...days.filter((_, i) => i % 3 === 0).map((localDate) => ({ supplementId: 'mg', name: 'Magnesium', localDate })),
      ...days.slice(0, 20).map((localDate) => ({ supplementId: 'iron', name: 'Iron', localDate })),
      ...days.map((localDate) => ({ supplementId: null, name: 'Fish oil', localDate })),
    ];
    const [first] = computeInsights([{ id: 'mg', name: 'Magnesium' }], intake, ratings(days, (i) => 5 + (i % 4)));
    expect(first!.confounders).toEqual([{ name: 'Iron', change: 'stopped', on: days[19] }]);
  });

  it('makes no comparison, and corrects for none, below 14 days on a side', () => {
    const days = dayList(40);
    const intake: IntakeDayRow[] = days.slice(0, 13).map((localDate) => ({ supplementId: 'mg', name: 'Magnesium', localDate }));
    const insights = onOff(computeInsights([{ id: 'mg', name: 'Magnesium' }], intake, ratings(days, (i) => (i < 13 ? 9 : 2))));
    expect(insights.map((i) => [i.status, i.daysOn, i.daysOff, i.difference])).toEqual([
      ['not_enough_data', 13, 27, null],
      ['not_enough_data', 13, 27, null],
      ['not_enough_data', 13, 27, null],
    ]);
  });

  it('compares imported sleep, heart rate and steps like the ratings, and corrects for all of them together', () => {
    const days = dayList(40);
    const intake: IntakeDayRow[] = days.filter((_, i) => i % 2 === 0).map((localDate) => ({ supplementId: 'mg', name: 'Magnesium', localDate }));
    // 30 more minutes asleep on magnesium days; steps only on 20 days; no heart rate at all.
    const measurements: MeasurementDayRow[] = days.map((localDate, i) => ({
      localDate,
      sleep_duration: (i % 2 === 0 ? 450 : 420) + (i % 4 < 2 ? 5 : 0),
      resting_heart_rate: null,
      steps: i < 20 ? 8000 + (i % 3) * 500 : null,
    }));
    const all = computeInsights([{ id: 'mg', name: 'Magnesium' }], intake, ratings(days, (i) => 5 + (i % 3)), measurements);
    // Taken from the first day: nothing before the start, so no before-and-after comparison is made.
    expect(all.filter((i) => i.comparison === 'before_after' && i.status !== 'not_enough_data')).toEqual([]);
    const insights = onOff(all);
    expect(insights.map((i) => i.rating)).toEqual(['energy', 'mood', 'sleep', 'sleep_duration', 'steps']);
    const asleep = insights.find((i) => i.rating === 'sleep_duration')!;
    expect(asleep).toMatchObject({ status: 'finding', daysOn: 20, daysOff: 20 });
    expect(asleep.difference).toBeCloseTo(30, 6);
    expect(insights.find((i) => i.rating === 'steps')).toMatchObject({ status: 'not_enough_data', daysOn: 10, daysOff: 10 });
    // Four comparisons had enough days: the adjustment is over all four, ratings and measurements.
    const tested = insights.filter((i) => i.p !== null);
    expect(tested).toHaveLength(4);
    const smallest = Math.min(...tested.map((i) => i.p!));
    expect(asleep.adjustedP).toBeCloseTo(Math.min(1, smallest * 4), 12);
  });

  describe('before against after a start', () => {
    // 200 rated days; Vitamin D3 from day 100 on, every day; Iron started on day 120.
    const days = dayList(200);
    const start = days[100]!;
    const intake: IntakeDayRow[] = [
      ...days.slice(100).map((localDate) => ({ supplementId: 'd3', name: 'Vitamin D3', localDate })),
      ...days.slice(120).map((localDate) => ({ supplementId: 'iron', name: 'Iron', localDate })),
    ];
    const changes = [
      { name: 'Vitamin D3', change: 'started' as const, on: start, fromDose: null, toDose: null },
      { name: 'Iron', change: 'started' as const, on: days[120]!, fromDose: null, toDose: null },
    ];
    const stack = [{ id: 'd3', name: 'Vitamin D3' }];

    it('compares the days before the first dose with the days after, within the window fixed in advance, and names what else started', () => {
      // Energy one point higher from the start on, with a little spread on both sides.
      const insights = computeInsights(stack, intake, ratings(days, (i) => (i >= 100 ? 7 : 6) + (i % 3 === 0 ? 1 : 0)), [], changes);
      const energy = insights.find((i) => i.comparison === 'before_after' && i.rating === 'energy')!;
      expect(energy).toMatchObject({ status: 'finding', startedOn: start, daysOn: INSIGHT_BEFORE_AFTER_DAYS, daysOff: INSIGHT_BEFORE_AFTER_DAYS });
      expect(energy.difference).toBeCloseTo(1, 1);
      expect(energy.low!).toBeLessThan(1);
      expect(energy.high!).toBeGreaterThan(1);
      expect(energy.confounders).toEqual([{ name: 'Iron', change: 'started', on: days[120] }]);
      expect(energy.historyPath).toBe(`/supplement-history?date=${start}`);
      // Days 100 to 199 are all on-days and 0 to 99 all off-days: the on/off comparison sees the same step.
      expect(insights.filter((i) => i.status === 'finding').map((i) => `${i.comparison} ${i.rating}`)).toEqual(
        expect.arrayContaining(['on_off energy', 'before_after energy']),
      );
    });

    it('corrects the on/off and before/after comparisons together, so a p that passes alone may not', () => {
      // Ratings that wander with no relation to the start or the intake.
      const insights = computeInsights(stack, intake, ratings(days, (i) => 5 + ((i * i) % 7 > 3 ? 1 : 0) + (i % 5 === 0 ? 1 : 0)), [], changes);
      const tested = insights.filter((i) => i.p !== null);
      expect(tested.map((i) => i.comparison)).toEqual(['on_off', 'on_off', 'on_off', 'before_after', 'before_after', 'before_after']);
      // Adjusted over all six p-values, not over the three of one kind.
      expect(tested.map((i) => i.adjustedP)).toEqual(benjaminiHochberg(tested.map((i) => i.p!)));
      expect(tested.map((i) => i.adjustedP)).not.toEqual(benjaminiHochberg(tested.slice(0, 3).map((i) => i.p!)).concat(benjaminiHochberg(tested.slice(3).map((i) => i.p!))));
      expect(tested.every((i) => i.status === 'no_clear_difference')).toBe(true);
    });

    it('makes no comparison with fewer than 14 days before the start', () => {
      const late = dayList(40);
      const insights = computeInsights(stack, late.slice(10).map((localDate) => ({ supplementId: 'd3', name: 'Vitamin D3', localDate })), ratings(late, (i) => (i < 10 ? 3 : 8)));
      expect(insights.filter((i) => i.comparison === 'before_after').map((i) => [i.status, i.daysOff, i.daysOn, i.difference])).toEqual([
        ['not_enough_data', 10, 30, null],
        ['not_enough_data', 10, 30, null],
        ['not_enough_data', 10, 30, null],
      ]);
    });
  });
});
