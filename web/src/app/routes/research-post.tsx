import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';

export default function ResearchPostRoute() {
  return (
    <PageContainer className="max-w-3xl">
      <Link to="/research" className="mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Research
      </Link>
      <h1 className="sr-only">Research</h1>
      <EmptyState title="Post not found" description="This post does not exist or has not been published yet." />
    </PageContainer>
  );
}
