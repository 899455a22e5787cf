import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useUser } from '#web/lib/session.ts';
import { DailySummaryButton } from '#web/features/assistant/components/daily-summary-button.tsx';
import { HistoryPage } from '#web/features/supplement-logs/components/history-page.tsx';
import { EffectsCard } from '#web/features/supplement-logs/components/effects-card.tsx';
import { TrackSupplementsCard } from '#web/features/supplement-logs/components/track-supplements-card.tsx';

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
      // Filling in or correcting the selected day uses the dashboard's own cards (product.md, Tracking, "Any day").
      dayEditor={(date) => (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <TrackSupplementsCard user={user} date={date} />
          </div>
          <EffectsCard user={user} date={date} />
        </div>
      )}
    />
  );
}
