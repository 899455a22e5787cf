import { PaymentSuccessPage } from '#web/features/billing/components/payment-success-page.tsx';

/** The checkout return (/payment-success?session_id=…): account setup, or the plan being activated. */
export default function PaymentSuccessRoute() {
  return <PaymentSuccessPage />;
}
