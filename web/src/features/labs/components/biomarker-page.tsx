import { ArrowLeft, LineChart as LineChartIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import type { User } from '#contract/auth.ts';
import type { BiomarkerReadings as Readings } from '#contract/labs.ts';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { PageBodySpinner, Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api-fetch.ts';
import { useLabUnits } from '#web/lib/lab-units.ts';
import { useFirstAnswers } from '#web/lib/use-first-answers.ts';
import { useBiomarkerReadings } from '../api/biomarker-readings.ts';
import { useSeries } from '../api/series.ts';
import { CATEGORY_LABELS } from '../utils/categories.ts';
import { CHART_HEIGHT } from '../utils/chart-rows.ts';
import { BiomarkerReadings } from './biomarker-readings.tsx';
import { TargetsPanel } from './target-editor.tsx';

// The chart's code loads only when there is something to draw, as on the labs page.
const BiomarkerChart = lazy(() => import('./biomarker-chart.tsx'));

const BACK_LINK = 'mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground';

/**
 * One biomarker's page: its chart over time with its reference range and the user's target, and
 * every reading of it with the report it came from. The catalogue's biomarkers and the user's own
 * alike; drawn complete from the page's document (contract/page-data.ts).
 */
export function BiomarkerPage({ user, biomarker }: { user: User; biomarker: string }) {
  const ready = useFirstAnswers('biomarker', user, { biomarker });
  const readings = useBiomarkerReadings(biomarker);
  if (ready && isApiError(readings.error) && readings.error.status === 404) return <BiomarkerNotFound />;
  const name = readings.data?.name ?? 'Biomarker';
  const count = readings.data?.readings.length ?? 0;
  return (
    <PageContainer>
      <Link to="/labs" className={BACK_LINK}>
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Biomarker Trends
      </Link>
      <PageHeader title={name} description={readings.data ? `${CATEGORY_LABELS[readings.data.category]} · ${count} reading(s)` : undefined} />
      {!ready ? (
        <PageBodySpinner label="Loading your biomarker" />
      ) : readings.data ? (
        <BiomarkerSections user={user} biomarker={biomarker} readings={readings.data} />
      ) : (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-6 text-center text-sm">
          Your readings could not be loaded.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void readings.refetch()}>
            Try again
          </Button>
        </p>
      )}
    </PageContainer>
  );
}

function BiomarkerSections({ user, biomarker, readings }: { user: User; biomarker: string; readings: Readings }) {
  return (
    <div className="space-y-10">
      <Section id="biomarker-history" title="Biomarker History">
        <Card>
          <CardContent className="grid gap-6 pt-6">
            <BiomarkerHistory user={user} biomarker={biomarker} name={readings.name} />
          </CardContent>
        </Card>
      </Section>
      <Section id="biomarker-readings" title="Readings">
        {readings.readings.length > 0 ? (
          <BiomarkerReadings name={readings.name} readings={readings.readings} />
        ) : (
          <EmptyState title="No readings yet" description={`Upload a lab report or enter a result by hand to start tracking ${readings.name}.`} action={<Button asChild variant="outline"><Link to="/labs">Go to Labs</Link></Button>} />
        )}
      </Section>
    </div>
  );
}

/** The chart of this biomarker's series, in the units the user reads their labs in, with its ranges and target under it. */
function BiomarkerHistory({ user, biomarker, name }: { user: User; biomarker: string; name: string }) {
  const [units] = useLabUnits(user);
  const series = useSeries(units);
  const one = series.data?.series.find((candidate) => candidate.biomarker === biomarker);
  if (series.isPending) return <LoadingChart />;
  if (!series.data) {
    return (
      <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-6 text-center text-sm">
        Error loading chart: {series.error?.message}
      </p>
    );
  }
  if (!one || one.points.length === 0) {
    return <EmptyState icon={<LineChartIcon />} title="No data points available" description={`You have no readings of ${name} to chart yet.`} />;
  }
  return (
    <>
      <Suspense fallback={<LoadingChart height={CHART_HEIGHT} />}>
        <BiomarkerChart series={[one]} periods={series.data.supplementPeriods} />
      </Suspense>
      <TargetsPanel key={units} series={[one]} linkNames={false} />
    </>
  );
}

function LoadingChart({ height }: { height?: number }) {
  return (
    <div className="flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground" style={{ height }}>
      <Spinner label="Loading chart data" /> Loading chart data...
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An address of a biomarker that neither the catalogue nor this user has: a 404 in the page's own words. */
function BiomarkerNotFound() {
  return (
    <PageContainer>
      <div className="mx-auto flex max-w-lg flex-col items-center py-16 text-center">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">Error 404</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">Biomarker not found</h1>
        <p className="mt-3 text-muted-foreground">We know no biomarker at this address, among ours or your own.</p>
        <Button asChild className="mt-6">
          <Link to="/labs">Back to Biomarker Trends</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
