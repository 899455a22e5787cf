import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { User } from '#contract/auth.ts';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { useLocalToday } from '#web/lib/local-day.ts';
import { useMonthDays } from '../api/supplement-logs.ts';
import { formatMonth, monthOf, shiftMonth } from '../utils/calendar.ts';
import { type DayAction, DayDetails } from './day-details.tsx';
import { DayRow } from './day-row.tsx';

/** The oldest month offered: logs cannot be older than 2000 (the server's rule). */
const FIRST_MONTH = '2000-01';

/** A day asked for in the address, when it is a real date between 2000 and today. */
function initialDay(requested: string | null, today: string): string {
  if (!requested || !/^\d{4}-\d{2}-\d{2}$/.test(requested) || requested > today || requested < `${FIRST_MONTH}-01`) return today;
  const parsed = new Date(`${requested}T12:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === requested ? requested : today;
}

/**
 * Supplement History (product.md, Tracking). The selected day and the shown month are independent: paging
 * through months never changes the day shown below.
 */
export function HistoryPage({ user, dayAction, dayEditor }: { user: User; dayAction?: DayAction; dayEditor?: (date: string) => ReactNode }) {
  const today = useLocalToday(user.timeZone);
  // `?date=yyyy-MM-dd` opens that day: the assistant's citations link here (contract/assistant.ts).
  const [searchParams] = useSearchParams();
  const [selected, setSelected] = useState(() => initialDay(searchParams.get('date'), today));
  const [month, setMonth] = useState(() => monthOf(selected));
  const monthDays = useMonthDays(month);
  const currentMonth = monthOf(today);

  return (
    <PageContainer>
      <Link to="/" className="mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Tracking
      </Link>
      <PageHeader title="Supplement History" description="What you took and how you felt, day by day." />

      <Card className="mb-6">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center justify-between gap-2">
            <Button variant="outline" size="icon" aria-label="Previous month" disabled={month <= FIRST_MONTH} onClick={() => setMonth(shiftMonth(month, -1))}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <h2 className="text-lg font-semibold" aria-live="polite">
              {formatMonth(month)}
            </h2>
            <Button variant="outline" size="icon" aria-label="Next month" disabled={month >= currentMonth} onClick={() => setMonth(shiftMonth(month, 1))}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
          <DayRow month={month} selected={selected} today={today} marked={monthDays.data?.days ?? []} onSelect={setSelected} />
          {monthDays.isError ? (
            <p role="alert" className="text-sm text-muted-foreground">
              The logged days of this month could not be marked.
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="pt-6">
          <DayDetails date={selected} timeZone={user.timeZone} dayAction={dayAction} />
        </CardContent>
      </Card>

      {/* product.md, Tracking, "Any day": the selected day (never a future one) can be filled in or corrected here. */}
      {dayEditor && selected <= today ? (
        <section aria-labelledby="change-day-title" className="mt-6 grid gap-4">
          <h2 id="change-day-title" className="text-lg font-semibold">
            Change this day
          </h2>
          {dayEditor(selected)}
        </section>
      ) : null}
    </PageContainer>
  );
}
