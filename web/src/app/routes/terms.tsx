import { LegalPage } from '#web/features/legal/components/legal-page.tsx';

export default function TermsRoute() {
  return <LegalPage document="terms" />;
}
