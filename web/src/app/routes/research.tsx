import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function ResearchRoute() {
  return (
    <PageContainer>
      <PageHeader title="Research" description="Evidence pages, each listing the studies it cites." />
      <EmptyState title="Nothing here yet." description="No research pages have been published yet." />
    </PageContainer>
  );
}
