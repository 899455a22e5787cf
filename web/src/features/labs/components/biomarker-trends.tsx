import { lazy, Suspense, useMemo, useState } from 'react';
import { LineChart as LineChartIcon } from 'lucide-react';
import type { User } from '#contract/auth.ts';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { displayUnit, useLabUnits } from '#web/lib/lab-units.ts';
import { useSeries } from '../api/series.ts';
import { useBiomarkerSelection } from '../hooks/use-biomarker-selection.ts';
import { CHART_HEIGHT, chartCounts, mergeRows, timeDomain } from '../utils/chart-rows.ts';
import { type ChartSeries, asRangePosition } from '../utils/series.ts';
import { BiomarkerSelector } from './biomarker-selector.tsx';

/** Each of several charts is shorter than the one chart, so that two fit on a laptop's screen. */
const MULTIPLE_HEIGHT = 380;

// The chart's code loads only when there is something to draw.
const BiomarkerChart = lazy(() => import('./biomarker-chart.tsx'));
// The target forms bring zod and the contract's schemas, which the page's first drawing does without.
const TargetsPanel = lazy(() => import('./target-editor.tsx').then((module) => ({ default: module.TargetsPanel })));

function LoadingChart({ height }: { height?: number }) {
  return (
    <div className="flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground" style={{ height }}>
      <Spinner label="Loading chart data" /> Loading chart data...
    </div>
  );
}

/**
 * Biomarker Trends (product.md, Labs): the selector and the chart, drawn from the series
 * call in the unit system the user picks (product.md, Labs: conventional units unless the user's
 * profile, or this switch, says SI). The switch is remembered in this browser, and the assistant
 * answers in the same units.
 */
export function BiomarkerTrends({ user, hasFiles, filesPending }: { user: User; hasFiles: boolean; filesPending: boolean }) {
  const [units, setUnits] = useLabUnits(user);
  const series = useSeries(units);
  const source = series.data;
  const { selected, toggle, highlightDate } = useBiomarkerSelection(source?.series);
  const [compare, setCompare] = useState(false);

  if (series.isPending) return <LoadingChart />;
  // Results typed in by hand count as lab results too, so the chart shows without any file.
  if (!hasFiles && source && source.series.length === 0) {
    if (filesPending) return <LoadingChart />;
    return <EmptyState icon={<LineChartIcon />} title="No lab results uploaded yet" description="Upload your first lab result to start tracking your biomarker trends" />;
  }

  const errorText = series.error?.message;
  const drawn: ChartSeries[] = source ? selected.flatMap((name) => source.series.filter((one) => one.name === name)) : [];
  const { biomarkers, points } = chartCounts(drawn);

  return (
    <Card>
      <CardContent className="grid gap-6 pt-6">
        <BiomarkerSelector
          series={source?.series}
          selected={selected}
          status={series.isPending ? 'pending' : source ? 'success' : 'error'}
          errorText={errorText}
          refreshing={series.isFetching}
          onToggle={toggle}
          onRetry={() => void series.refetch()}
        />

        <div className="grid gap-4 border-t border-border pt-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h3 className="text-lg font-semibold">Biomarker History</h3>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Showing {biomarkers} biomarker(s) with {points} data point(s)
              </p>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <span className={units === 'conventional' ? 'font-medium' : 'text-muted-foreground'}>Conventional</span>
              <Switch
                checked={units === 'si'}
                onCheckedChange={(checked) => setUnits(checked ? 'si' : 'conventional')}
                aria-label="SI units"
              />
              <span className={units === 'si' ? 'font-medium' : 'text-muted-foreground'}>SI units</span>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <Switch checked={compare} onCheckedChange={setCompare} aria-label="Compare shapes" />
              <span className={compare ? 'font-medium' : 'text-muted-foreground'}>Compare shapes</span>
            </label>
          </div>
          <ChartBody
            status={series.isPending ? 'pending' : series.isError && !source ? 'error' : 'success'}
            errorText={errorText}
            selectedCount={selected.length}
            drawn={drawn}
            points={points}
            periods={source?.supplementPeriods ?? []}
            highlightDate={highlightDate}
            compare={compare}
          />
          {drawn.length > 0 ? (
            <Suspense fallback={<Spinner label="Loading ranges and targets" />}>
              <TargetsPanel key={units} series={drawn} />
            </Suspense>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function ChartBody(props: {
  status: 'pending' | 'error' | 'success';
  errorText: string | undefined;
  selectedCount: number;
  drawn: ChartSeries[];
  points: number;
  periods: NonNullable<ReturnType<typeof useSeries>['data']>['supplementPeriods'];
  highlightDate: string | undefined;
  compare: boolean;
}) {
  const withPoints = useMemo(() => props.drawn.filter((one) => one.points.length > 0), [props.drawn]);
  const groups = useMemo(() => chartGroups(withPoints, props.compare), [withPoints, props.compare]);
  const sharedXDomain = useMemo(() => timeDomain(mergeRows(withPoints)), [withPoints]);
  if (props.status === 'pending') return <LoadingChart />;
  if (props.status === 'error') {
    return (
      <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-6 text-center text-sm">
        Error loading chart: {props.errorText}
      </p>
    );
  }
  if (props.selectedCount === 0) {
    return <EmptyState icon={<LineChartIcon />} title="Chart will appear here" description="Click biomarker buttons above to add data" />;
  }
  if (props.points === 0) {
    return <EmptyState title="No data points available" description="Selected biomarkers have no data to display" />;
  }
  const height = groups.charts.length > 1 ? MULTIPLE_HEIGHT : CHART_HEIGHT;
  return (
    // The chart's own height while its code loads, so that nothing below it moves when it draws.
    <Suspense fallback={<LoadingChart height={height} />}>
      <div className="grid gap-8">
        {groups.charts.map((group, index) => (
          // Keyed by place, not unit: switching to SI keeps each chart, and its open values table, in place.
          <section key={index} aria-label={group.label} className="grid gap-2">
            {groups.charts.length > 1 || props.compare ? <h4 className="text-sm font-medium">{group.label}</h4> : null}
            <BiomarkerChart
              series={group.series}
              // The supplement lanes once, under the last chart.
              periods={index === groups.charts.length - 1 ? props.periods : []}
              highlightDate={props.highlightDate}
              sharedXDomain={sharedXDomain}
              height={height}
            />
          </section>
        ))}
        {groups.left.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            Not in the comparison (their reference range lacks an end): {groups.left.map((one) => one.name).join(', ')}
          </p>
        ) : null}
      </div>
    </Suspense>
  );
}

/**
 * One chart per unit, sharing the time axis, so that no line is read against another unit's axis;
 * in "compare shapes" one chart of each value's position in its reference range (decision 040).
 */
function chartGroups(series: ChartSeries[], compare: boolean): { charts: { unit: string; label: string; series: ChartSeries[] }[]; left: ChartSeries[] } {
  if (compare) {
    const placed = series.map((one) => ({ one, position: asRangePosition(one) }));
    const inRange = placed.flatMap(({ position }) => (position ? [position] : []));
    const left = placed.filter(({ position }) => !position).map(({ one }) => one);
    return { charts: inRange.length > 0 ? [{ unit: 'position', label: 'Shapes compared: each value as its place in its reference range', series: inRange }] : [], left };
  }
  const byUnit = new Map<string, ChartSeries[]>();
  for (const one of series) byUnit.set(one.unit, [...(byUnit.get(one.unit) ?? []), one]);
  return {
    charts: [...byUnit].map(([unit, list]) => ({ unit, label: displayUnit(unit) ? `In ${displayUnit(unit)}` : 'Without a unit', series: list })),
    left: [],
  };
}
