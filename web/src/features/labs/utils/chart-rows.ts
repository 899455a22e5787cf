import type { ValueComparator } from '#contract/biomarker-lists.ts';
import { computeFlag, withLimitSign } from '#contract/lab-values.ts';
import type { SupplementPeriod } from '#contract/labs.ts';
import { type ChartPoint, type ChartSeries, dateToTime } from './series.ts';

/** The chart's drawing height in pixels; its loading placeholder takes the same. */
export const CHART_HEIGHT = 600;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** One row per test date: `t` for the time axis and one value per series key (absent = a gap). */
export type ChartRow = { t: number; testDate: string } & Record<string, number | string | undefined>;

/** The key of the i-th drawn series in a row: short, and safe whatever the name holds (dots, spaces). */
export function seriesKey(index: number): string {
  return `s${index}`;
}

/**
 * product.md, Labs: rows merge by unique test date, sorted. A series with no value on a row's date
 * leaves a gap there (lines do not connect across it). When one series has two results on the
 * same date, the later one in its list wins: the server lists them oldest first.
 */
export function mergeRows(series: readonly Pick<ChartSeries, 'points'>[]): ChartRow[] {
  const rows = new Map<string, ChartRow>();
  series.forEach((one, index) => {
    for (const point of one.points) {
      const t = dateToTime(point.testDate);
      if (t === null || !Number.isFinite(point.value)) continue;
      const row: ChartRow = rows.get(point.testDate) ?? { t, testDate: point.testDate };
      row[seriesKey(index)] = point.value;
      rows.set(point.testDate, row);
    }
  });
  return [...rows.values()].sort((a, b) => a.t - b.t);
}

/** "Showing {n} biomarker(s) with {m} data point(s)" counts. */
export function chartCounts(series: readonly Pick<ChartSeries, 'points'>[]): { biomarkers: number; points: number } {
  return { biomarkers: series.length, points: series.reduce((sum, one) => sum + one.points.length, 0) };
}

const utcDate = new Map<string, Intl.DateTimeFormat>();

/**
 * A test date in the browser's local date format (product.md, Labs). Dates are calendar days, so they are
 * formatted at UTC: the same report shows the same day in every time zone.
 */
export function formatTestDate(value: string | number, locale?: string): string {
  const time = typeof value === 'number' ? value : dateToTime(value);
  if (time === null) return String(value);
  const key = locale ?? '';
  let format = utcDate.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
    utcDate.set(key, format);
  }
  return format.format(time);
}

/** The time axis: the dates drawn, padded so the first and last points are not on the edge. */
export function timeDomain(rows: readonly Pick<ChartRow, 't'>[]): [number, number] | null {
  if (rows.length === 0) return null;
  const first = rows[0]!.t;
  const last = rows[rows.length - 1]!.t;
  const pad = Math.max(3 * DAY_MS, (last - first) * 0.04);
  return [first - pad, last + pad];
}

/** A round step near `rough`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceStep(rough: number): number {
  if (!(rough > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * The value axis: the values drawn and the reference ranges' ends, widened to round numbers so
 * the ticks read 40, 50, 60 rather than 38.4, 44.4. Never below zero for all-positive values.
 */
export function valueDomain(
  series: readonly Pick<ChartSeries, 'points' | 'referenceRange'>[],
  options: { includeRanges: boolean; ticks?: number } = { includeRanges: true },
): [number, number] | null {
  const values: number[] = [];
  for (const one of series) {
    for (const point of one.points) values.push(point.value);
    if (options.includeRanges) {
      if (one.referenceRange.low !== null) values.push(one.referenceRange.low);
      if (one.referenceRange.high !== null) values.push(one.referenceRange.high);
    }
  }
  if (values.length === 0) return null;
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    const room = Math.abs(min) * 0.1 || 1;
    min -= room;
    max += room;
  }
  const step = niceStep((max - min) / ((options.ticks ?? 5) - 1));
  const low = Math.floor(min / step) * step;
  const high = Math.ceil(max / step) * step;
  // Some room above and below the outermost points, so no point sits on the frame.
  const lower = low === min ? low - step : low;
  const upper = high === max ? high + step : high;
  const clean = (value: number) => Number(value.toPrecision(12));
  return [clean(Math.min(...values) >= 0 && lower < 0 ? 0 : lower), clean(upper)];
}

/**
 * Outside the reference range: the flag the server computed for the result (from the range printed
 * on its report) when there is one, otherwise the series' range. A limit is outside only when every
 * value it allows is: "< 0.5" by a range from 1, not by one from 0.3.
 */
export function isOutOfRange(point: Pick<ChartPoint, 'value' | 'flag' | 'comparator'>, range: ChartSeries['referenceRange']): boolean {
  const flag = point.flag ?? computeFlag(point.value, range.low, range.high, false, point.comparator);
  return flag === 'low' || flag === 'high';
}

export type PeriodBar = { name: string; start: string; end: string; left: number; width: number };
export type PeriodLane = { name: string; bars: PeriodBar[] };

/**
 * Supplement periods as bars along the time axis, one lane per supplement, in percent of the
 * axis. Periods outside the axis are left out, and ones that cross its ends are cut there; a
 * one-day period still gets a visible sliver (a day wide).
 */
export function periodLanes(periods: readonly SupplementPeriod[], domain: [number, number]): PeriodLane[] {
  const [from, to] = domain;
  const span = to - from;
  if (!(span > 0)) return [];
  const lanes = new Map<string, PeriodBar[]>();
  for (const period of periods) {
    const start = dateToTime(period.start);
    const end = dateToTime(period.end);
    if (start === null || end === null || end < start) continue;
    // A logged day covers the whole day.
    const barStart = Math.max(from, start);
    const barEnd = Math.min(to, end + DAY_MS);
    if (barEnd <= from || barStart >= to) continue;
    const left = ((barStart - from) / span) * 100;
    const width = Math.max(((barEnd - barStart) / span) * 100, 0.5);
    const bars = lanes.get(period.name) ?? [];
    bars.push({ name: period.name, start: period.start, end: period.end, left, width: Math.min(width, 100 - left) });
    lanes.set(period.name, bars);
  }
  return [...lanes.entries()]
    .map(([name, bars]) => ({ name, bars: bars.sort((a, b) => a.left - b.left) }))
    .sort((a, b) => a.bars[0]!.left - b.bars[0]!.left || a.name.localeCompare(b.name));
}

/** "1.2", "104", "0.004": enough digits to read a lab value, without float noise. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 1 : abs >= 1 ? 2 : 4;
  return String(Number(value.toFixed(digits)));
}

/** A lab result's value as printed: "1.2", or a limit with its sign, "< 0.5", "≥ 2000". */
export function formatLabValue(value: number, comparator: ValueComparator | null): string {
  return withLimitSign(formatValue(value), comparator);
}
