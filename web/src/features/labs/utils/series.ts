import { VALUE_COMPARATORS, type ValueComparator } from '#contract/biomarker-lists.ts';
import type { BiomarkerCategory, BiomarkerFlag } from '#contract/biomarkers.ts';
import type { OptimalRangeDto, SupplementPeriod } from '#contract/labs.ts';
import { categoryOf } from './categories.ts';

/** A point the chart can draw: a real calendar date and a finite number; `comparator` is set for a limit ("< 0.5"). */
export type ChartPoint = { testDate: string; value: number; comparator: ValueComparator | null; flag: BiomarkerFlag | null; reviewed: boolean };

export type ChartSeries = {
  /** The display name; the `biomarkers` query parameter holds these. */
  name: string;
  /** The catalogue key ("glucose-fasting"); links from the assistant may use it. */
  biomarker: string;
  unit: string;
  category: BiomarkerCategory;
  /** Only the drawable points; empty when the server sent none usable ("(no data)"). */
  points: ChartPoint[];
  referenceRange: { low: number | null; high: number | null };
  /** Where the reference range comes from (decision 040); 'typical' when the server did not say. */
  referenceSource?: 'report' | 'profile' | 'typical';
  /** A narrower range published evidence supports, with its source; null for most biomarkers. */
  optimalRange?: OptimalRangeDto | null;
  /** The user's own target, in the series unit. */
  target?: { low: number | null; high: number | null } | null;
};

/** The band the chart draws as the target: the user's own, else the optimal range; null when neither. */
export function targetBandOf(series: Pick<ChartSeries, 'target' | 'optimalRange'>): { low: number | null; high: number | null } | null {
  const band = series.target ?? series.optimalRange ?? null;
  return band && (band.low !== null || band.high !== null) ? { low: band.low, high: band.high } : null;
}

/**
 * "Compare shapes": a series' values as their position within its reference range, 0 at the low
 * end and 1 at the high end, so that biomarkers in different units share one axis. Null for a
 * series whose range lacks an end.
 */
export function asRangePosition(series: ChartSeries): ChartSeries | null {
  const { low, high } = series.referenceRange;
  if (low === null || high === null || !(high > low)) return null;
  const position = (value: number | null) => (value === null ? null : Number(((value - low) / (high - low)).toFixed(4)));
  const band = targetBandOf(series);
  return {
    ...series,
    unit: POSITION_UNIT,
    points: series.points.map((point) => ({ ...point, value: position(point.value)! })),
    referenceRange: { low: 0, high: 1 },
    optimalRange: null,
    target: band ? { low: position(band.low), high: position(band.high) } : null,
  };
}

export const POSITION_UNIT = 'position in reference range';

export type ChartSource = {
  units: 'conventional' | 'si';
  series: ChartSeries[];
  supplementPeriods: SupplementPeriod[];
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at UTC midnight of a yyyy-MM-dd date, or null for anything that is not a real date. */
export function dateToTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? time : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function columnOf(points: Record<string, unknown>, name: string): readonly unknown[] {
  const column = points[name];
  return Array.isArray(column) ? column : [];
}

const asComparator = (value: unknown): ValueComparator | null => VALUE_COMPARATORS.find((sign) => sign === value) ?? null;

/**
 * The server's point columns (`testDates[i]`, `values[i]`, `comparators[i]`, `flags[i]`, `reviewed[i]` make point i)
 * as the points the chart draws. product.md, Labs: points with a missing date or a non-numeric value
 * are skipped.
 */
export function drawablePoints(points: Record<string, unknown>): ChartPoint[] {
  const testDates = columnOf(points, 'testDates');
  const values = columnOf(points, 'values');
  const comparators = columnOf(points, 'comparators');
  const flags = columnOf(points, 'flags');
  const reviewed = columnOf(points, 'reviewed');
  const kept: ChartPoint[] = [];
  testDates.forEach((testDate, i) => {
    const value = finiteOrNull(values[i]);
    if (value === null || dateToTime(testDate) === null) return;
    const flag = flags[i];
    kept.push({ testDate: testDate as string, value, comparator: asComparator(comparators[i]), flag: flag === 'low' || flag === 'high' || flag === 'normal' ? flag : null, reviewed: reviewed[i] !== false });
  });
  return kept;
}

function readOptimal(value: unknown): OptimalRangeDto | null {
  if (!isRecord(value) || !isRecord(value.citation)) return null;
  const { citation } = value;
  if (typeof citation.source !== 'string' || typeof citation.title !== 'string' || typeof citation.url !== 'string' || typeof citation.year !== 'number') return null;
  return {
    low: finiteOrNull(value.low),
    high: finiteOrNull(value.high),
    note: typeof value.note === 'string' ? value.note : '',
    citation: { source: citation.source, title: citation.title, url: citation.url, year: citation.year },
  };
}

type Log = (message: string, details: Record<string, unknown>) => void;

const warn: Log = (message, details) => console.warn(message, details);

/**
 * The series answer as the chart uses it (product.md, Labs). A series without a string name or
 * unit, or without any points, is discarded and logged (its position only: never health values).
 * An unknown category becomes "other".
 */
export function readSeriesResponse(body: unknown, log: Log = warn): ChartSource {
  const data = isRecord(body) ? body : {};
  const series: ChartSeries[] = [];
  const list = Array.isArray(data.series) ? data.series : [];
  list.forEach((item, index) => {
    const points = isRecord(item) && isRecord(item.points) ? item.points : {};
    if (!isRecord(item) || typeof item.name !== 'string' || !item.name.trim() || typeof item.unit !== 'string' || columnOf(points, 'testDates').length === 0) {
      log('Invalid biomarker series skipped', { index });
      return;
    }
    const range = isRecord(item.referenceRange) ? item.referenceRange : {};
    series.push({
      name: item.name,
      biomarker: typeof item.biomarker === 'string' ? item.biomarker : item.name,
      unit: item.unit,
      category: categoryOf(item.category),
      points: drawablePoints(points),
      referenceRange: { low: finiteOrNull(range.low), high: finiteOrNull(range.high) },
      referenceSource: item.referenceSource === 'report' || item.referenceSource === 'profile' ? item.referenceSource : 'typical',
      optimalRange: readOptimal(item.optimalRange),
      target: isRecord(item.target) ? { low: finiteOrNull(item.target.low), high: finiteOrNull(item.target.high) } : null,
    });
  });
  const periods = (Array.isArray(data.supplementPeriods) ? data.supplementPeriods : []).filter(
    (period): period is SupplementPeriod =>
      isRecord(period) &&
      typeof period.name === 'string' &&
      typeof period.start === 'string' &&
      typeof period.end === 'string' &&
      dateToTime(period.start) !== null &&
      dateToTime(period.end) !== null &&
      period.start <= period.end,
  );
  return { units: data.units === 'si' ? 'si' : 'conventional', series, supplementPeriods: periods };
}
