import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function PaymentSuccessRoute() {
  return (
    <PageContainer>
      <PageHeader title="Payment" />
      <EmptyState title="Nothing here yet." description="Payments are not available yet." />
    </PageContainer>
  );
}
