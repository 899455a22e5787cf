import { useEffect, useRef } from 'react';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { clearGoogleSignup } from '#web/features/auth/utils/google-signup.ts';
import { useAfterSignup } from '#web/features/billing/hooks/use-after-signup.ts';
import { usePlans } from '#web/lib/plans.ts';

/**
 * The landing card's Google sign-up, back from Google: the chosen plan, exactly as after the
 * e-mail sign-up (product.md, Accounts, "Signup with a plan"): the free trial starts and the user goes home, or
 * the checkout for the paid plan starts.
 */
export default function ContinueGoogleSignup() {
  const afterSignup = useAfterSignup();
  const plans = usePlans();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || plans.isPending) return;
    started.current = true;
    clearGoogleSignup();
    void afterSignup();
  }, [afterSignup, plans.isPending]);
  return <PageSpinner />;
}
