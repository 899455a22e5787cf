import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { displayNameFor } from '#web/components/layout/initials.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useUser } from '#web/lib/session.ts';
import { HealthOverviewCard } from '#web/features/health/components/health-overview-card.tsx';
import { profileCompletionQueryOptions } from '#web/features/profile-completion/api/completion.ts';
import { ProfileCompletionModal } from '#web/features/profile-completion/components/profile-completion-modal.tsx';
import { BloodworkCard } from '#web/features/tracking/components/bloodwork-card.tsx';
import { DailyReminder } from '#web/features/tracking/components/daily-reminder.tsx';
import { EffectsCard } from '#web/features/tracking/components/effects-card.tsx';
import { StreakCard } from '#web/features/tracking/components/streak-card.tsx';
import { TrackSupplementsCard } from '#web/features/tracking/components/track-supplements-card.tsx';

/**
 * The "Stack Chat Assistant" region. The assistant panel ("How are you feeling?") is built
 * separately; until it lands here, this says so plainly and points to the Ask page.
 */
function ChatAssistantSlot(): ReactNode {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-5">
            <MessageCircle aria-hidden="true" />
          </span>
          <CardTitle>Stack Chat Assistant</CardTitle>
        </div>
        <CardDescription>How are you feeling?</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">
          The assistant is not on the dashboard yet. You can ask it questions on the{' '}
          <Link to="/ask" className="font-medium text-primary hover:underline">
            Ask page
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}

/** The signed-in home: today's tracking beside the assistant, streak, health and labs. */
export default function DashboardRoute() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  if (!user) return <PageSpinner />;
  const refreshCompletion = () => void queryClient.invalidateQueries({ queryKey: profileCompletionQueryOptions.queryKey });
  return (
    <PageContainer>
      <PageHeader title={`Welcome, ${displayNameFor(user)}`} />
      <ProfileCompletionModal />
      <DailyReminder user={user} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <ChatAssistantSlot />
          <TrackSupplementsCard user={user} onLogged={refreshCompletion} />
        </div>
        <div className="grid content-start gap-6">
          <StreakCard />
          <EffectsCard user={user} />
          <HealthOverviewCard user={user} />
          <BloodworkCard />
        </div>
      </div>
    </PageContainer>
  );
}
