import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function AdminRoute() {
  return (
    <PageContainer>
      <PageHeader title="Admin Dashboard" />
      <EmptyState title="Nothing here yet." description="The admin overview is not available yet." />
    </PageContainer>
  );
}
