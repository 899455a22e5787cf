import { describe, expect, it } from 'vitest';
import { addDays } from '#contract/dates.ts';
import { computeInsights } from './insights.service.ts';
import type { IntakeDayRow, MeasurementDayRow, RatingDayRow } from './insights.repository.ts';

const FIRST = '2026-01-01';
const dayList = (count: number, from = FIRST) => Array.from({ length: count }, (_, i) => addDays(from, i));

function ratings(days: string[], rate: (i: number) => number): RatingDayRow[] {
  return days.map((localDate, i) => ({ localDate, energy: rate(i), mood: rate(i), sleep: rate(i) }));
}

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
    const insights = computeInsights([{ id: 'mg', name: 'Magnesium' }], intake, ratings(days, (i) => (i < 13 ? 9 : 2)));
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
    const insights = computeInsights([{ id: 'mg', name: 'Magnesium' }], intake, ratings(days, (i) => 5 + (i % 3)), measurements);
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
});
