import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useUser } from '#web/lib/session.ts';
import { HealthInfoCard } from '#web/features/health/components/health-info-card.tsx';
import { HeartRateCard, HistoryCard, SleepCard } from '#web/features/health-data/components/health-cards.tsx';
import { HealthImportCard } from '#web/features/health-data/components/health-import-section.tsx';
import { profileCompletionQueryOptions } from '#web/features/profile-completion/api/completion.ts';

export default function HealthStatsRoute() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  if (!user) return <PageSpinner />;
  return (
    <PageContainer>
      <Link to="/" className="mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Dashboard
      </Link>
      <PageHeader title="Your Health Overview" />
      <div className="grid gap-6 md:grid-cols-2">
        <div className="md:col-span-2">
          <HealthInfoCard
            user={user}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: profileCompletionQueryOptions.queryKey })}
          />
        </div>
        <div className="md:col-span-2">
          <HealthImportCard />
        </div>
        <SleepCard />
        <HeartRateCard />
        <HistoryCard kind="weight" />
        <HistoryCard kind="blood_pressure" />
        <HistoryCard kind="blood_glucose" />
      </div>
    </PageContainer>
  );
}
