import { Lightbulb } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { BiomarkerInsight, Insight, InsightsResponse } from '#contract/insights.ts';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useInsights } from '../api/insights.ts';
import {
  beforeAfterSentence,
  biomarkerConfoundersSentence,
  biomarkerTitle,
  comparisonSentence,
  confoundersSentence,
  correctionSentence,
  stackChangeSentence,
  verdictSentence,
} from '../utils/insight-words.ts';

/** Ratings on days each supplement was taken against days it was not, in plain words. */
export function InsightsPage() {
  const insights = useInsights();
  return (
    <PageContainer>
      <PageHeader
        title="Insights"
        description="How your ratings and daily measurements differ between days you took each supplement and days you did not, and before and after you started it, and how your biomarkers moved when your stack changed."
      />
      {insights.isPending ? (
        <div className="flex justify-center p-12">
          <Spinner label="Loading insights" />
        </div>
      ) : insights.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm">
          <p className="font-medium text-destructive">Failed to load your insights</p>
          <Button size="sm" variant="outline" onClick={() => void insights.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <InsightsList data={insights.data} />
      )}
    </PageContainer>
  );
}

export function InsightsList({ data }: { data: InsightsResponse }) {
  const biomarkers = <BiomarkerSection data={data} />;
  if (data.insights.length === 0) {
    return (
      <div className="space-y-6">
        <EmptyState
          icon={<Lightbulb aria-hidden="true" />}
          title="No supplements to compare yet."
          description="Add supplements to your stack, log them and rate your days: insights start after 14 days with and 14 without each supplement."
        />
        {biomarkers}
      </div>
    );
  }
  const compared = data.insights.filter((insight) => insight.status !== 'not_enough_data' && insight.comparison === 'on_off');
  const sinceStart = data.insights.filter((insight) => insight.status !== 'not_enough_data' && insight.comparison === 'before_after');
  const waiting = data.insights.filter((insight) => insight.status === 'not_enough_data');
  return (
    <div className="space-y-6">
      <InsightsIntro data={data} />
      <InsightGroup id="insights-compared" title="Comparisons" insights={compared} data={data} keySuffix="" />
      <InsightGroup
        id="insights-since-start"
        title="Before and after you started"
        description={`Up to ${data.beforeAfterDays} days before each supplement\u2019s first logged day against up to ${data.beforeAfterDays} days after it, the same for every supplement.`}
        insights={sinceStart}
        data={data}
        keySuffix="-start"
      />
      {biomarkers}
      <WaitingSection insights={waiting} minimumDays={data.minimumDays} />
      {data.access === 'preview' ? <PreviewCard data={data} /> : null}
    </div>
  );
}

/** How the days are sorted, and the correction for many comparisons when there are any. */
function InsightsIntro({ data }: { data: InsightsResponse }) {
  return (
    <p className="text-sm text-muted-foreground">
      {data.comparisons > 0 ? `${correctionSentence(data.comparisons, data.access === 'preview')} ` : ''}Each day&rsquo;s rating is sorted by whether you logged the supplement
      {data.lagDays === 0 ? ' that same day' : ` ${data.lagDays} day${data.lagDays === 1 ? '' : 's'} before`}. Each result is an association, not proof.
    </p>
  );
}

type InsightGroupProps = { id: string; title: string; description?: string; insights: Insight[]; data: InsightsResponse; keySuffix: string };

/** A titled section of insight cards; nothing when it has none. */
function InsightGroup({ id, title, description, insights, data, keySuffix }: InsightGroupProps) {
  if (insights.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      {insights.map((insight) => (
        <InsightCard key={`${insight.supplementId}-${insight.rating}${keySuffix}`} insight={insight} comparisons={data.comparisons} minimumDays={data.minimumDays} />
      ))}
    </section>
  );
}

function WaitingSection({ insights, minimumDays }: { insights: Insight[]; minimumDays: number }) {
  if (insights.length === 0) return null;
  return (
    <section aria-labelledby="insights-waiting" className="space-y-3">
      <h2 id="insights-waiting" className="text-lg font-semibold">
        Not enough data yet
      </h2>
      <ul className="space-y-2 text-sm">
        {insights.map((insight) => (
          <li key={`${insight.supplementId}-${insight.rating}-${insight.comparison}`} className="rounded-md border border-border p-3">
            {comparisonSentence(insight, minimumDays)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The free tier sees one insight; this says how many more Pro shows. */
function PreviewCard({ data }: { data: InsightsResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {data.hiddenCount} more insight{data.hiddenCount === 1 ? '' : 's'} with Pro
        </CardTitle>
        <CardDescription>
          This is a preview: one insight of {data.insights.length + data.hiddenCount}. {data.upgradeHint}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/subscription">See plans</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function InsightCard({ insight, comparisons, minimumDays }: { insight: Insight; comparisons: number; minimumDays: number }) {
  const confounders = confoundersSentence(insight);
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardContent className="space-y-2 pt-6 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={insight.status === 'finding' ? 'default' : 'secondary'}>{insight.status === 'finding' ? 'Finding' : 'No clear difference'}</Badge>
          <span className="text-xs text-muted-foreground">{insight.association}</span>
        </div>
        <p id={titleId} className="text-base text-foreground">
          {comparisonSentence(insight, minimumDays)}
        </p>
        <p className="text-muted-foreground">{verdictSentence(insight, comparisons)}</p>
        {confounders ? <p className="text-muted-foreground">{confounders}</p> : null}
        <p className="text-muted-foreground">{insight.otherCauses}</p>
        <Link to={insight.historyPath} className="inline-flex text-sm font-medium text-primary hover:underline">
          {insight.comparison === 'before_after' ? 'See your days around the start' : 'See your days'}
        </Link>
      </CardContent>
    </Card>
  );
}

/** Biomarkers before and after each change of the stack; nothing when no change has results on both sides. */
function BiomarkerSection({ data }: { data: InsightsResponse }) {
  const { insights, hiddenCount, upgradeHint, afterMinimumDays } = data.biomarkers;
  if (insights.length === 0) return null;
  return (
    <section aria-labelledby="insights-biomarkers" className="space-y-3">
      <h2 id="insights-biomarkers" className="text-lg font-semibold">
        Biomarkers before and after a change
      </h2>
      <p className="text-sm text-muted-foreground">
        For each supplement you started, stopped or changed the dose of, your latest result up to that day against the first one at least {afterMinimumDays} days
        after. Each result is an association, not proof.
      </p>
      {insights.map((insight) => (
        <BiomarkerCard key={`${insight.biomarkerKey}-${insight.change.name}-${insight.change.change}-${insight.change.on}`} insight={insight} />
      ))}
      {hiddenCount > 0 ? (
        <p className="text-sm text-muted-foreground">
          {hiddenCount} more with Pro. {upgradeHint}{' '}
          <Link to="/subscription" className="font-medium text-primary hover:underline">
            See plans
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function BiomarkerCard({ insight }: { insight: BiomarkerInsight }) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardContent className="space-y-2 pt-6 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-base font-medium text-foreground">{biomarkerTitle(insight)}</h3>
          <span className="text-xs text-muted-foreground">{insight.association}</span>
        </div>
        <p className="text-foreground">{stackChangeSentence(insight.change)}</p>
        <p className="text-foreground">{beforeAfterSentence(insight)}</p>
        <p className="text-muted-foreground">{biomarkerConfoundersSentence(insight)}</p>
        <p className="text-muted-foreground">{insight.otherCauses}</p>
        <Link to={insight.labsPath} className="inline-flex text-sm font-medium text-primary hover:underline">
          See your {insight.biomarkerName} results
        </Link>
      </CardContent>
    </Card>
  );
}
