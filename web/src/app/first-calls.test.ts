import type { UseQueryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#contract/auth.ts';
import { chartUnitsFor, firstQueriesOf } from '#contract/page-data.ts';
import { routesFor, type Screen } from '#contract/routes.ts';
import { healthStatsQueryOptions } from '#web/features/health/api/health-stats.ts';
import { insightsQueryOptions } from '#web/features/insights/api/insights.ts';
import { biomarkerCatalogueQueryOptions } from '#web/features/labs/api/biomarker-catalogue.ts';
import { biomarkerReadingsQueryOptions } from '#web/features/labs/api/biomarker-readings.ts';
import { labFilesQueryOptions } from '#web/features/labs/api/lab-files.ts';
import { manualResultsQueryOptions } from '#web/features/labs/api/lab-results.ts';
import { modelReadingQueryOptions } from '#web/features/labs/api/model-reading.ts';
import { seriesQueryOptions } from '#web/features/labs/api/series.ts';
import { profileCompletionQueryOptions } from '#web/features/profile-completion/api/completion.ts';
import { streakQueryOptions } from '#web/features/streaks/public.ts';
import { dayQueryOptions } from '#web/features/supplement-logs/api/supplement-logs.ts';
import { stackWarningsQueryOptions, supplementsQueryOptions } from '#web/features/supplements/api/supplements.ts';
import { todayIn } from '#web/lib/local-day.ts';
import { plansQueryOptions } from '#web/lib/plans.ts';
import { publicConfigQueryOptions } from '#web/lib/public-config.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options, whatever its data
type AnyQueryOptions = UseQueryOptions<any, any, any, any>;

const user = { timeZone: 'Europe/Berlin', unitSystem: 'metric' } as User;
const params = { biomarker: 'vitamin-d' };

/**
 * The features' queries that read a page's first answers. Not a list the app uses (the pages
 * wait for the contract's own, web/src/lib/use-first-answers.ts): the check that the hooks that
 * draw each part look under the key the document fills, and keep the answer as the API sent it.
 */
const FEATURE_QUERIES: AnyQueryOptions[] = [
  supplementsQueryOptions,
  stackWarningsQueryOptions,
  dayQueryOptions(todayIn(user.timeZone)),
  streakQueryOptions,
  healthStatsQueryOptions,
  profileCompletionQueryOptions,
  plansQueryOptions,
  publicConfigQueryOptions,
  insightsQueryOptions,
  labFilesQueryOptions,
  seriesQueryOptions(chartUnitsFor(user)),
  manualResultsQueryOptions,
  biomarkerCatalogueQueryOptions,
  modelReadingQueryOptions,
  biomarkerReadingsQueryOptions(params.biomarker),
];

/** The key, the path it asks the API for and what it keeps of the answer, read off a run of its query function. */
async function run({ queryFn, queryKey }: AnyQueryOptions) {
  // A marker stands for each answer; the check of answers against their schemas is another test's.
  vi.stubEnv('DEV', false);
  if (typeof queryFn !== 'function') throw new Error(`${JSON.stringify(queryKey)} has no query function`);
  const answer = { answeredFor: queryKey };
  let path: string | undefined;
  vi.stubGlobal('fetch', async (url: string) => {
    path = url;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const kept = await queryFn({ queryKey, signal: new AbortController().signal, meta: undefined } as never);
  return { queryKey, path, keptAsSent: JSON.stringify(kept) === JSON.stringify(answer) };
}

const screens = [...new Set([true, false].flatMap((isAdmin) => routesFor({ status: 'signed-in', isAdmin }).map((route) => route.screen)))] as Screen[];
const firstQueries = screens.flatMap((screen) => firstQueriesOf(screen, user, { params }).map((query) => ({ screen, ...query })));

describe("a page's first answers and the features' queries (contract/page-data.ts)", () => {
  it('covers the pages that draw complete from their document', () => {
    expect(new Set(firstQueries.map((query) => query.screen))).toEqual(new Set(['dashboard', 'insights', 'labs', 'biomarker']));
  });

  // A first answer under a key no feature reads, or kept otherwise than the API sent it, would not
  // be found: the part would ask again after the page has drawn.
  it.each(firstQueries.map((query) => [query.screen, JSON.stringify(query.queryKey), query] as const))(
    'the %s page: %s is read by a feature query that asks the same path and keeps the answer as sent',
    async (_screen, key, { queryKey, path }) => {
      const feature = FEATURE_QUERIES.find((options) => JSON.stringify(options.queryKey) === key);
      expect(feature, `no feature query under ${key}`).toBeDefined();
      expect(await run(feature!)).toEqual({ queryKey, path, keptAsSent: true });
    },
  );
});
