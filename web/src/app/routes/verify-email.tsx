import { VerifyEmailPage } from '#web/features/auth/components/verify-email-page.tsx';

export default function VerifyEmailRoute() {
  return <VerifyEmailPage />;
}
