import { LegalPage } from '#web/features/legal/components/legal-page.tsx';

export default function PrivacyRoute() {
  return <LegalPage document="privacy" />;
}
