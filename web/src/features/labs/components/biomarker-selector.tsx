import { Check, ChevronDown, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import type { BiomarkerCategory } from '#contract/biomarkers.ts';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { CATEGORY_LABELS, categoryPaint } from '../utils/categories.ts';
import type { ChartSeries } from '../utils/series.ts';

type SelectorProps = {
  series: ChartSeries[] | undefined;
  selected: readonly string[];
  status: 'pending' | 'error' | 'success';
  errorText?: string | undefined;
  refreshing: boolean;
  onToggle: (name: string) => void;
  onRetry: () => void;
};

/** More chips than this start folded: thirty of them filled more than a phone's screen before the chart. */
export const FOLD_AFTER = 8;

/**
 * The biomarker chips (product.md, Labs), grouped and coloured by category. A chip is a toggle button;
 * one with no drawable points is disabled and says "(no data)". Past FOLD_AFTER chips, only the
 * selected ones show until the user opens the rest.
 */
export function BiomarkerSelector({ series, selected, status, errorText, refreshing, onToggle, onRetry }: SelectorProps) {
  if (status === 'pending') {
    return (
      <div className="flex items-center gap-3 py-4 text-sm text-muted-foreground">
        <Spinner label="Loading biomarkers" /> Loading biomarkers...
      </div>
    );
  }
  if (status === 'error' || !series) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm">
        <span>Error loading biomarkers{errorText ? `: ${errorText}` : ''}</span>
        <Button variant="outline" size="sm" onClick={onRetry} disabled={refreshing}>
          <RefreshCw aria-hidden="true" /> Retry
        </Button>
      </div>
    );
  }
  if (series.length === 0) {
    return (
      <EmptyState
        title="No biomarkers found"
        description="Results appear here once a report has been read, or when you add them by hand."
        action={
          <Button variant="outline" size="sm" onClick={onRetry} disabled={refreshing}>
            <RefreshCw aria-hidden="true" /> Refresh
          </Button>
        }
      />
    );
  }

  return <Chips series={series} selected={selected} onToggle={onToggle} />;
}

function Chips({ series, selected, onToggle }: { series: ChartSeries[]; selected: readonly string[]; onToggle: (name: string) => void }) {
  const foldable = series.length > FOLD_AFTER;
  const [open, setOpen] = useState(!foldable);
  const listId = useId();
  const groups = new Map<BiomarkerCategory, ChartSeries[]>();
  for (const one of series) groups.set(one.category, [...(groups.get(one.category) ?? []), one]);
  const chosen = series.filter((one) => selected.includes(one.name));

  return (
    <div className="grid gap-3">
      <div id={listId} className="grid gap-3" role="group" aria-label="Biomarkers to chart">
        {open ? (
          [...groups.entries()].map(([category, members]) => (
            <div key={category} className="flex flex-wrap items-center gap-2">
              <span className="w-full text-xs font-medium text-muted-foreground sm:w-24 sm:shrink-0">{CATEGORY_LABELS[category]}</span>
              {members.map((one) => (
                <Chip key={one.name} series={one} pressed={selected.includes(one.name)} onToggle={onToggle} />
              ))}
            </div>
          ))
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            {chosen.length === 0 ? <span className="text-sm text-muted-foreground">None selected.</span> : null}
            {chosen.map((one) => (
              <Chip key={one.name} series={one} pressed onToggle={onToggle} />
            ))}
          </div>
        )}
      </div>
      {foldable ? (
        <div>
          <Button variant="outline" size="sm" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((was) => !was)}>
            <ChevronDown aria-hidden="true" className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
            {open ? 'Show selected only' : `Show all ${series.length} biomarkers`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Chip({ series, pressed, onToggle }: { series: ChartSeries; pressed: boolean; onToggle: (name: string) => void }) {
  const colour = categoryPaint(series.category);
  const noData = series.points.length === 0;
  // A chip already selected stays clickable so a selection from an old link can be undone.
  const disabled = noData && !pressed;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={() => onToggle(series.name)}
      className={cn(
        'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        pressed ? 'font-medium text-foreground' : 'border-border bg-surface text-foreground hover:bg-muted',
        disabled && 'cursor-not-allowed opacity-55 hover:bg-surface',
      )}
      style={pressed ? { borderColor: colour, backgroundColor: `color-mix(in oklab, ${colour} 14%, transparent)` } : undefined}
    >
      {pressed ? (
        <Check aria-hidden="true" className="size-3.5" style={{ color: colour }} />
      ) : (
        <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: colour }} />
      )}
      {series.name}
      {noData ? <span className="text-xs text-muted-foreground">(no data)</span> : null}
    </button>
  );
}
