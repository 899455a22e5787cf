import type { User } from '#contract/auth.ts';
import { chartUnitsFor } from '#contract/page-data.ts';
import { plansQueryOptions } from '#web/lib/plans.ts';
import { publicConfigQueryOptions } from '#web/lib/public-config.ts';
import { biomarkerCatalogueQueryOptions } from './biomarker-catalogue.ts';
import { labFilesQueryOptions } from './lab-files.ts';
import { manualResultsQueryOptions } from './lab-results.ts';
import { seriesQueryOptions } from './series.ts';

/**
 * The labs page's first data, which its sections wait for (useFirstAnswers). A module of its own,
 * small, so that the app can start these requests as soon as the session is known, while the
 * page's code still loads (`startPage` in app-routes.tsx).
 */
export function labsPageQueries(user: Pick<User, 'unitSystem'>) {
  return [labFilesQueryOptions, seriesQueryOptions(chartUnitsFor(user)), manualResultsQueryOptions, biomarkerCatalogueQueryOptions, plansQueryOptions, publicConfigQueryOptions];
}
