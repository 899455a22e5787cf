import { ForgotPasswordPage } from '#web/features/auth/components/forgot-password-page.tsx';

export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
