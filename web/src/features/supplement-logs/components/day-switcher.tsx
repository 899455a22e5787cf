import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { addDays, isRealDate } from '#contract/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';

/** The oldest day that can be logged (the server's rule). */
const FIRST_DAY = '2000-01-01';

/**
 * The dashboard's date switcher (product.md, Tracking, "Any day"): which day the intake and rating
 * cards record, today or any past day; never a future one.
 */
export function DaySwitcher({ date, today, onChange }: { date: string; today: string; onChange: (date: string) => void }) {
  const id = useId();
  const choose = (value: string) => {
    if (isRealDate(value) && value >= FIRST_DAY) onChange(value > today ? today : value);
  };
  return (
    <div role="group" aria-label="Day to log" className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-date`} className="text-sm font-medium text-muted-foreground">
        Logging for
      </label>
      <Button variant="outline" size="icon" aria-label="Previous day" disabled={date <= FIRST_DAY} onClick={() => choose(addDays(date, -1))}>
        <ChevronLeft aria-hidden="true" />
      </Button>
      <Input id={`${id}-date`} type="date" className="w-auto" value={date} min={FIRST_DAY} max={today} onChange={(event) => choose(event.target.value)} />
      <Button variant="outline" size="icon" aria-label="Next day" disabled={date >= today} onClick={() => choose(addDays(date, 1))}>
        <ChevronRight aria-hidden="true" />
      </Button>
      {date !== today ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(today)}>
          Back to today
        </Button>
      ) : null}
    </div>
  );
}
