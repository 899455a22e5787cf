import { useParams } from 'react-router';
import { SharedView } from '#web/features/data-ownership/components/shared-view.tsx';

/** /share/:token: a clinician's read-only view of what a user shared (outside the app's layout). */
export default function ShareRoute() {
  const { token = '' } = useParams();
  return <SharedView token={token} />;
}
