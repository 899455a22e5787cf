import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function LearnRoute() {
  return (
    <PageContainer>
      <PageHeader title="Learn" description="Articles on supplements, nutrients and lab markers." />
      <EmptyState title="Nothing here yet." description="No articles have been published yet." />
    </PageContainer>
  );
}
