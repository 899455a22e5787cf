import { toast } from 'sonner';
import { useNavigate } from 'react-router';
import { createCheckoutSession } from '../api/checkout.ts';
import { startFreeTrial } from '../api/trial.ts';
import { checkoutErrorText, checkoutReturnUrls } from '../utils/checkout-urls.ts';
import { priceIdForPlan } from '../utils/plan-pricing.ts';
import { clearSelectedPlan, readSelectedPlan } from '../utils/selected-plan.ts';
import { usePlans } from '#web/lib/plans.ts';

/**
 * product.md, Plans and billing, "Signup with a plan", for the landing page's sign-up card: with the free plan
 * the trial starts and the user goes home (a failure to record the trial is only logged: the
 * trial runs from sign-up anyway); with a paid plan the checkout starts and the browser goes to
 * the provider's page. Runs once the account exists and the session cookie is set.
 */
export function useAfterSignup() {
  const navigate = useNavigate();
  const plans = usePlans();

  return async () => {
    const planId = readSelectedPlan();
    if (planId === 'free') {
      try {
        await startFreeTrial();
      } catch (error) {
        console.warn('The free trial could not be recorded; it still runs from sign-up.', error);
      }
      clearSelectedPlan();
      navigate('/');
      return;
    }
    try {
      const priceId = plans.data ? priceIdForPlan(plans.data, planId) : undefined;
      if (!priceId) throw new Error('Invalid plan type selected');
      const { successUrl, cancelUrl } = checkoutReturnUrls(window.location.origin, '/subscription');
      const { url } = await createCheckoutSession({ priceId, successUrl, cancelUrl });
      if (!url) throw new Error('No checkout URL received');
      clearSelectedPlan();
      window.location.assign(url);
      // Stay busy until the browser has left; if it comes back from its cache, carry on signed in.
      await new Promise<void>((resolve) => {
        window.addEventListener('pageshow', (event) => event.persisted && resolve());
      });
    } catch (error) {
      toast.error('Checkout Error', { description: checkoutErrorText(error, 'Failed to start checkout process') });
      // The account exists: the plan page lets the user try again or choose the trial.
      navigate('/subscription');
    }
  };
}
