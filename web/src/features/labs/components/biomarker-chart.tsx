import { memo, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { SupplementPeriod } from '#contract/labs.ts';
import { type LineStyle, lineStyles } from '../utils/categories.ts';
import { type AxisTick, type Band, type Box, type Point, linePath, nearestIndex, placeTooltip, referenceBand, roundPx, scaleLinear, seriesPoints, timeTicks, valueTicks } from '../utils/chart-geometry.ts';
import { CHART_HEIGHT, type ChartRow, formatLabValue, formatTestDate, formatValue, isOutOfRange, mergeRows, periodLanes, seriesKey, timeDomain, valueDomain } from '../utils/chart-rows.ts';
import { FLAG_LABELS } from '../utils/lab-results.ts';
import { displayUnit } from '#web/lib/lab-units.ts';
import { type ChartPoint, type ChartSeries, POSITION_UNIT, dateToTime, targetBandOf } from '../utils/series.ts';

/** product.md, Labs. */
/** The plot area starts after the margin and the value axis; the supplement lanes line up with it. */
const MARGIN = { top: 16, right: 24, bottom: 8, left: 8 };
const Y_AXIS_WIDTH = 72;
const X_AXIS_HEIGHT = 30;
const TICK_SIZE = 6;
const FONT_SIZE = 12;
/** Before the first measure (and where nothing can be measured): near a laptop's card, so little moves. */
const DEFAULT_SIZE = { width: 960, height: CHART_HEIGHT - 40 };

type Drawn = { series: ChartSeries; key: string; style: LineStyle; byDate: Map<string, ChartPoint> };

/** Everything the drawing needs in pixels, computed once per size and data. */
type Layout = {
  width: number;
  height: number;
  plot: Box;
  xTicks: AxisTick[];
  yTicks: { value: number; y: number }[];
  /** The x of each merged row. */
  rowX: number[];
  /** Per drawn series: its point on each row, `null` where it has none. */
  positions: (Point | null)[][];
  bands: (Band | null)[];
  /** Per drawn series: its target band (the user's own, else the optimal range). */
  targetBands: (Band | null)[];
  highlightX: number | null;
};

function layoutChart(options: {
  size: { width: number; height: number };
  rows: ChartRow[];
  drawn: Drawn[];
  xDomain: [number, number];
  yDomain: [number, number];
  highlight: number | null;
}): Layout {
  const { size, rows, drawn, xDomain, yDomain, highlight } = options;
  const plot: Box = {
    left: MARGIN.left + Y_AXIS_WIDTH,
    top: MARGIN.top,
    width: Math.max(0, size.width - MARGIN.left - Y_AXIS_WIDTH - MARGIN.right),
    height: Math.max(0, size.height - MARGIN.top - MARGIN.bottom - X_AXIS_HEIGHT),
  };
  const right = plot.left + plot.width;
  const x = scaleLinear(xDomain, [plot.left, right]);
  const y = scaleLinear(yDomain, [plot.top + plot.height, plot.top]);
  const rowX = rows.map((row) => x(row.t));
  const inside = highlight !== null && highlight >= xDomain[0] && highlight <= xDomain[1];
  return {
    width: size.width,
    height: size.height,
    plot,
    xTicks: timeTicks({ domain: xDomain, range: [plot.left, right], bounds: [0, size.width], dataTimes: rows.map((row) => row.t), format: formatTestDate, fontSize: FONT_SIZE }),
    // About one value label per 48 px of height; 546 px gives at most 8.
    yTicks: valueTicks(yDomain, Math.max(2, Math.min(8, Math.floor(plot.height / 48) + 1))).map((value) => ({ value, y: roundPx(y(value)) })),
    rowX,
    positions: drawn.map(({ key }) => seriesPoints(rows, key, (index) => rowX[index]!, y)),
    bands: drawn.map(({ series }) => referenceBand(series.referenceRange, yDomain, y)),
    targetBands: drawn.map(({ series }) => {
      const band = targetBandOf(series);
      return band ? referenceBand(band, yDomain, y) : null;
    }),
    highlightX: inside ? roundPx(x(highlight)) : null,
  };
}

/** The element's size, kept current by a ResizeObserver; measured before the first paint. */
function useElementSize(fallback: { width: number; height: number }) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [size, setSize] = useState(fallback);
  useLayoutEffect(() => {
    if (!element) return;
    const update = (width: number, height: number) => {
      const next = { width: Math.floor(width), height: Math.floor(height) };
      if (next.width <= 0 || next.height <= 0) return;
      setSize((old) => (old.width === next.width && old.height === next.height ? old : next));
    };
    const rect = element.getBoundingClientRect();
    update(rect.width, rect.height);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) update(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, size] as const;
}

/**
 * The line chart of the selected series (product.md, Labs): one line per series named "name (unit)",
 * rows merged by test date with gaps left open, the value axis labelled with the first series'
 * unit. Beyond the spec: each series' reference range as a band, points outside it drawn as
 * diamonds, limits ("< 0.5") as triangles pointing where the value lies, unreviewed points hollow,
 * the supplement periods as lanes under the time axis, and the same numbers as a table for screen
 * readers and keyboard users. The values of a test date show beside the pointer, or with the
 * arrow keys, Home and End once the plot has focus.
 *
 * Our own SVG rather than a chart library (decision 019): the library's render kept a phone's
 * main thread busy for about 110 ms as the page opened. Nothing here animates.
 */
export function BiomarkerChart({
  series,
  periods,
  highlightDate,
  sharedXDomain,
  height = CHART_HEIGHT,
}: {
  series: ChartSeries[];
  periods: SupplementPeriod[];
  highlightDate?: string | undefined;
  /** Small multiples share one time axis, so the same date sits at the same x in each (decision 040). */
  sharedXDomain?: [number, number] | null | undefined;
  height?: number;
}) {
  const drawn = useMemo(() => drawSeries(series), [series]);
  const rows = useMemo(() => mergeRows(series), [series]);
  const ownXDomain = useMemo(() => timeDomain(rows), [rows]);
  const xDomain = sharedXDomain ?? ownXDomain;
  const yDomain = useMemo(() => valueDomain(series.map((one) => ({ ...one, points: withTargetEnds(one) }))), [series]);
  const lanes = useMemo(() => (xDomain ? periodLanes(periods, xDomain) : []), [periods, xDomain]);
  const highlight = highlightDate ? dateToTime(highlightDate) : null;
  const [measure, size] = useElementSize({ ...DEFAULT_SIZE, height: height - 40 });
  const layout = useMemo(
    () => (xDomain && yDomain ? layoutChart({ size, rows, drawn, xDomain, yDomain, highlight }) : null),
    [size, rows, drawn, xDomain, yDomain, highlight],
  );
  const { active, tooltip, activateAt, moveWithKeys, setActiveDate } = useActiveRow(rows, layout);
  const tooltipId = useId();

  if (!xDomain || !yDomain || !layout) return null;
  const rawUnit = series[0]?.unit ?? '';
  const unit = rawUnit === POSITION_UNIT ? 'Position in reference range (0 = low end, 1 = high end)' : displayUnit(rawUnit);
  const names = series.map((one) => nameWithUnit(one)).join(', ');

  return (
    <figure className="grid min-w-0 gap-4" aria-label={`Line chart in ${unit || 'no unit'}: ${names}`}>
      <figcaption className="sr-only">
        Line chart of {names} by test date. The same values are in the table below the chart.
      </figcaption>
      <div className="flex w-full flex-col" style={{ height }}>
        <div
          ref={measure}
          role="group"
          aria-label={`Line chart of ${names} by test date. Left and Right arrow keys move between test dates; the values are also in the table below the chart.`}
          aria-describedby={active >= 0 ? tooltipId : undefined}
          tabIndex={0}
          className="relative min-h-0 flex-1 rounded-md outline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
          onPointerMove={activateAt}
          onPointerDown={activateAt}
          onPointerLeave={(event) => {
            // A finger lifting also leaves; the values it tapped stay until the next tap or blur.
            if (event.pointerType !== 'touch') setActiveDate(null);
          }}
          onKeyDown={moveWithKeys}
          onBlur={() => setActiveDate(null)}
        >
          <svg className="absolute top-0 left-0 block" width={layout.width} height={layout.height} aria-hidden="true" focusable="false">
            <ChartDrawing layout={layout} drawn={drawn} rows={rows} unit={unit} />
            {active >= 0 ? <ActiveRow layout={layout} drawn={drawn} index={active} /> : null}
          </svg>
          {active >= 0 ? (
            <div ref={tooltip} id={tooltipId} role="tooltip" className="pointer-events-none absolute top-0 left-0 z-10 w-max max-w-full">
              <ChartTooltip row={rows[active]!} drawn={drawn} />
            </div>
          ) : null}
        </div>
        <SeriesLegend drawn={drawn} />
      </div>
      <MarkLegend />
      {lanes.length > 0 ? <SupplementLanes lanes={lanes} /> : null}
      <ValuesTable drawn={drawn} rows={rows} />
    </figure>
  );
}

function drawSeries(series: ChartSeries[]): Drawn[] {
  const styles = lineStyles(series);
  return series.map((one, index) => ({
    series: one,
    key: seriesKey(index),
    style: styles[index]!,
    byDate: new Map(one.points.map((point) => [point.testDate, point])),
  }));
}

/** The row the pointer or the arrow keys point at, and its tooltip placed beside it within the chart. */
function useActiveRow(rows: ChartRow[], layout: Layout | null) {
  // The active row by its date, so that a change of selection does not point at another row.
  const [activeDate, setActiveDate] = useState<string | null>(null);
  const active = activeDate === null ? -1 : rows.findIndex((row) => row.testDate === activeDate);
  const tooltip = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const box = tooltip.current;
    if (!box || !layout || active < 0) return;
    const ys = layout.positions.flatMap((points) => (points[active] ? [points[active].y] : []));
    const anchor = { x: layout.rowX[active]!, y: ys.length > 0 ? Math.min(...ys) : layout.plot.top };
    const place = placeTooltip({ anchor, box: { width: box.offsetWidth, height: box.offsetHeight }, bounds: layout });
    box.style.transform = `translate(${Math.round(place.x)}px, ${Math.round(place.y)}px)`;
  }, [layout, active]);

  const activateAt = (event: PointerEvent<HTMLDivElement>) => {
    if (!layout) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    const { plot } = layout;
    const inPlot = x >= plot.left && x <= plot.left + plot.width && y >= plot.top && y <= plot.top + plot.height;
    if (!inPlot) {
      if (event.pointerType !== 'touch') setActiveDate(null);
      return;
    }
    setActiveDate(rows[nearestIndex(layout.rowX, x)]?.testDate ?? null);
  };
  const moveWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = rows.length - 1;
    let next: number;
    if (event.key === 'ArrowRight') next = active < 0 ? 0 : Math.min(active + 1, last);
    else if (event.key === 'ArrowLeft') next = active < 0 ? last : Math.max(active - 1, 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape' && active >= 0) next = -1;
    else return;
    event.preventDefault();
    setActiveDate(rows[next]?.testDate ?? null);
  };

  return { active, tooltip, activateAt, moveWithKeys, setActiveDate };
}

/** The still part of the chart: drawn again only when the data or the size changes, not on hover. */
const ChartDrawing = memo(function ChartDrawing({ layout, drawn, rows, unit }: { layout: Layout; drawn: Drawn[]; rows: ChartRow[]; unit: string }) {
  return (
    <>
      <ChartGrid layout={layout} />
      <RangeBands layout={layout} drawn={drawn} />
      <ChartAxes layout={layout} unit={unit} />
      <ChartLines layout={layout} drawn={drawn} rows={rows} />
    </>
  );
});

function ChartGrid({ layout }: { layout: Layout }) {
  const { plot, xTicks, yTicks } = layout;
  const right = plot.left + plot.width;
  const bottom = plot.top + plot.height;
  return (
      <g stroke="var(--color-border)" strokeDasharray="3 3">
        {yTicks.map((tick) => (
          <line key={`y${tick.value}`} x1={plot.left} x2={right} y1={tick.y} y2={tick.y} />
        ))}
        {xTicks.map((tick) => (
          <line key={`x${tick.value}`} x1={tick.x} x2={tick.x} y1={plot.top} y2={bottom} />
        ))}
      </g>
  );
}

/** Each series' target band, then its reference range band. */
function RangeBands({ layout, drawn }: { layout: Layout; drawn: Drawn[] }) {
  const { plot } = layout;
  const right = plot.left + plot.width;
  return (
    <>
      {drawn.map(({ key, style }, index) => {
        const band = layout.targetBands[index];
        if (!band) return null;
        return (
          <g key={`target-${key}`}>
            <rect x={plot.left} y={band.top} width={plot.width} height={Math.max(0, band.bottom - band.top)} fill="var(--color-primary)" fillOpacity={0.1} />
            <g stroke={style.colour} strokeOpacity={0.7} strokeDasharray="1 3" strokeWidth={1.5}>
              {band.hasHigh ? <line x1={plot.left} x2={right} y1={band.top} y2={band.top} /> : null}
              {band.hasLow ? <line x1={plot.left} x2={right} y1={band.bottom} y2={band.bottom} /> : null}
            </g>
          </g>
        );
      })}
      {drawn.map(({ key, style }, index) => {
        const band = layout.bands[index];
        if (!band) return null;
        return (
          <g key={`range-${key}`}>
            <rect x={plot.left} y={band.top} width={plot.width} height={Math.max(0, band.bottom - band.top)} fill={style.colour} fillOpacity={0.08} />
            <g stroke={style.colour} strokeOpacity={0.25} strokeDasharray="4 4">
              {band.hasHigh ? <line x1={plot.left} x2={right} y1={band.top} y2={band.top} /> : null}
              {band.hasLow ? <line x1={plot.left} x2={right} y1={band.bottom} y2={band.bottom} /> : null}
            </g>
          </g>
        );
      })}
    </>
  );
}

/** The axes with their ticks and labels, the unit, and the cited date's marker. */
function ChartAxes({ layout, unit }: { layout: Layout; unit: string }) {
  const { plot, xTicks, yTicks } = layout;
  const right = plot.left + plot.width;
  const bottom = plot.top + plot.height;
  const unitX = MARGIN.left + 4;
  const unitY = roundPx(plot.top + plot.height / 2);
  return (
    <>
      <g stroke="var(--color-muted-foreground)">
        <line x1={plot.left} x2={plot.left} y1={plot.top} y2={bottom} />
        <line x1={plot.left} x2={right} y1={bottom} y2={bottom} />
        {yTicks.map((tick) => (
          <line key={tick.value} x1={plot.left - TICK_SIZE} x2={plot.left} y1={tick.y} y2={tick.y} />
        ))}
        {xTicks.map((tick) => (
          <line key={tick.value} x1={tick.x} x2={tick.x} y1={bottom} y2={bottom + TICK_SIZE} />
        ))}
      </g>
      <g fontSize={FONT_SIZE} fill="var(--color-muted-foreground)">
        {yTicks.map((tick) => (
          <text key={tick.value} x={plot.left - TICK_SIZE - 2} y={tick.y} textAnchor="end" dominantBaseline="central">
            {formatValue(tick.value)}
          </text>
        ))}
        {xTicks.map((tick) => (
          <text key={tick.value} x={tick.labelX} y={bottom + TICK_SIZE + 2} textAnchor="middle" dominantBaseline="hanging">
            {tick.label}
          </text>
        ))}
      </g>
      <text x={unitX} y={unitY} transform={`rotate(-90 ${unitX} ${unitY})`} textAnchor="middle" dominantBaseline="central" fontSize={FONT_SIZE} fill="var(--color-foreground)">
        {unit}
      </text>
      {layout.highlightX !== null ? (
        <g>
          <line x1={layout.highlightX} x2={layout.highlightX} y1={plot.top} y2={bottom} stroke="var(--color-foreground)" strokeDasharray="2 3" />
          <text x={layout.highlightX} y={plot.top - 5} textAnchor="middle" fontSize={FONT_SIZE} fill="var(--color-muted-foreground)">
            Cited
          </text>
        </g>
      ) : null}
    </>
  );
}

function ChartLines({ layout, drawn, rows }: { layout: Layout; drawn: Drawn[]; rows: ChartRow[] }) {
  return (
    <>
      {drawn.map(({ key, style }, index) => (
        <path
          key={`line-${key}`}
          d={linePath(layout.positions[index]!)}
          fill="none"
          stroke={style.colour}
          strokeWidth={2}
          strokeLinejoin="round"
          {...(style.dash ? { strokeDasharray: style.dash } : {})}
        />
      ))}
      {drawn.map(({ series, key, style, byDate }, index) => (
        <g key={`points-${key}`}>
          {layout.positions[index]!.map((position, row) => {
            const point = position ? byDate.get(rows[row]!.testDate) : undefined;
            return position && point ? <PointMark key={rows[row]!.testDate} at={position} colour={style.colour} series={series} point={point} /> : null;
          })}
        </g>
      ))}
    </>
  );
}

/** The row under the pointer or chosen with the keys: a cursor line and larger dots. */
function ActiveRow({ layout, drawn, index }: { layout: Layout; drawn: Drawn[]; index: number }) {
  const x = layout.rowX[index]!;
  const { plot } = layout;
  return (
    <g>
      <line x1={x} x2={x} y1={plot.top} y2={plot.top + plot.height} stroke="var(--color-muted-foreground)" strokeOpacity={0.6} />
      {drawn.map(({ key, style }, series) => {
        const position = layout.positions[series]![index];
        return position ? <circle key={key} cx={position.x} cy={position.y} r={6} fill={style.colour} stroke="var(--color-surface)" strokeWidth={2} /> : null;
      })}
    </g>
  );
}

/**
 * A point: a dot; outside the reference range a larger diamond; not yet reviewed, hollow. A limit
 * is a triangle pointing the way its value lies (down for "< 0.5"), its edge red when outside.
 */
function PointMark({ at, colour, series, point }: { at: Point; colour: string; series: ChartSeries; point: ChartPoint }) {
  const { x: cx, y: cy } = at;
  const out = isOutOfRange(point, series.referenceRange);
  const fill = point.reviewed ? colour : 'var(--color-surface)';
  if (point.comparator) {
    return (
      <path
        data-limit={point.comparator}
        d={trianglePath(cx, cy, 6.5, point.comparator === '<' || point.comparator === '<=' ? 'down' : 'up')}
        fill={fill}
        stroke={out ? 'var(--color-destructive)' : colour}
        strokeWidth={2}
        strokeLinejoin="round"
      />
    );
  }
  if (out) {
    const r = 6.5;
    return (
      <path
        d={`M ${cx} ${cy - r} L ${cx + r} ${cy} L ${cx} ${cy + r} L ${cx - r} ${cy} Z`}
        fill={fill}
        stroke="var(--color-destructive)"
        strokeWidth={2}
      />
    );
  }
  return <circle cx={cx} cy={cy} r={4} fill={fill} stroke={colour} strokeWidth={2} />;
}

function trianglePath(cx: number, cy: number, r: number, direction: 'up' | 'down'): string {
  const tip = direction === 'down' ? r : -r;
  return `M ${cx - r} ${cy - tip * 0.8} L ${cx + r} ${cy - tip * 0.8} L ${cx} ${cy + tip} Z`;
}

/** Which line is which: each series' colour and dash, named "name (unit)". */
function SeriesLegend({ drawn }: { drawn: Drawn[] }) {
  return (
    <ul aria-label="Series" className="flex flex-wrap justify-center gap-x-5 gap-y-1 pt-2 text-[13px]">
      {drawn.map(({ series, key, style }) => (
        <li key={key} className="flex items-center gap-1.5">
          <svg aria-hidden="true" width="28" height="10" viewBox="0 0 28 10">
            <line x1="0" x2="28" y1="5" y2="5" stroke={style.colour} strokeWidth="2" {...(style.dash ? { strokeDasharray: style.dash } : {})} />
          </svg>
          {nameWithUnit(series)}
        </li>
      ))}
    </ul>
  );
}

function MarkLegend() {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground" aria-label="How points are drawn">
      <li className="flex items-center gap-1.5">
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
          <path d="M 7 1 L 13 7 L 7 13 L 1 7 Z" fill="currentColor" stroke="var(--color-destructive)" strokeWidth="2" />
        </svg>
        Outside the reference range
      </li>
      <li className="flex items-center gap-1.5">
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
          <circle cx="7" cy="7" r="4.5" fill="var(--color-surface)" stroke="currentColor" strokeWidth="2" />
        </svg>
        Not reviewed yet
      </li>
      <li className="flex items-center gap-1.5">
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
          <path d={trianglePath(7, 7, 5.5, 'down')} fill="currentColor" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
        A limit, as printed: the value is below (&lt;) or above (&gt;) it
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block h-3 w-4 rounded-sm border border-dashed border-current bg-current/10" />
        Reference range
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block h-3 w-4 rounded-sm border border-dotted border-current bg-primary/10" />
        Target: yours, else the optimal range
      </li>
    </ul>
  );
}

function ChartTooltip({ row, drawn }: { row: ChartRow; drawn: Drawn[] }) {
  const lines = drawn.flatMap(({ series, key, style, byDate }) => {
    const point = byDate.get(row.testDate);
    return point && typeof row[key] === 'number' ? [{ series, key, style, point }] : [];
  });
  return (
    <div className="grid gap-1.5 rounded-md border border-border bg-surface px-3 py-2 text-sm shadow-md">
      <p className="font-medium">{formatTestDate(row.testDate)}</p>
      {lines.map(({ series, key, style, point }) => {
        const out = isOutOfRange(point, series.referenceRange);
        return (
          <p key={key} className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-full" style={{ backgroundColor: style.colour }} />
            <span>
              {series.name}: <strong>{formatLabValue(point.value, point.comparator)} {series.unit === POSITION_UNIT ? '' : displayUnit(series.unit)}</strong>
              {out ? <span className="ml-1 font-medium text-destructive">{point.flag ? FLAG_LABELS[point.flag] : 'Out of range'}</span> : null}
              {point.reviewed ? null : <span className="ml-1 text-muted-foreground">(not reviewed)</span>}
            </span>
          </p>
        );
      })}
    </div>
  );
}

function SupplementLanes({ lanes }: { lanes: ReturnType<typeof periodLanes> }) {
  return (
    <section aria-labelledby="supplement-lanes" className="grid gap-2" style={{ marginLeft: MARGIN.left + Y_AXIS_WIDTH, marginRight: MARGIN.right }}>
      <h4 id="supplement-lanes" className="text-sm font-medium">
        Supplements taken
      </h4>
      <ul className="grid gap-2">
        {lanes.map((lane) => (
          <li key={lane.name} className="grid gap-1">
            <span className="truncate text-xs text-muted-foreground">{lane.name}</span>
            <span className="relative block h-2.5 rounded-full bg-muted">
              {lane.bars.map((bar) => (
                <span
                  key={`${bar.start}-${bar.end}`}
                  className="absolute inset-y-0 rounded-full bg-primary/70"
                  style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
                  title={`${bar.name}: ${formatTestDate(bar.start)} to ${formatTestDate(bar.end)}`}
                >
                  <span className="sr-only">
                    {formatTestDate(bar.start)} to {formatTestDate(bar.end)}
                  </span>
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ValuesTable({ drawn, rows }: { drawn: Drawn[]; rows: ChartRow[] }) {
  return (
    <details className="min-w-0 rounded-md border border-border text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium select-none">View the values as a table</summary>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-max text-left">
          <thead className="bg-muted/60 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Test date
              </th>
              {drawn.map(({ series, key }) => (
                <th key={key} scope="col" className="px-3 py-2 font-medium">
                  {nameWithUnit(series)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.testDate} className="border-t border-border">
                <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                  {formatTestDate(row.testDate)}
                </th>
                {drawn.map(({ series, key, byDate }) => {
                  const point = byDate.get(row.testDate);
                  if (!point) return <td key={key} className="px-3 py-2 text-muted-foreground">-</td>;
                  const out = isOutOfRange(point, series.referenceRange);
                  return (
                    <td key={key} className="px-3 py-2 whitespace-nowrap">
                      {formatLabValue(point.value, point.comparator)}
                      {out ? <span className="ml-1 text-destructive">({point.flag ? FLAG_LABELS[point.flag] : 'out of range'})</span> : null}
                      {point.reviewed ? null : <span className="ml-1 text-muted-foreground">(not reviewed)</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** "Ferritin (ng/mL)", or the name alone when the unit is none ("{ratio}") or a position in range. */
function nameWithUnit(series: ChartSeries): string {
  const unit = series.unit === POSITION_UNIT ? '' : displayUnit(series.unit);
  return unit ? `${series.name} (${unit})` : series.name;
}

/** The target's ends count toward the value axis like the reference range's, so the band is seen whole. */
function withTargetEnds(series: ChartSeries): ChartSeries['points'] {
  const band = targetBandOf(series);
  if (!band) return series.points;
  const ends = [band.low, band.high].filter((value): value is number => value !== null);
  return [...series.points, ...ends.map((value) => ({ testDate: '', value, comparator: null, flag: null, reviewed: true }))];
}

export default BiomarkerChart;
