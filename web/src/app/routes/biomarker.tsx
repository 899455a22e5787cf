import { useParams } from 'react-router';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { BiomarkerPage } from '#web/features/labs/components/biomarker-page.tsx';
import { useUser } from '#web/lib/session.ts';

export default function BiomarkerRoute() {
  const { data: user } = useUser();
  const { biomarker = '' } = useParams();
  if (!user) return <PageSpinner />;
  // A page per biomarker: another one's address starts afresh.
  return <BiomarkerPage key={biomarker} user={user} biomarker={biomarker} />;
}
