import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useUser } from '#web/lib/session.ts';
import { DailySummaryButton } from '#web/features/assistant/components/daily-summary-button.tsx';
import { HistoryPage } from '#web/features/history/components/history-page.tsx';

export default function SupplementHistoryRoute() {
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;
  return (
    <HistoryPage
      user={user}
      // A day with logs and no summary yet can have one written by the assistant.
      dayAction={({ date, hasLogs, hasSummary, refresh }) =>
        hasLogs && !hasSummary ? <DailySummaryButton key={date} date={date} onWritten={refresh} /> : null
      }
    />
  );
}
