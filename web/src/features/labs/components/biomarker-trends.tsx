import { lazy, Suspense } from 'react';
import { LineChart as LineChartIcon } from 'lucide-react';
import type { User } from '#contract/auth.ts';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { useLabUnits } from '#web/lib/lab-units.ts';
import { useSeries } from '../api/series.ts';
import { useBiomarkerSelection } from '../hooks/use-biomarker-selection.ts';
import { CHART_HEIGHT, chartCounts } from '../utils/chart-rows.ts';
import type { ChartSeries } from '../utils/series.ts';
import { BiomarkerSelector } from './biomarker-selector.tsx';

// The chart's code loads only when there is something to draw.
const BiomarkerChart = lazy(() => import('./biomarker-chart.tsx'));

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
          </div>
          <ChartBody
            status={series.isPending ? 'pending' : series.isError && !source ? 'error' : 'success'}
            errorText={errorText}
            selectedCount={selected.length}
            drawn={drawn}
            points={points}
            periods={source?.supplementPeriods ?? []}
            highlightDate={highlightDate}
          />
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
}) {
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
  return (
    // The chart's own height while its code loads, so that nothing below it moves when it draws.
    <Suspense fallback={<LoadingChart height={CHART_HEIGHT} />}>
      <BiomarkerChart series={props.drawn.filter((one) => one.points.length > 0)} periods={props.periods} highlightDate={props.highlightDate} />
    </Suspense>
  );
}
