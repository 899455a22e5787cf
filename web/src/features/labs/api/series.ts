import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartUnits } from '#contract/page-data.ts';
import { isApiError } from '#web/lib/api-fetch.ts';
import { api } from '#web/lib/api.ts';
import { readSeriesResponse } from '../utils/series.ts';
import { LABS_QUERY_KEY } from './lab-files.ts';


/** product.md, Labs: the chart's failure text, with the status. */
export function chartDataError(error: unknown): Error {
  const status = isApiError(error) ? (error.status === 0 ? 'connection error' : `status ${error.status}`) : 'unexpected answer';
  return new Error(`Failed to fetch lab chart data (${status})`, { cause: error });
}

/**
 * The chart's data: one series per biomarker in one unit, with reference ranges, flags, review
 * state and the supplement periods (`GET /api/labs/series`). It is the chart-data list's
 * content already grouped and converted, so the chart reads it instead of paging through
 * `/api/labs/chart-data` and converting in the browser. product.md, Labs's query behaviour applies:
 * 2 retries 1 s apart, fresh 5 minutes, kept 10, no refetch on focus.
 */
export function seriesQueryOptions(units: ChartUnits) {
  return queryOptions({
    queryKey: [...LABS_QUERY_KEY, 'series', units],
    queryFn: async ({ signal }) => {
      try {
        return await api('GET /api/labs/series', { query: { units }, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw chartDataError(error);
      }
    },
    // The cache holds the answer as the API sent it, as a page's document carries it.
    select: readSeriesResponse,
    retry: 2,
    retryDelay: 1000,
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchOnMount: true,
    // Switching units keeps the chart on screen until the other unit's numbers arrive.
    placeholderData: keepPreviousData,
  });
}

export function useSeries(units: ChartUnits) {
  return useQuery(seriesQueryOptions(units));
}
