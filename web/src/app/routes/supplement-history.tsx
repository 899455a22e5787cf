import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function SupplementHistoryRoute() {
  return (
    <PageContainer>
      <Link to="/" className="mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Tracking
      </Link>
      <PageHeader title="Supplement History" />
      <EmptyState title="Nothing here yet." description="Your logged supplements and daily notes will appear here." />
    </PageContainer>
  );
}
