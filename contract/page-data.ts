import { localDateOf } from './dates.ts';
import type { Screen } from './routes.ts';

/**
 * The answers a page's document carries (server/src/http/page-document.ts): who is signed in,
 * and the first GET calls of the page this address shows them, as the web's query cache holds
 * them (TanStack Query's dehydrated state), so that the app draws the page complete at once
 * instead of asking for each part after its code has loaded.
 */

/** The id of the data block with the dehydrated queries (the signed-in user's always there). */
export const PAGE_DATA_ELEMENT_ID = 'stacklab-page-data';

/** The web's query key of the signed-in user: `GET /api/session`'s `user`, or null. */
export const USER_QUERY_KEY = ['user'] as const;

/** A query a page's document answers: the web's key for the answer to `GET path`, held as the API sent it. */
export type FirstQuery = { queryKey: readonly unknown[]; path: string };

/** The part of the signed-in user the first calls depend on. */
export type PageUser = { timeZone: string; unitSystem: 'us' | 'metric' };

/** The units the series call draws in. */
export type ChartUnits = 'conventional' | 'si';

/** How the series call names a user's units (product.md, Pages): conventional unless their profile says metric. */
export function chartUnitsFor(user: Pick<PageUser, 'unitSystem'>): ChartUnits {
  return user.unitSystem === 'metric' ? 'si' : 'conventional';
}

const PLANS: FirstQuery = { queryKey: ['plans'], path: '/api/plans' };

/** What a page's first queries depend on besides the user: the route's `:params` and the time. */
export type PageContext = { params: Record<string, string>; now: Date };

/** The web's key and the path of a biomarker's readings (its own page). */
export function biomarkerReadingsQuery(biomarker: string): FirstQuery {
  return { queryKey: ['labs', 'biomarker', biomarker], path: `/api/labs/biomarkers/${encodeURIComponent(biomarker)}/readings` };
}

function seriesQuery(user: PageUser): FirstQuery {
  const units = chartUnitsFor(user);
  return { queryKey: ['labs', 'series', units], path: `/api/labs/series?units=${units}` };
}

const PAGE_QUERIES: Partial<Record<Screen, (user: PageUser | null, context: PageContext) => FirstQuery[]>> = {
  landing: () => [PLANS],
  // The web draws these pages once their first data is in (useFirstAnswers, web/src/lib/first-queries.ts),
  // asking for whatever the document did not carry; the plans are for the trial banner above every signed-in page.
  dashboard: (user, { now }) => {
    if (!user) return [];
    const today = localDateOf(now, user.timeZone);
    return [
      { queryKey: ['supplements'], path: '/api/supplements' },
      { queryKey: ['supplements', 'warnings'], path: '/api/supplements/warnings' },
      { queryKey: ['supplement-logs', 'day', today], path: `/api/supplement-logs/${today}` },
      { queryKey: ['streak'], path: '/api/supplements/streak' },
      { queryKey: ['health-stats'], path: '/api/health-stats' },
      { queryKey: ['profile-completion'], path: '/api/profile/completion' },
      PLANS,
    ];
  },
  insights: (user) => (user ? [{ queryKey: ['insights'], path: '/api/insights' }] : []),
  labs: (user) => {
    if (!user) return [];
    return [
      { queryKey: ['labs', 'files'], path: '/api/labs' },
      seriesQuery(user),
      { queryKey: ['labs', 'manual'], path: '/api/labs/results/manual' },
      { queryKey: ['labs', 'model-reading'], path: '/api/labs/model-reading' },
      { queryKey: ['biomarker-catalogue'], path: '/api/labs/biomarkers' },
      PLANS,
      { queryKey: ['config'], path: '/api/config' },
    ];
  },
  biomarker: (user, { params }) => (user && params.biomarker ? [biomarkerReadingsQuery(params.biomarker), seriesQuery(user)] : []),
};

/** The queries besides the signed-in user that a page's document answers; the web asks for any other as usual. */
export function firstQueriesOf(screen: Screen, user: PageUser | null, context: Partial<PageContext> = {}): FirstQuery[] {
  return PAGE_QUERIES[screen]?.(user, { params: context.params ?? {}, now: context.now ?? new Date() }) ?? [];
}
