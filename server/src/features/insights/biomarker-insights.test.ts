import { describe, expect, it } from 'vitest';
import { addDays } from '#contract/dates.ts';
import type { StackChange } from '#contract/insights.ts';
import { computeBiomarkerInsights, stackChanges } from './biomarker-insights.ts';
import type { DoseDayRow, LabPointRow } from './insights.repository.ts';

const FIRST = '2026-01-01';
const day = (i: number) => addDays(FIRST, i);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function taken(name: string, days: number[], amount = 1000, unit = 'IU'): DoseDayRow[] {
  return days.map((i) => ({ name, localDate: day(i), dosageAmount: amount, dosageUnit: unit, frequencyCount: 1, frequencyUnit: 'daily' }));
}

function result(key: string, i: number, value: number, extra: Partial<LabPointRow> = {}): LabPointRow {
  return {
    biomarkerKey: key,
    name: key === 'vitamin-d-25oh' ? '25-OH vitamin D' : key,
    testDate: day(i),
    value,
    comparator: null,
    canonicalValue: value,
    canonicalUnit: 'ng/mL',
    referenceLow: 30,
    referenceHigh: 100,
    ...extra,
  };
}

const change = (name: string, kind: StackChange['change'], i: number, fromDose: string | null = null, toDose: string | null = null): StackChange => ({
  name,
  change: kind,
  on: day(i),
  fromDose,
  toDose,
});

describe('stackChanges', () => {
  it('reads starts, a pause as a stop and a restart, a dose change, and a stop only when other logging went on', () => {
    const rows = [
      ...taken('Vitamin D3', range(10, 40)),
      ...taken('Vitamin D3', range(41, 100), 2000),
      ...taken('Iron', range(0, 20), 65, 'mg'),
      ...taken('Iron', range(60, 100), 65, 'mg'),
      ...taken('Zinc', range(0, 80), 15, 'mg'),
      // Still taken the last day anyone logged: not a stop.
      ...taken('Omega-3', range(95, 100), 1, 'capsule'),
    ];
    expect(stackChanges(rows)).toEqual([
      change('Iron', 'started', 0),
      change('Zinc', 'started', 0),
      change('Vitamin D3', 'started', 10),
      change('Iron', 'stopped', 21),
      change('Vitamin D3', 'dose_changed', 41, '1000 IU 1x daily', '2000 IU 1x daily'),
      change('Iron', 'started', 60),
      change('Zinc', 'stopped', 81),
      change('Omega-3', 'started', 95),
    ]);
  });
});

describe('computeBiomarkerInsights', () => {
  it('pairs the latest result up to the change with the first one 28 days after, and names what else changed between', () => {
    const changes = [change('Vitamin D3', 'started', 30), change('Magnesium', 'started', 50), change('Iron', 'stopped', 180)];
    const labs = [
      result('vitamin-d-25oh', 0, 18),
      result('vitamin-d-25oh', 25, 21),
      // Too soon after the start to count as "after".
      result('vitamin-d-25oh', 40, 26),
      result('vitamin-d-25oh', 100, 42),
      result('vitamin-d-25oh', 200, 47),
    ];
    const [d3, ...rest] = computeBiomarkerInsights(changes, labs);
    expect(d3).toMatchObject({
      biomarkerKey: 'vitamin-d-25oh',
      biomarkerName: '25-OH vitamin D',
      unit: 'ng/mL',
      change: change('Vitamin D3', 'started', 30),
      before: { value: 21, date: day(25) },
      after: { value: 42, date: day(100) },
      difference: 21,
      referenceLow: 30,
      referenceHigh: 100,
      shareOfRange: 0.3,
      daysBetween: 75,
      confounders: [change('Magnesium', 'started', 50)],
      association: 'association, not proof',
      labsPath: '/labs?biomarkers=vitamin-d-25oh',
    });
    // Magnesium's start pairs 42 with 47 (day 100 is its before); the stop of Iron has no result 28 days after it.
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ change: { name: 'Magnesium' }, before: { date: day(40) }, after: { date: day(100) }, difference: 16 });
  });

  it('pairs around a stop and a dose change, converting the printed range to the biomarker unit', () => {
    const changes = [change('Iron', 'stopped', 60), change('Iron', 'dose_changed', 20, '65 mg 1x daily', '130 mg 1x daily')];
    // Reported in µmol/L with the canonical value in ng/mL at a factor of 2: the range converts too.
    const labs = [10, 50, 95].map((i, n) => result('ferritin', i, [40, 90, 60][n]!, { value: [20, 45, 30][n]!, referenceLow: 10, referenceHigh: 60 }));
    const insights = computeBiomarkerInsights(changes, labs);
    expect(insights.map((i) => [i.change.change, i.before.value, i.after.value, i.difference, i.shareOfRange, i.daysBetween])).toEqual([
      ['dose_changed', 40, 90, 50, 0.5, 40],
      ['stopped', 90, 60, -30, -0.3, 45],
    ]);
  });

  it('gives no share without a range, and nothing without a result on both sides within the limits', () => {
    const changes = [change('Vitamin D3', 'started', 200)];
    const noRange = computeBiomarkerInsights(changes, [
      result('hba1c', 190, 5.6, { referenceLow: null, referenceHigh: null }),
      result('hba1c', 240, 5.4, { referenceLow: null, referenceHigh: null }),
    ]);
    expect(noRange[0]).toMatchObject({ referenceLow: null, referenceHigh: null, shareOfRange: null });
    expect(noRange[0]!.difference).toBeCloseTo(-0.2, 10);
    // The before result is older than 180 days.
    expect(computeBiomarkerInsights(changes, [result('vitamin-d-25oh', 10, 20), result('vitamin-d-25oh', 260, 40)])).toEqual([]);
  });

  it('leaves out a value printed as a limit: "< 0.5" is no measured number to take a difference of', () => {
    const changes = [change('Fish Oil', 'started', 30)];
    const crp = (i: number, value: number, comparator: LabPointRow['comparator'] = null) =>
      result('crp', i, value, { comparator, canonicalUnit: 'mg/L', referenceLow: 0, referenceHigh: 5 });
    // The latest before the start is a limit: the exact one before it is the "before".
    expect(computeBiomarkerInsights(changes, [crp(0, 3.2), crp(20, 0.5, '<'), crp(90, 1.1)])).toMatchObject([
      { before: { value: 3.2, date: day(0) }, after: { value: 1.1, date: day(90) } },
    ]);
    // The first result after it is a limit: the next exact one is the "after".
    expect(computeBiomarkerInsights(changes, [crp(20, 3.2), crp(70, 0.5, '<'), crp(120, 1.1)])).toMatchObject([{ after: { value: 1.1, date: day(120) } }]);
    // Limits alone give nothing, either side.
    expect(computeBiomarkerInsights(changes, [crp(20, 0.5, '<'), crp(90, 0.3, '<')])).toEqual([]);
    expect(computeBiomarkerInsights(changes, [crp(20, 3.2), crp(90, 100, '>')])).toEqual([]);
  });
});
