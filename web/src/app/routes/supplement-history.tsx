import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useUser } from '#web/lib/session.ts';
import { HistoryPage } from '#web/features/history/components/history-page.tsx';

export default function SupplementHistoryRoute() {
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;
  return <HistoryPage user={user} />;
}
