import { describe, expect, it } from 'vitest';
import { addDays } from '#contract/dates.ts';
import { computeInsights } from './insights.service.ts';
import type { IntakeDayRow, RatingDayRow } from './insights.repository.ts';

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
});
