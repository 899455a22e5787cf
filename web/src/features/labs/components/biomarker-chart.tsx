import { useMemo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DotItemDotProps } from 'recharts';
import type { SupplementPeriod } from '#contract/labs.ts';
import { type LineStyle, lineStyles } from '../utils/categories.ts';
import { CHART_HEIGHT, type ChartRow, formatTestDate, formatValue, isOutOfRange, mergeRows, periodLanes, seriesKey, timeDomain, valueDomain } from '../utils/chart-rows.ts';
import { FLAG_LABELS } from '../utils/lab-results.ts';
import { type ChartPoint, type ChartSeries, dateToTime } from '../utils/series.ts';

/** Spec section 9. */
/** The plot area starts after the margin and the value axis; the supplement lanes line up with it. */
const MARGIN = { top: 16, right: 24, bottom: 8, left: 8 };
const Y_AXIS_WIDTH = 72;

type Drawn = { series: ChartSeries; key: string; style: LineStyle; byDate: Map<string, ChartPoint> };

/**
 * The line chart of the selected series (spec 2.15): one line per series named "name (unit)",
 * rows merged by test date with gaps left open, the value axis labelled with the first series'
 * unit. Beyond the spec: each series' reference range as a band, points outside it drawn as
 * diamonds, unreviewed points hollow, the supplement periods as lanes under the time axis, and
 * the same numbers as a table for screen readers and keyboard users.
 */
export function BiomarkerChart({ series, periods, highlightDate }: { series: ChartSeries[]; periods: SupplementPeriod[]; highlightDate?: string | undefined }) {
  const drawn = useMemo<Drawn[]>(() => {
    const styles = lineStyles(series);
    return series.map((one, index) => ({
      series: one,
      key: seriesKey(index),
      style: styles[index]!,
      byDate: new Map(one.points.map((point) => [point.testDate, point])),
    }));
  }, [series]);
  const rows = useMemo(() => mergeRows(series), [series]);
  const xDomain = useMemo(() => timeDomain(rows), [rows]);
  const yDomain = useMemo(() => valueDomain(series), [series]);
  const lanes = useMemo(() => (xDomain ? periodLanes(periods, xDomain) : []), [periods, xDomain]);
  const highlight = highlightDate ? dateToTime(highlightDate) : null;
  if (!xDomain || !yDomain) return null;
  const unit = series[0]?.unit ?? '';

  return (
    <figure className="grid min-w-0 gap-4">
      <figcaption className="sr-only">
        Line chart of {series.map((one) => `${one.name} (${one.unit})`).join(', ')} by test date. The same values are in the table below the chart.
      </figcaption>
      <div className="w-full" style={{ height: CHART_HEIGHT }}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <LineChart data={rows} margin={MARGIN}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={xDomain}
              allowDataOverflow
              tickFormatter={(value: number) => formatTestDate(value)}
              tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
              minTickGap={24}
            />
            <YAxis
              width={Y_AXIS_WIDTH}
              domain={yDomain}
              allowDataOverflow
              tickFormatter={(value: number) => formatValue(value)}
              tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
              label={{ value: unit, angle: -90, position: 'insideLeft', offset: 4, style: { textAnchor: 'middle', fontSize: 12, fill: 'var(--color-foreground)' } }}
            />
            {drawn.map(({ series: one, key, style }) =>
              one.referenceRange.low !== null || one.referenceRange.high !== null ? (
                <ReferenceArea
                  key={`range-${key}`}
                  {...(one.referenceRange.low !== null ? { y1: one.referenceRange.low } : {})}
                  {...(one.referenceRange.high !== null ? { y2: one.referenceRange.high } : {})}
                  fill={style.colour}
                  fillOpacity={0.08}
                  stroke={style.colour}
                  strokeOpacity={0.25}
                  strokeDasharray="4 4"
                  ifOverflow="hidden"
                />
              ) : null,
            )}
            {highlight !== null ? (
              <ReferenceLine x={highlight} stroke="var(--color-foreground)" strokeDasharray="2 3" label={{ value: 'Cited', position: 'top', fontSize: 12 }} />
            ) : null}
            <Tooltip content={(props) => <ChartTooltip active={props.active} row={props.payload?.[0]?.payload as ChartRow | undefined} drawn={drawn} />} />
            <Legend wrapperStyle={{ fontSize: 13, paddingTop: 8 }} />
            {drawn.map(({ series: one, key, style, byDate }) => (
              <Line
                key={key}
                dataKey={key}
                name={`${one.name} (${one.unit})`}
                type="linear"
                stroke={style.colour}
                strokeWidth={2}
                {...(style.dash ? { strokeDasharray: style.dash } : {})}
                connectNulls={false}
                // Drawn at once: the lines' drawing animation re-rendered the chart on every frame
                // for a second and a half, keeping a phone's main thread busy as the page opened.
                isAnimationActive={false}
                dot={(props: DotItemDotProps) => <PointMark key={`${key}-${props.index}`} props={props} colour={style.colour} series={one} byDate={byDate} />}
                activeDot={{ r: 6 }}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <MarkLegend />
      {lanes.length > 0 ? <SupplementLanes lanes={lanes} /> : null}
      <ValuesTable drawn={drawn} rows={rows} />
    </figure>
  );
}

/** A point: a dot; outside the reference range a larger diamond; not yet reviewed, hollow. */
function PointMark({ props, colour, series, byDate }: { props: DotItemDotProps; colour: string; series: ChartSeries; byDate: Map<string, ChartPoint> }) {
  const { cx, cy } = props;
  const row = props.payload as ChartRow | undefined;
  if (cx == null || cy == null || !row || props.value == null) return null;
  const point = byDate.get(row.testDate);
  if (!point) return null;
  const out = isOutOfRange(point, series.referenceRange);
  const fill = point.reviewed ? colour : 'var(--color-surface)';
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
        <span aria-hidden="true" className="inline-block h-3 w-4 rounded-sm border border-dashed border-current bg-current/10" />
        Reference range
      </li>
    </ul>
  );
}

function ChartTooltip({ active, row, drawn }: { active: boolean | undefined; row: ChartRow | undefined; drawn: Drawn[] }) {
  if (!active || !row) return null;
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
              {series.name}: <strong>{formatValue(point.value)} {series.unit}</strong>
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
                  {series.name} ({series.unit})
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
                      {formatValue(point.value)}
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

export default BiomarkerChart;
