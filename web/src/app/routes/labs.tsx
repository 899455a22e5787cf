import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function LabsRoute() {
  return (
    <PageContainer>
      <Link to="/" className="mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Dashboard
      </Link>
      <PageHeader title="Biomarker Trends" />
      <div className="space-y-10">
        <section aria-labelledby="labs-trends" className="space-y-4">
          <h2 id="labs-trends" className="text-xl font-semibold">Biomarker Trends</h2>
          <EmptyState title="Nothing here yet." />
        </section>
        <section aria-labelledby="labs-results" className="space-y-4">
          <h2 id="labs-results" className="text-xl font-semibold">Lab Results</h2>
          <EmptyState title="Nothing here yet." description="Lab uploads are not available yet." />
        </section>
        <section aria-labelledby="labs-files" className="space-y-4">
          <h2 id="labs-files" className="text-xl font-semibold">Uploaded Files</h2>
          <EmptyState title="Nothing here yet." />
        </section>
      </div>
    </PageContainer>
  );
}
