import { describe, expect, it } from 'vitest';
import { calendarTicks, labelWidth, linePath, nearestIndex, placeTooltip, referenceBand, scaleLinear, seriesPoints, timeTicks, valueTicks } from './chart-geometry.ts';
import { DAY_MS, formatTestDate, mergeRows, timeDomain } from './chart-rows.ts';

const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const format = (time: number) => formatTestDate(time, 'en-US');
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('scaleLinear', () => {
  it('maps the domain onto the range, reversed for the value axis', () => {
    const y = scaleLinear([0, 150], [500, 20]);
    expect([0, 75, 150].map(y)).toEqual([500, 260, 20]);
  });

  it('puts everything in the middle of an empty domain', () => {
    expect(scaleLinear([5, 5], [0, 100])(5)).toBe(50);
  });
});

describe('valueTicks', () => {
  it('labels both ends of a domain that valueDomain rounded', () => {
    expect(valueTicks([60, 110])).toEqual([60, 70, 80, 90, 100, 110]);
    expect(valueTicks([0, 150])).toEqual([0, 25, 50, 75, 100, 125, 150]);
    expect(valueTicks([35, 65])).toEqual([35, 40, 45, 50, 55, 60, 65]);
    expect(valueTicks([4.25, 5.75])).toEqual([4.25, 4.5, 4.75, 5, 5.25, 5.5, 5.75]);
  });

  it('takes a coarser step that still lands on both ends when the fine one would crowd', () => {
    expect(valueTicks([0, 150], 4)).toEqual([0, 50, 100, 150]);
  });

  it('keeps to the step inside the domain when no round step fits both ends, without float noise', () => {
    expect(valueTicks([0.1, 0.7], 4)).toEqual([0.2, 0.4, 0.6]);
    expect(valueTicks([3, 3])).toEqual([3]);
  });
});

describe('timeTicks', () => {
  const options = (dataDates: string[], width: number) => {
    const rows = dataDates.map((date) => ({ t: utc(date) }));
    return { domain: timeDomain(rows)!, range: [80, 80 + width] as const, bounds: [0, 80 + width + 24] as const, dataTimes: rows.map((row) => row.t), format };
  };

  it('labels the test dates themselves when they all fit', () => {
    const ticks = timeTicks(options(['2024-09-16', '2025-03-15'], 900));
    expect(ticks.map((tick) => tick.label)).toEqual(['Sep 16, 2024', 'Mar 15, 2025']);
    // The first test sits 4% of the span in from the plot's left end.
    expect(ticks[0]!.x).toBeCloseTo(80 + 900 * (0.04 / 1.08), 1);
  });

  it('falls back to calendar months when test dates crowd, finest step whose labels keep apart', () => {
    const ticks = timeTicks(options(['2024-09-16', '2025-03-14', '2025-03-15'], 900));
    expect(ticks.map((tick) => iso(tick.value))).toEqual(['2024-10-01', '2024-11-01', '2024-12-01', '2025-01-01', '2025-02-01', '2025-03-01']);
    for (let i = 1; i < ticks.length; i += 1) {
      const gap = ticks[i]!.labelX - ticks[i - 1]!.labelX - labelWidth(ticks[i]!.label) / 2 - labelWidth(ticks[i - 1]!.label) / 2;
      expect(gap).toBeGreaterThanOrEqual(24);
    }
  });

  it('takes half years and then years as the axis narrows', () => {
    const dates = Array.from({ length: 24 }, (_, i) => iso(utc('2023-10-01') + i * 45 * DAY_MS));
    expect(timeTicks(options(dates, 950)).map((tick) => iso(tick.value))).toEqual(['2024-01-01', '2024-07-01', '2025-01-01', '2025-07-01', '2026-01-01', '2026-07-01']);
    expect(timeTicks(options(dates, 190)).map((tick) => iso(tick.value))).toEqual(['2024-01-01', '2026-01-01']);
  });

  it('moves a label near the drawing edge inward rather than cutting it', () => {
    const ticks = timeTicks(options(['2024-01-01', '2025-03-15'], 200));
    expect(ticks.map((tick) => tick.label)).toEqual(['Jan 1, 2024', 'Mar 15, 2025']);
    const last = ticks[1]!;
    expect(last.labelX + labelWidth(last.label) / 2).toBeCloseTo(80 + 200 + 24);
    expect(last.x).toBeGreaterThan(last.labelX);
  });

  it('names the first and last tests on a narrow axis that holds fewer than two calendar ticks', () => {
    const ticks = timeTicks(options(['2025-10-20', '2026-04-28', '2026-05-08', '2026-11-04'], 190));
    expect(ticks.map((tick) => tick.label)).toEqual(['Oct 20, 2025', 'Nov 4, 2026']);
  });

  it('names the latest test when no calendar tick fits a short, narrow axis', () => {
    const ticks = timeTicks(options(['2025-03-05', '2025-03-11'], 100));
    expect(ticks.map((tick) => tick.label)).toEqual(['Mar 11, 2025']);
  });
});

describe('calendarTicks', () => {
  it('counts weeks from the 1st of each month and quarters from January', () => {
    expect(calendarTicks([utc('2025-01-20'), utc('2025-02-20')], { unit: 'day', step: 7 }).map(iso)).toEqual(['2025-01-22', '2025-02-01', '2025-02-08', '2025-02-15']);
    expect(calendarTicks([utc('2024-11-15'), utc('2025-08-01')], { unit: 'month', step: 3 }).map(iso)).toEqual(['2025-01-01', '2025-04-01', '2025-07-01']);
  });
});

describe('linePath', () => {
  it('draws straight segments and leaves a gap open where a row has no value', () => {
    expect(linePath([{ x: 0, y: 100 }, { x: 50, y: 50.123 }, null, { x: 150, y: 0 }, { x: 200, y: 25 }])).toBe('M0,100 L50,50.12 M150,0 L200,25');
    expect(linePath([null, { x: 10, y: 10 }, null])).toBe('M10,10');
    expect(linePath([])).toBe('');
  });

  it('breaks one series where another series alone has a test, as merged rows have it', () => {
    const point = (testDate: string, value: number) => ({ testDate, value, comparator: null, flag: null, reviewed: true });
    const rows = mergeRows([{ points: [point('2025-01-01', 10), point('2025-03-01', 30), point('2025-04-01', 40)] }, { points: [point('2025-02-01', 5)] }]);
    const x = (index: number) => index * 100;
    const y = scaleLinear([0, 40], [400, 0]);
    expect(linePath(seriesPoints(rows, 's0', x, y))).toBe('M0,300 M200,100 L300,0');
    expect(linePath(seriesPoints(rows, 's1', x, y))).toBe('M100,350');
  });
});

describe('referenceBand', () => {
  const y = scaleLinear([0, 150], [516, 16]);

  it('spans the range, with both edges its own', () => {
    expect(referenceBand({ low: 70, high: 99 }, [0, 150], y)).toEqual({ top: 186, bottom: 282.67, hasHigh: true, hasLow: true });
  });

  it('reaches the plot edge on the side the range leaves open', () => {
    expect(referenceBand({ low: null, high: 100 }, [0, 150], y)).toEqual({ top: 182.67, bottom: 516, hasHigh: true, hasLow: false });
    expect(referenceBand({ low: 40, high: null }, [0, 150], y)).toEqual({ top: 16, bottom: 382.67, hasHigh: false, hasLow: true });
  });

  it('is cut to the plot, and left out when it lies outside it or there is no range', () => {
    // A high end above the axis is no edge of the band: the plot's top is.
    expect(referenceBand({ low: 100, high: 400 }, [0, 150], y)).toEqual({ top: 16, bottom: 182.67, hasHigh: false, hasLow: true });
    expect(referenceBand({ low: 200, high: 400 }, [0, 150], y)).toBeNull();
    expect(referenceBand({ low: null, high: null }, [0, 150], y)).toBeNull();
  });
});

describe('nearestIndex', () => {
  const xs = [100, 200, 400];

  it('picks the row nearest the pointer, the earlier on a tie, the ends beyond them', () => {
    expect([0, 120, 149, 150, 151, 290, 310, 999].map((x) => nearestIndex(xs, x))).toEqual([0, 0, 0, 0, 1, 1, 2, 2]);
    expect(nearestIndex([], 10)).toBe(-1);
  });
});

describe('placeTooltip', () => {
  const bounds = { width: 600, height: 500 };
  const box = { width: 200, height: 100 };

  it('goes right of the point, vertically centred, when there is room', () => {
    expect(placeTooltip({ anchor: { x: 100, y: 200 }, box, bounds })).toEqual({ x: 112, y: 150 });
  });

  it('goes left of the point near the right edge, and stays inside top and bottom', () => {
    expect(placeTooltip({ anchor: { x: 500, y: 20 }, box, bounds })).toEqual({ x: 288, y: 0 });
    expect(placeTooltip({ anchor: { x: 500, y: 490 }, box, bounds })).toEqual({ x: 288, y: 400 });
  });

  it('goes above or below the point when neither side has room, as on a phone', () => {
    const narrow = { width: 300, height: 500 };
    expect(placeTooltip({ anchor: { x: 150, y: 300 }, box, bounds: narrow })).toEqual({ x: 50, y: 188 });
    expect(placeTooltip({ anchor: { x: 150, y: 50 }, box, bounds: narrow })).toEqual({ x: 50, y: 62 });
  });
});
