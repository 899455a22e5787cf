import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { LabsPage } from '#web/features/labs/components/labs-page.tsx';
import { useUser } from '#web/lib/session.ts';

export default function LabsRoute() {
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;
  return <LabsPage user={user} />;
}
