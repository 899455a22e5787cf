import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { PaymentSuccessPage } from '#web/features/billing/components/payment-success-page.tsx';

/** The checkout return (/payment-success?session_id=…): account setup, or the plan being activated. */
export default function PaymentSuccessRoute() {
  // A payer with an account signs in here and stays: the page then offers to add the payment.
  return <PaymentSuccessPage signInForm={(email) => <LoginForm stayOnPage defaultEmail={email} />} />;
}
