import { ResetPasswordPage } from '#web/features/auth/components/reset-password-page.tsx';

export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
