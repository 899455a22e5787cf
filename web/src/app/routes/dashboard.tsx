import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, lazy, useState } from 'react';
import type { User } from '#contract/auth.ts';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { displayNameFor } from '#web/components/layout/initials.ts';
import { Deferred } from '#web/components/layout/deferred.tsx';
import { PageBodySpinner, PageSpinner } from '#web/components/ui/spinner.tsx';
import { useLocalToday } from '#web/lib/local-day.ts';
import { useUser } from '#web/lib/session.ts';
import { useFirstAnswers } from '#web/lib/use-first-answers.ts';
import { HealthOverviewCard } from '#web/features/health/components/health-overview-card.tsx';
import { profileCompletionQueryOptions } from '#web/features/profile-completion/api/completion.ts';
import { ProfileCompletionModal } from '#web/features/profile-completion/components/profile-completion-modal.tsx';
import { BloodworkCard } from '#web/features/labs/components/bloodwork-card.tsx';
import { DailyReminder } from '#web/features/supplement-logs/components/daily-reminder.tsx';
import { DaySwitcher } from '#web/features/supplement-logs/components/day-switcher.tsx';
import { StreakCard } from '#web/features/streaks/components/streak-card.tsx';
import { TodayCard } from '#web/features/supplement-logs/components/today-card.tsx';
import { TrackSupplementsCard } from '#web/features/supplement-logs/components/track-supplements-card.tsx';

// Below the first screen on a phone: their code loads and runs, and they draw, once the browser is
// idle after the first paint or the user reads on, so the first paint carries only the day's cards.
const EffectsCard = lazy(() => import('#web/features/supplement-logs/components/effects-card.tsx').then((module) => ({ default: module.EffectsCard })));
const DashboardChatPanel = lazy(() => import('#web/features/assistant/components/dashboard-chat-panel.tsx').then((module) => ({ default: module.DashboardChatPanel })));
const MedicationsCard = lazy(() => import('#web/features/medications/components/medications-card.tsx').then((module) => ({ default: module.MedicationsCard })));
const StackInteractionsCard = lazy(() =>
  import('#web/features/interactions/components/stack-interactions-card.tsx').then((module) => ({ default: module.StackInteractionsCard })),
);

/** A card below the first screen, with a blank card of about its height until it draws. */
function LaterCard({ minHeight, children }: { minHeight: string; children: ReactNode }) {
  return (
    <Deferred whenIdle placeholder={<div aria-hidden="true" className={`${minHeight} rounded-xl border border-border bg-surface shadow-sm`} />}>
      {children}
    </Deferred>
  );
}

/** The signed-in home: today's tracking beside the assistant, streak, health and labs. */
export default function DashboardRoute() {
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: User }) {
  const queryClient = useQueryClient();
  // Every card's first data, so that the cards appear together.
  const ready = useFirstAnswers('dashboard', user);
  const refreshCompletion = () => void queryClient.invalidateQueries({ queryKey: profileCompletionQueryOptions.queryKey });
  return (
    <PageContainer>
      <PageHeader title={`Welcome, ${displayNameFor(user)}`} />
      {ready ? <DashboardBody user={user} onLogged={refreshCompletion} /> : <PageBodySpinner label="Loading your dashboard" />}
    </PageContainer>
  );
}

function DashboardBody({ user, onLogged }: { user: User; onLogged: () => void }) {
  const today = useLocalToday(user.timeZone);
  // A chosen past day, or none: today, which moves on by itself at midnight.
  const [chosen, setChosen] = useState<string | null>(null);
  const date = chosen !== null && chosen < today ? chosen : today;
  return (
    <>
      <ProfileCompletionModal />
      <DailyReminder user={user} />
      <div className="mb-6">
        <DaySwitcher date={date} today={today} onChange={(next) => setChosen(next === today ? null : next)} />
      </div>
      {/* grid-cols-1 (minmax(0, 1fr)) rather than the implicit auto column: a long name wraps instead of widening a phone's page. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 content-start gap-6 lg:col-span-2">
          {/* The day's actions come first, before the chat, on a phone as on a desk: they are what the dashboard is opened for every day. */}
          <TodayCard user={user} onLogged={onLogged} />
          <TrackSupplementsCard user={user} date={date} onLogged={onLogged} />
          <LaterCard minHeight="min-h-[420px]">
            <EffectsCard user={user} date={date} />
          </LaterCard>
          <LaterCard minHeight="min-h-[520px]">
            <DashboardChatPanel user={user} />
          </LaterCard>
          <LaterCard minHeight="min-h-[200px]">
            <MedicationsCard />
          </LaterCard>
          <LaterCard minHeight="min-h-[160px]">
            <StackInteractionsCard />
          </LaterCard>
        </div>
        <div className="grid grid-cols-1 content-start gap-6">
          <StreakCard />
          <HealthOverviewCard user={user} />
          <BloodworkCard />
        </div>
      </div>
    </>
  );
}
