import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

/** The checkout return (/payment-success?session_id=…). Without a session id there is nothing to confirm. */
export default function PaymentSuccessRoute() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');

  useEffect(() => {
    if (!sessionId) toast.error('Error', { description: 'No payment session ID found. Please try again.', id: 'no-payment-session' });
  }, [sessionId]);

  if (!sessionId) return <Navigate to="/" replace />;
  return (
    <PageContainer>
      <PageHeader title="Payment" />
      <EmptyState title="Nothing here yet." description="Payments are not available yet." />
    </PageContainer>
  );
}
