import { useLayoutEffect, useRef } from 'react';
import type { MonthDays } from '#contract/supplement-logs.ts';
import { cn } from '#web/lib/cn.ts';
import { formatFullDate } from '#web/lib/local-day.ts';
import { dayButtonParts, daysOfMonth, formatMonth } from '../utils/calendar.ts';

type Props = {
  month: string;
  selected: string;
  today: string;
  marked: MonthDays['days'];
  onSelect: (date: string) => void;
};

function describeDay(entry: MonthDays['days'][number] | undefined): string {
  if (!entry) return '';
  const parts: string[] = [];
  if (entry.supplementCount > 0) parts.push(`${entry.supplementCount} ${entry.supplementCount === 1 ? 'supplement' : 'supplements'} logged`);
  if (entry.hasNotes) parts.push('notes');
  return parts.length ? `, ${parts.join(', ')}` : '';
}

/**
 * The month's days in one horizontally scrolling row. It scrolls the selected day (or today, or
 * the first day) into view itself, moving the row only, never the page.
 */
export function DayRow({ month, selected, today, marked, onSelect }: Props) {
  const rowRef = useRef<HTMLDivElement>(null);
  const days = daysOfMonth(month);
  const byDate = new Map(marked.map((entry) => [entry.date, entry]));
  const focus = days.includes(selected) ? selected : days.includes(today) ? today : days[0]!;

  useLayoutEffect(() => {
    const row = rowRef.current;
    const button = row?.querySelector<HTMLElement>(`[data-date="${focus}"]`);
    if (!row || !button) return;
    row.scrollLeft = button.offsetLeft - row.clientWidth / 2 + button.offsetWidth / 2;
  }, [focus, month]);

  return (
    <div
      ref={rowRef}
      role="group"
      aria-label={`Days of ${formatMonth(month)}`}
      className="relative flex snap-x gap-2 overflow-x-auto scroll-smooth pb-2 motion-reduce:scroll-auto"
    >
      {days.map((date) => {
        const entry = byDate.get(date);
        const logged = Boolean(entry && (entry.supplementCount > 0 || entry.hasNotes));
        const isSelected = date === selected;
        const future = date > today;
        const { weekday, day } = dayButtonParts(date);
        return (
          <button
            key={date}
            type="button"
            data-date={date}
            aria-pressed={isSelected}
            aria-current={date === today ? 'date' : undefined}
            disabled={future}
            onClick={() => onSelect(date)}
            className={cn(
              'flex w-14 shrink-0 snap-center flex-col items-center gap-1 rounded-lg border px-2 py-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-40',
              isSelected ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-surface hover:bg-muted',
              date === today && !isSelected ? 'border-primary' : '',
            )}
          >
            <span className={cn('text-xs', isSelected ? 'text-primary-foreground' : 'text-muted-foreground')}>{weekday}</span>
            <span className="text-base font-semibold">{day}</span>
            {/* Named by what it shows ("Fri 13") and then the rest, so that a voice-control user can say what they see (WCAG 2.5.3). */}
            <span className="sr-only">{`, ${formatFullDate(date)}${date === today ? ', today' : ''}${describeDay(entry)}`}</span>
            <span
              aria-hidden="true"
              className={cn('size-1.5 rounded-full', logged ? (isSelected ? 'bg-primary-foreground' : 'bg-primary') : 'bg-transparent')}
            />
          </button>
        );
      })}
    </div>
  );
}
