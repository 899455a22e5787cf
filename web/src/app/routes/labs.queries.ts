import { labsPageQueries } from '#web/features/labs/api/page-queries.ts';

/**
 * The labs page's first data, started as soon as the page's document names the user (`startPage`
 * in app-routes.tsx; the server preloads this module as `<screen>.queries.ts`).
 */
export const firstQueries = labsPageQueries;
