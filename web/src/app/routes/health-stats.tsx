import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useUser } from '#web/lib/session.ts';
import { HealthInfoCard } from '#web/features/health/components/health-info-card.tsx';
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
        <Card>
          <CardHeader>
            <CardTitle>Sleep Stats</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">Sleep tracking coming soon</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Heart Rate</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">Heart rate monitoring coming soon</p>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
