import { describe, expect, it } from 'vitest';
import type { ValueComparator } from '#contract/biomarker-lists.ts';
import { DAY_MS, chartCounts, niceStep, formatLabValue, formatTestDate, formatValue, isOutOfRange, mergeRows, periodLanes, timeDomain, valueDomain } from './chart-rows.ts';
import { type ChartSeries, asRangePosition, dateToTime, drawablePoints, readSeriesResponse, targetBandOf } from './series.ts';

const point = (testDate: string, value: number, extra: { comparator?: ValueComparator | null; flag?: 'low' | 'high' | 'normal' | null; reviewed?: boolean } = {}) => ({
  testDate,
  value,
  comparator: extra.comparator ?? null,
  flag: extra.flag ?? null,
  reviewed: extra.reviewed ?? true,
});

/** Points as the series call sends them: one column per field. */
const columns = (...points: ReturnType<typeof point>[]) => ({
  testDates: points.map((p) => p.testDate),
  values: points.map((p) => p.value),
  comparators: points.map((p) => p.comparator),
  flags: points.map((p) => p.flag),
  reviewed: points.map((p) => p.reviewed),
});

describe('mergeRows', () => {
  it('merges series into one row per unique test date, sorted, leaving gaps where a series has no value', () => {
    const rows = mergeRows([
      { points: [point('2025-03-14', 104), point('2024-01-15', 90)] },
      { points: [point('2024-06-01', 2.1), point('2025-03-14', 2.4)] },
    ]);
    expect(rows.map((row) => row.testDate)).toEqual(['2024-01-15', '2024-06-01', '2025-03-14']);
    expect(rows[0]).toEqual({ t: Date.UTC(2024, 0, 15), testDate: '2024-01-15', s0: 90 });
    expect(rows[1]).toEqual({ t: Date.UTC(2024, 5, 1), testDate: '2024-06-01', s1: 2.1 });
    expect(rows[2]).toEqual({ t: Date.UTC(2025, 2, 14), testDate: '2025-03-14', s0: 104, s1: 2.4 });
  });

  it('keeps the later of two results of one series on the same date', () => {
    const rows = mergeRows([{ points: [point('2025-01-02', 5), point('2025-01-02', 6)] }]);
    expect(rows).toEqual([{ t: Date.UTC(2025, 0, 2), testDate: '2025-01-02', s0: 6 }]);
  });

  it('skips points with a missing or impossible date or a non-numeric value', () => {
    const rows = mergeRows([{ points: [point('2025-02-30', 1), point('', 2), point('2025-01-01', Number.NaN), point('2025-01-03', 3)] }]);
    expect(rows.map((row) => row.testDate)).toEqual(['2025-01-03']);
  });

  it('gives no rows for no series', () => {
    expect(mergeRows([])).toEqual([]);
    expect(timeDomain([])).toBeNull();
  });
});

describe('drawablePoints and readSeriesResponse', () => {
  it('reads the point columns and drops points without a date or a numeric value, as the spec says', () => {
    const kept = drawablePoints({
      testDates: ['2025-01-01', null, undefined, '2025-01-02', '2025-01-03', '01/04/2025', '2025-01-05', '2025-01-06'],
      values: [1, 2, 3, '4', Number.POSITIVE_INFINITY, 5, 7],
      flags: ['high', null, null, null, null, null, 'low', null],
      reviewed: [false, true, true, true, true, true, true, true],
    });
    // The last date has no value in its column: dropped. An answer without comparators reads as exact values.
    expect(kept).toEqual([
      { testDate: '2025-01-01', value: 1, comparator: null, flag: 'high', reviewed: false },
      { testDate: '2025-01-05', value: 7, comparator: null, flag: 'low', reviewed: true },
    ]);
  });

  it('keeps the sign of a value printed as a limit, and reads an unknown sign as none', () => {
    const kept = drawablePoints({ ...columns(point('2025-01-01', 0.5), point('2025-01-02', 2000), point('2025-01-03', 3)), comparators: ['<', '>=', '~'] });
    expect(kept.map((p) => p.comparator)).toEqual(['<', '>=', null]);
  });

  it('discards and logs series without a name, unit or points; unknown categories become "other"', () => {
    const logged: unknown[] = [];
    const source = readSeriesResponse(
      {
        units: 'si',
        series: [
          { name: 'Glucose', biomarker: 'glucose', unit: 'mmol/L', category: 'metabolic', points: columns(point('2025-01-01', 5)), referenceRange: { low: 3.9, high: 5.5 } },
          { name: 'Mystery', unit: 'U', category: 'alchemy', points: columns(point('2025-01-01', 1)) },
          { unit: 'mg/dL', category: 'lipid', points: columns(point('2025-01-01', 1)) },
          { name: 'No unit', category: 'lipid', points: columns(point('2025-01-01', 1)) },
          { name: 'Empty', unit: 'mg/dL', category: 'lipid', points: columns() },
          { name: 'Bad points', unit: 'mg/dL', category: 'lipid', points: { testDates: ['x'], values: ['y'], flags: [null], reviewed: [true] } },
          { name: 'Points as a list', unit: 'mg/dL', category: 'lipid', points: [point('2025-01-01', 1)] },
        ],
        supplementPeriods: [
          { name: 'Vitamin D3', start: '2025-01-01', end: '2025-01-12' },
          { name: 'Backwards', start: '2025-02-01', end: '2025-01-01' },
        ],
      },
      (_message, details) => logged.push(details),
    );
    expect(source.units).toBe('si');
    expect(source.series.map((s) => [s.name, s.category, s.points.length])).toEqual([
      ['Glucose', 'metabolic', 1],
      ['Mystery', 'other', 1],
      // Kept as a chip marked "(no data)": it has points, none of them drawable.
      ['Bad points', 'lipid', 0],
    ]);
    expect(source.series[0]!.referenceRange).toEqual({ low: 3.9, high: 5.5 });
    expect(source.series[1]!.referenceRange).toEqual({ low: null, high: null });
    expect(logged).toEqual([{ index: 2 }, { index: 3 }, { index: 4 }, { index: 6 }]);
    expect(source.supplementPeriods).toEqual([{ name: 'Vitamin D3', start: '2025-01-01', end: '2025-01-12' }]);
  });

  it('reads a malformed answer as no series', () => {
    expect(readSeriesResponse(null, () => {})).toEqual({ units: 'conventional', series: [], supplementPeriods: [] });
  });

  it('takes only real calendar dates', () => {
    expect(dateToTime('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(dateToTime('2023-02-29')).toBeNull();
    expect(dateToTime('2023-2-1')).toBeNull();
  });
});

describe('formatting and axes', () => {
  it('formats a test date as the same calendar day whatever the time zone', () => {
    expect(formatTestDate('2025-03-14', 'en-US')).toBe('Mar 14, 2025');
    expect(formatTestDate(Date.UTC(2025, 0, 1), 'en-GB')).toBe('1 Jan 2025');
  });

  it('pads the time axis, by at least three days', () => {
    const one = Date.UTC(2025, 0, 10);
    expect(timeDomain([{ t: one }])).toEqual([one - 3 * DAY_MS, one + 3 * DAY_MS]);
  });

  it('fits the value axis around the values and the reference ranges', () => {
    const [low, high] = valueDomain([{ points: [point('2025-01-01', 104), point('2025-02-01', 90)], referenceRange: { low: 70, high: 99 } }])!;
    expect(low).toBeLessThan(70);
    expect(high).toBeGreaterThan(104);
    expect(valueDomain([{ points: [point('2025-01-01', 52)], referenceRange: { low: 40, high: 60 } }])).toEqual([35, 65]);
    expect(valueDomain([{ points: [point('2025-01-01', 5)], referenceRange: { low: null, high: null } }])).toEqual([4.25, 5.75]);
    // Never below zero for values that cannot be negative.
    expect(valueDomain([{ points: [point('2025-01-01', 0.1), point('2025-01-02', 50)], referenceRange: { low: null, high: null } }])![0]).toBe(0);
  });

  it('picks round steps', () => {
    expect([0.7, 3, 4.2, 7, 23].map(niceStep)).toEqual([1, 5, 5, 10, 25]);
  });

  it('counts biomarkers and points for the subtitle', () => {
    expect(chartCounts([{ points: [point('2025-01-01', 1), point('2025-01-02', 2)] }, { points: [point('2025-01-01', 1)] }])).toEqual({ biomarkers: 2, points: 3 });
  });

  it('marks a point out of range by its own flag first, else by the series range', () => {
    const range = { low: 70, high: 99 };
    expect(isOutOfRange({ value: 104, comparator: null, flag: null }, range)).toBe(true);
    expect(isOutOfRange({ value: 60, comparator: null, flag: null }, range)).toBe(true);
    expect(isOutOfRange({ value: 80, comparator: null, flag: null }, range)).toBe(false);
    // The report printed its own range, and the value is inside it.
    expect(isOutOfRange({ value: 104, comparator: null, flag: 'normal' }, range)).toBe(false);
    expect(isOutOfRange({ value: 80, comparator: null, flag: 'low' }, range)).toBe(true);
    expect(isOutOfRange({ value: 500, comparator: null, flag: null }, { low: null, high: null })).toBe(false);
  });

  it('judges a limit out of range only when every value it allows is', () => {
    const limit = (comparator: ValueComparator, value: number) => ({ value, comparator, flag: null });
    expect(isOutOfRange(limit('<', 0.5), { low: 1, high: 5 })).toBe(true);
    expect(isOutOfRange(limit('<', 0.5), { low: 0.3, high: 5 })).toBe(false);
    expect(isOutOfRange(limit('<', 1), { low: 1, high: 5 })).toBe(true);
    expect(isOutOfRange(limit('<=', 1), { low: 1, high: 5 })).toBe(false);
    // Read as the number alone, "> 0.2" would be below a range from 0.3; it is not.
    expect(isOutOfRange(limit('>', 0.2), { low: 0.3, high: 5 })).toBe(false);
    expect(isOutOfRange(limit('>', 2000), { low: 200, high: 900 })).toBe(true);
    expect(isOutOfRange(limit('>=', 900), { low: 200, high: 900 })).toBe(false);
  });

  it('shows a limit with its sign as reports print it', () => {
    expect(formatLabValue(0.5, '<')).toBe('< 0.5');
    expect(formatLabValue(2000, '>')).toBe('> 2000');
    expect(formatLabValue(0.30000000000000004, '<=')).toBe('≤ 0.3');
    expect(formatLabValue(3, '>=')).toBe('≥ 3');
    expect(formatLabValue(1.12, null)).toBe('1.12');
  });

  it('rounds values for reading without float noise', () => {
    expect(formatValue(0.30000000000000004)).toBe('0.3');
    expect(formatValue(90.0901)).toBe('90.09');
    expect(formatValue(138.04)).toBe('138');
    expect(formatValue(0.00412)).toBe('0.0041');
  });
});

describe('periodLanes', () => {
  const from = Date.UTC(2025, 0, 1);
  const to = Date.UTC(2025, 0, 31);

  it('places periods in percent of the axis, one lane per supplement, cut at the ends', () => {
    const lanes = periodLanes(
      [
        { name: 'Vitamin D3', start: '2025-01-01', end: '2025-01-12' },
        { name: 'Magnesium', start: '2024-12-01', end: '2025-01-03' },
        { name: 'Vitamin D3', start: '2025-01-25', end: '2025-01-25' },
        { name: 'Iron', start: '2024-01-01', end: '2024-02-01' },
      ],
      [from, to],
    );
    expect(lanes.map((lane) => lane.name)).toEqual(['Magnesium', 'Vitamin D3']);
    const [magnesium, vitaminD] = lanes;
    expect(magnesium!.bars[0]!.left).toBe(0);
    expect(magnesium!.bars[0]!.width).toBeCloseTo((3 / 30) * 100);
    expect(vitaminD!.bars).toHaveLength(2);
    expect(vitaminD!.bars[0]!.width).toBeCloseTo((12 / 30) * 100);
    expect(vitaminD!.bars[1]!.left).toBeCloseTo((24 / 30) * 100);
    expect(vitaminD!.bars[1]!.width).toBeCloseTo((1 / 30) * 100);
  });

  it('gives nothing for an empty axis', () => {
    expect(periodLanes([{ name: 'A', start: '2025-01-01', end: '2025-01-02' }], [from, from])).toEqual([]);
  });
});

describe('compare shapes and target bands (decision 040)', () => {
  const base: ChartSeries = {
    name: 'Ferritin',
    biomarker: 'ferritin',
    unit: 'ng/mL',
    category: 'mineral',
    points: [{ testDate: '2026-01-01', value: 30, comparator: null, flag: null, reviewed: true }],
    referenceRange: { low: 20, high: 220 },
    optimalRange: { low: 45, high: 200, note: '', citation: { source: 'AGA', year: 2020, title: 't', url: 'https://example.com' } },
    target: null,
  };

  it('draws the user target, else the optimal range', () => {
    expect(targetBandOf(base)).toEqual({ low: 45, high: 200 });
    expect(targetBandOf({ ...base, target: { low: 60, high: null } })).toEqual({ low: 60, high: null });
    expect(targetBandOf({ ...base, optimalRange: null })).toBeNull();
  });

  it('places values within the reference range, 0 at its low end and 1 at its high end', () => {
    const placed = asRangePosition(base)!;
    expect(placed.points[0]!.value).toBe(0.05);
    expect(placed.referenceRange).toEqual({ low: 0, high: 1 });
    expect(placed.target).toEqual({ low: 0.125, high: 0.9 });
    expect(asRangePosition({ ...base, referenceRange: { low: null, high: 100 } })).toBeNull();
  });
});
