import { type ReactNode, useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useUser } from '#web/lib/session.ts';
import { AccountSetup } from './account-setup.tsx';
import { PlanActivation } from './plan-activation.tsx';

const NO_SESSION = 'No payment session ID found. Please try again.';

/**
 * The checkout return (/payment-success?session_id=…). A visitor who paid first creates the
 * account here; a signed-in user waits here for the upgrade to be applied.
 */
export function PaymentSuccessPage({ signInForm }: {
  /** The sign-in form (from the auth feature) for a payer who already has an account; it must not leave the page. */
  signInForm: (email: string) => ReactNode;
}) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim();
  const { data: user, isPending } = useUser();

  useEffect(() => {
    if (!sessionId) toast.error('Error', { description: NO_SESSION, id: 'no-payment-session' });
  }, [sessionId]);

  if (!sessionId) return <Navigate to="/" replace />;
  if (isPending) return <PageSpinner />;
  return user ? <PlanActivation sessionId={sessionId} user={user} /> : <AccountSetup sessionId={sessionId} signInForm={signInForm} />;
}
