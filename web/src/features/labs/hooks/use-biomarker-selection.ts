import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ChartSeries } from '../utils/series.ts';
import { readSelection, resolveSelection, toggleName, writeSelection } from '../utils/selection.ts';

/**
 * The chart's selection, kept in the `biomarkers` query parameter of the current path (product.md, Labs).
 * It is read from the router's location, so back and forward move through earlier selections
 * (product.md, Labs: no polling). Each change is a new history entry; the automatic first choice
 * replaces the entry, so Back does not land on an empty chart that picks again.
 */
export function useBiomarkerSelection(series: ChartSeries[] | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const { entries, present } = useMemo(() => readSelection(location.search), [location.search]);
  const selected = useMemo(() => (series ? resolveSelection(entries, series) : []), [entries, series]);

  const write = useCallback(
    (names: readonly string[], replace: boolean) => navigate({ search: writeSelection(location.search, names), hash: location.hash }, { replace }),
    [navigate, location.search, location.hash],
  );

  // With no selection in the URL at all, pick the first series that has points. A selection the
  // user emptied (`biomarkers=`) stays empty.
  useEffect(() => {
    if (!series || present) return;
    const first = series.find((one) => one.points.length > 0);
    if (first) void write([first.name], true);
  }, [series, present, write]);

  const toggle = useCallback((name: string) => void write(toggleName(selected, name), false), [selected, write]);

  /** A date the assistant cited (`date=`), marked on the chart. */
  const highlightDate = useMemo(() => new URLSearchParams(location.search).get('date') ?? undefined, [location.search]);

  return { selected, toggle, highlightDate };
}
