import { useEffect, useState } from 'react';
import type { PaidPlanId } from '#contract/billing.ts';
import { usePlans } from '#web/lib/plans.ts';
import { useBillingConfig } from '../api/billing-config.ts';
import { createCheckoutSession } from '../api/checkout.ts';
import { canFallBackToPaymentLink, checkoutReturnUrls, safePaymentLink } from '../utils/checkout-urls.ts';
import { priceIdForPlan } from '../utils/plan-pricing.ts';

/** product.md, Plans and billing, "Checkout": idle, then processing (buttons disabled), then the redirect. */
export type CheckoutState = { status: 'idle' } | { status: 'processing' | 'redirecting'; planId: PaidPlanId };

export type CheckoutOptions = {
  /** Where "Cancel" on the payment page returns, a path on this site. */
  cancelPath: string;
  /** Prefills the payment form (the server prefers a signed-in user's own address). */
  customerEmail?: string | null;
  /** The upgrade dialog's rule: when no session can be created, use the plan's static payment link. */
  fallBackToPaymentLink?: boolean;
  /** Shows the failure in the caller's words (each screen has its own, product.md, Plans and billing). */
  onError: (error: unknown) => void;
};

/** Thrown when the deployment does not sell the plan (no price id configured). */
export class PlanNotSoldError extends Error {
  constructor() {
    super('Invalid plan type selected');
    this.name = 'PlanNotSoldError';
  }
}

/**
 * Starts a checkout for a plan and sends the browser to the provider's page. One checkout at a
 * time; the state returns to idle if the user comes back with the browser's Back button.
 */
export function useCheckout({ cancelPath, customerEmail = null, fallBackToPaymentLink = false, onError }: CheckoutOptions) {
  const plans = usePlans();
  const config = useBillingConfig();
  const [state, setState] = useState<CheckoutState>({ status: 'idle' });

  // A page restored from the back/forward cache would otherwise keep its buttons disabled.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setState({ status: 'idle' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = async (planId: PaidPlanId) => {
    if (state.status !== 'idle') return;
    setState({ status: 'processing', planId });
    const redirect = (url: string) => {
      setState({ status: 'redirecting', planId });
      window.location.assign(url);
    };
    try {
      const priceId = plans.data ? priceIdForPlan(plans.data, planId) : undefined;
      if (!priceId) throw new PlanNotSoldError();
      const { successUrl, cancelUrl } = checkoutReturnUrls(window.location.origin, cancelPath);
      const { url } = await createCheckoutSession({ priceId, successUrl, cancelUrl, customerEmail });
      if (!url) throw new Error('No checkout URL received');
      redirect(url);
    } catch (error) {
      const link = fallBackToPaymentLink && canFallBackToPaymentLink(error) ? safePaymentLink(config.data?.paymentLinks[planId]) : undefined;
      if (link) {
        redirect(link);
        return;
      }
      setState({ status: 'idle' });
      onError(error);
    }
  };

  return {
    state,
    start,
    busy: state.status !== 'idle',
    /** Plans and provider settings still loading: buttons wait. */
    ready: plans.isSuccess,
    testMode: config.data?.provider === 'local',
    /** No payment provider is configured (production): nothing can be bought. */
    paymentsUnavailable: config.data?.provider === 'none',
  };
}
