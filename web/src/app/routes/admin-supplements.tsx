import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function AdminSupplementsRoute() {
  return (
    <PageContainer>
      <PageHeader title="Manage Supplements" />
      <EmptyState title="Nothing here yet." description="Managing the reference supplement database is not available yet." />
    </PageContainer>
  );
}
