import { DAY_MS, niceStep } from './chart-rows.ts';

/**
 * The arithmetic of the biomarker chart (decision 019): scales, ticks, line paths with their gaps,
 * reference bands and the row nearest the pointer. Pure, so the drawing stays a plain map to SVG
 * elements and every rule here is tested without a browser.
 */

export type Box = { left: number; top: number; width: number; height: number };
export type Point = { x: number; y: number };
export type Scale = (value: number) => number;

/** A linear map from `domain` onto `range`; an empty domain maps to the middle of the range. */
export function scaleLinear([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): Scale {
  const span = d1 - d0;
  if (!(span !== 0)) return () => (r0 + r1) / 2;
  const ratio = (r1 - r0) / span;
  return (value) => r0 + (value - d0) * ratio;
}

/** Two decimals are a hundredth of a pixel: short path strings, nothing visible lost. */
export function roundPx(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

const clean = (value: number) => Number(value.toPrecision(12));

function isMultiple(value: number, step: number): boolean {
  const ratio = value / step;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9 * Math.max(1, Math.abs(ratio));
}

/**
 * Value ticks at round steps, at most `maxCount`. `valueDomain` already ends on round numbers,
 * so the smallest round step that lands on both ends is taken (the axis is labelled top and
 * bottom); when none does, the ticks are the step's multiples inside the domain.
 */
export function valueTicks([low, high]: readonly [number, number], maxCount = 8): number[] {
  if (!(high > low)) return [low];
  const span = high - low;
  const first = niceStep(span / Math.max(1, maxCount - 1));
  let step = first;
  let chosen = first;
  for (let tries = 0; tries < 5; tries += 1) {
    if (isMultiple(low, step) && isMultiple(high, step) && span / step >= 2 - 1e-9) {
      chosen = step;
      break;
    }
    step = niceStep(step * 1.01);
  }
  const ticks: number[] = [];
  const from = Math.ceil(low / chosen - 1e-9);
  const to = Math.floor(high / chosen + 1e-9);
  for (let k = from; k <= to; k += 1) ticks.push(clean(k * chosen));
  return ticks;
}

/**
 * The width of a tick label at `fontSize`, estimated without measuring: the axis font's digits and
 * lower-case letters average about 0.6 em, so "Mar 14, 2025" at 12 px is about 86 px. Measuring
 * in the browser would cost a layout per label for a few pixels of precision.
 */
export function labelWidth(text: string, fontSize = 12): number {
  return text.length * fontSize * 0.6;
}

export type AxisTick = { value: number; x: number; label: string; labelX: number };

type TimeTickOptions = {
  domain: readonly [number, number];
  /** Pixels of the plot's left and right ends. */
  range: readonly [number, number];
  /** Pixels a label may reach (the drawing's edges): labels near an end are moved inward. */
  bounds: readonly [number, number];
  /** The test dates drawn; when they all fit, they are the ticks. */
  dataTimes: readonly number[];
  format: (time: number) => string;
  fontSize?: number;
  /** Pixels between neighbouring labels at least. */
  minGap?: number;
};

type CalendarInterval = { unit: 'day' | 'month' | 'year'; step: number; shortestDays: number };

/** Calendar steps a time axis reads well in, each with its shortest gap between two ticks. */
const CALENDAR_INTERVALS: readonly CalendarInterval[] = [
  { unit: 'day', step: 1, shortestDays: 1 },
  { unit: 'day', step: 2, shortestDays: 1 },
  { unit: 'day', step: 7, shortestDays: 7 },
  { unit: 'day', step: 14, shortestDays: 13 },
  { unit: 'month', step: 1, shortestDays: 28 },
  { unit: 'month', step: 2, shortestDays: 59 },
  { unit: 'month', step: 3, shortestDays: 89 },
  { unit: 'month', step: 6, shortestDays: 181 },
  ...[1, 2, 5, 10, 20, 50, 100].map((step) => ({ unit: 'year' as const, step, shortestDays: 365 * step })),
];

/** The calendar ticks of one interval inside the domain, at UTC midnight (dates are UTC days). */
export function calendarTicks([from, to]: readonly [number, number], interval: Pick<CalendarInterval, 'unit' | 'step'>): number[] {
  const ticks: number[] = [];
  const start = new Date(from);
  if (interval.unit === 'day') {
    // Days of the month 1, 1+step, ...: weeks and fortnights restart on the 1st, as calendars do.
    for (let time = Math.ceil(from / DAY_MS) * DAY_MS; time <= to && ticks.length < 1000; time += DAY_MS) {
      const index = new Date(time).getUTCDate() - 1;
      if (index % interval.step === 0 && (interval.step < 7 || index + interval.step <= 28)) ticks.push(time);
    }
    return ticks;
  }
  if (interval.unit === 'month') {
    for (let month = start.getUTCFullYear() * 12 + start.getUTCMonth(); ticks.length < 1000; month += 1) {
      const time = Date.UTC(Math.floor(month / 12), month % 12, 1);
      if (time > to) break;
      if (time >= from && (month % 12) % interval.step === 0) ticks.push(time);
    }
    return ticks;
  }
  for (let year = start.getUTCFullYear(); ticks.length < 1000; year += 1) {
    const time = Date.UTC(year, 0, 1);
    if (time > to) break;
    if (time >= from && year % interval.step === 0) ticks.push(time);
  }
  return ticks;
}

/**
 * Left to right, the ticks whose labels keep `minGap` from the previous kept label. A label is
 * centred on its tick and moved inward where it would leave `bounds`.
 */
function placeLabels(times: readonly number[], options: TimeTickOptions & { x: Scale }): AxisTick[] {
  const { bounds, format, x, fontSize = 12, minGap = 24 } = options;
  const placed: AxisTick[] = [];
  let previousRight = -Infinity;
  for (const value of times) {
    const label = format(value);
    const half = labelWidth(label, fontSize) / 2;
    const tickX = x(value);
    const labelX = Math.min(Math.max(tickX, bounds[0] + half), bounds[1] - half);
    if (labelX - half < previousRight + minGap) continue;
    placed.push({ value, x: roundPx(tickX), label, labelX: roundPx(labelX) });
    previousRight = labelX + half;
  }
  return placed;
}

/**
 * The time axis' ticks: the test dates themselves when every one gets its label, else calendar
 * days, months or years, the finest step whose labels do not overlap (at least two of them).
 */
export function timeTicks(options: TimeTickOptions): AxisTick[] {
  const { domain, range, dataTimes, format, fontSize = 12, minGap = 24 } = options;
  const x = scaleLinear(domain, range);
  const inside = [...new Set(dataTimes)].filter((time) => time >= domain[0] && time <= domain[1]).sort((a, b) => a - b);
  const fromData = placeLabels(inside, { ...options, x });
  if (fromData.length === inside.length && inside.length > 0) return fromData;

  const pixelsPerDay = (Math.abs(range[1] - range[0]) / Math.max(1, domain[1] - domain[0])) * DAY_MS;
  const widest = Math.max(labelWidth(format(domain[0]), fontSize), labelWidth(format(domain[1]), fontSize));
  const interval = CALENDAR_INTERVALS.find((one) => one.shortestDays * pixelsPerDay >= widest + minGap) ?? CALENDAR_INTERVALS.at(-1)!;
  const calendar = placeLabels(calendarTicks(domain, interval), { ...options, x });
  if (calendar.length >= 2) return calendar;
  // A narrow axis (a phone) may hold one calendar tick or none: the first and last tests then
  // name its span, or failing that the one calendar tick, or the latest test.
  const ends = inside.length >= 2 ? placeLabels([inside[0]!, inside.at(-1)!], { ...options, x }) : [];
  if (ends.length === 2) return ends;
  if (calendar.length === 1) return calendar;
  return placeLabels(inside.slice(-1), { ...options, x });
}

/** Straight segments through the points; a `null` ends the segment, so gaps stay open. */
export function linePath(points: readonly (Point | null)[]): string {
  const parts: string[] = [];
  let open = false;
  for (const point of points) {
    if (!point) {
      open = false;
      continue;
    }
    parts.push(`${open ? 'L' : 'M'}${roundPx(point.x)},${roundPx(point.y)}`);
    open = true;
  }
  return parts.join(' ');
}

/** One series' points over the merged rows (in whole hundredths of a pixel), `null` where the row has no value of it. */
export function seriesPoints(rows: readonly Record<string, unknown>[], key: string, x: (row: number) => number, y: Scale): (Point | null)[] {
  return rows.map((row, index) => {
    const value = row[key];
    return typeof value === 'number' && Number.isFinite(value) ? { x: roundPx(x(index)), y: roundPx(y(value)) } : null;
  });
}

export type Band = { top: number; bottom: number; hasHigh: boolean; hasLow: boolean };

/**
 * A reference range as a horizontal band in the plot: a missing end reaches the plot's edge, and
 * the band is cut to the plot. `hasHigh`/`hasLow` say whether the band's top and bottom edges
 * are the range's own ends (drawn as dashed lines) rather than the plot's.
 */
export function referenceBand(range: { low: number | null; high: number | null }, yDomain: readonly [number, number], y: Scale): Band | null {
  if (range.low === null && range.high === null) return null;
  const [domainLow, domainHigh] = yDomain;
  const low = range.low ?? domainLow;
  const high = range.high ?? domainHigh;
  if (high < low || high < domainLow || low > domainHigh) return null;
  const clippedLow = Math.max(low, domainLow);
  const clippedHigh = Math.min(high, domainHigh);
  return {
    top: roundPx(y(clippedHigh)),
    bottom: roundPx(y(clippedLow)),
    hasHigh: range.high !== null && range.high <= domainHigh,
    hasLow: range.low !== null && range.low >= domainLow,
  };
}

/** The index of the sorted `xs` nearest to `x` (the earlier on a tie), or -1 when there are none. */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) return -1;
  let low = 0;
  let high = xs.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (xs[middle]! < x) low = middle + 1;
    else high = middle;
  }
  if (low > 0 && x - xs[low - 1]! <= xs[low]! - x) return low - 1;
  return low;
}

/**
 * Where the tooltip box goes: beside the point (right, else left) and vertically centred on it,
 * or, when neither side has room, above or below it; always inside the drawing.
 */
export function placeTooltip(options: { anchor: Point; box: { width: number; height: number }; bounds: { width: number; height: number }; gap?: number }): Point {
  const { anchor, box, bounds, gap = 12 } = options;
  const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));
  const maxLeft = bounds.width - box.width;
  const maxTop = bounds.height - box.height;
  if (anchor.x + gap + box.width <= bounds.width) return { x: anchor.x + gap, y: clamp(anchor.y - box.height / 2, maxTop) };
  if (anchor.x - gap - box.width >= 0) return { x: anchor.x - gap - box.width, y: clamp(anchor.y - box.height / 2, maxTop) };
  const above = anchor.y - gap - box.height;
  return { x: clamp(anchor.x - box.width / 2, maxLeft), y: above >= 0 ? above : clamp(anchor.y + gap, maxTop) };
}
