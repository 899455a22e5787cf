import { MessageCircle } from 'lucide-react';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';

export default function AskRoute() {
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title="Ask" description="Questions about supplements, nutrients and your lab markers." />
      <EmptyState
        icon={<MessageCircle aria-hidden="true" />}
        title="Nothing here yet."
        description="The assistant is not available yet."
      />
      <p className="mt-6 text-center text-xs text-muted-foreground">
        Answers are for information only and are not medical advice.
      </p>
    </PageContainer>
  );
}
