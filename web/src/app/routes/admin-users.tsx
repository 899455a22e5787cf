import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function AdminUsersRoute() {
  return (
    <PageContainer>
      <PageHeader title="User Management" />
      <EmptyState title="Nothing here yet." description="Managing users is not available yet." />
    </PageContainer>
  );
}
