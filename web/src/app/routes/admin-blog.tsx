import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function AdminBlogRoute() {
  return (
    <PageContainer>
      <PageHeader title="Blog Management" />
      <EmptyState title="Nothing here yet." description="Managing learn and research posts is not available yet." />
    </PageContainer>
  );
}
