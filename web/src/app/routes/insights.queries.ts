import { insightsQueryOptions } from '#web/features/insights/api/insights.ts';

/** The insights page's first data, carried by its document (contract/page-data.ts). */
export const firstQueries = () => [insightsQueryOptions] as const;
