import type { BiomarkerCategory, BiomarkerFlag } from '#contract/biomarkers.ts';
import type { SupplementPeriod } from '#contract/labs.ts';
import { categoryOf } from './categories.ts';

/** A point the chart can draw: a real calendar date and a finite number. */
export type ChartPoint = { testDate: string; value: number; flag: BiomarkerFlag | null; reviewed: boolean };

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
};

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

/**
 * The server's point columns (`testDates[i]`, `values[i]`, `flags[i]`, `reviewed[i]` make point i)
 * as the points the chart draws. product.md, Labs: points with a missing date or a non-numeric value
 * are skipped.
 */
export function drawablePoints(points: Record<string, unknown>): ChartPoint[] {
  const testDates = columnOf(points, 'testDates');
  const values = columnOf(points, 'values');
  const flags = columnOf(points, 'flags');
  const reviewed = columnOf(points, 'reviewed');
  const kept: ChartPoint[] = [];
  testDates.forEach((testDate, i) => {
    const value = finiteOrNull(values[i]);
    if (value === null || dateToTime(testDate) === null) return;
    const flag = flags[i];
    kept.push({ testDate: testDate as string, value, flag: flag === 'low' || flag === 'high' || flag === 'normal' ? flag : null, reviewed: reviewed[i] !== false });
  });
  return kept;
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
