import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { useUser } from '#web/lib/session.ts';
import { AskChat } from '#web/features/assistant/components/ask-chat.tsx';
import { MedicalDisclaimer } from '#web/features/assistant/components/medical-disclaimer.tsx';

/** product.md, Assistant: public; signed-in users get answers from their own records, visitors general ones. */
export default function AskRoute() {
  const { data: user } = useUser();
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title="Ask" description="Questions about supplements, nutrients and your lab markers." />
      <AskChat user={user ?? null} />
      <MedicalDisclaimer className="mt-4 text-center" />
    </PageContainer>
  );
}
