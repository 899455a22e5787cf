import { localDateOf } from './dates.ts';
import type { Screen } from './routes.ts';

/**
 * The answers a page's document carries (server/src/http/page-document.ts): who is signed in,
 * and the first GET calls of the page this address shows them, so that the app draws the page
 * complete at once instead of asking for each part after its code has loaded.
 */

/** The id of the data block with the answers, keyed by the call's path (`/api/session` always there). */
export const PAGE_DATA_ELEMENT_ID = 'stacklab-page-data';

/** The part of the signed-in user the first calls depend on. */
export type PageUser = { timeZone: string; unitSystem: 'us' | 'metric' };

/** The units the series call draws in. */
export type ChartUnits = 'conventional' | 'si';

/** How the series call names a user's units (product.md, Pages): conventional unless their profile says metric. */
export function chartUnitsFor(user: Pick<PageUser, 'unitSystem'>): ChartUnits {
  return user.unitSystem === 'metric' ? 'si' : 'conventional';
}

const PAGE_CALLS: Partial<Record<Screen, (user: PageUser | null, now: Date) => string[]>> = {
  landing: () => ['/api/plans'],
  // The web draws these pages once their first data is in (app/routes/<screen>.queries.ts); the
  // plans are for the trial banner above every signed-in page.
  dashboard: (user, now) =>
    user
      ? [
          '/api/supplements',
          '/api/supplements/warnings',
          `/api/supplement-logs/${localDateOf(now, user.timeZone)}`,
          '/api/supplements/streak',
          '/api/health-stats',
          '/api/profile/completion',
          '/api/plans',
        ]
      : [],
  insights: (user) => (user ? ['/api/insights'] : []),
  labs: (user) => (user ? ['/api/labs', `/api/labs/series?units=${chartUnitsFor(user)}`, '/api/labs/results/manual', '/api/labs/biomarkers', '/api/plans', '/api/config'] : []),
};

/** The GET calls besides `/api/session` whose answers a page's document carries; any other call is asked as usual. */
export function firstCallsOf(screen: Screen, user: PageUser | null, now = new Date()): string[] {
  return PAGE_CALLS[screen]?.(user, now) ?? [];
}
