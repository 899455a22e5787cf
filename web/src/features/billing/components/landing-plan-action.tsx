import { toast } from 'sonner';
import type { Tier } from '#contract/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { usePlans } from '#web/lib/plans.ts';
import { useCheckout } from '../hooks/use-checkout.ts';
import { checkoutErrorText } from '../utils/checkout-urls.ts';
import { INTERVALS, planIdOf, priceIdForPlan } from '../utils/plan-pricing.ts';
import { writeSelectedPlan } from '../utils/selected-plan.ts';

/**
 * The buttons under a landing pricing card. Free goes to the sign-up card; a paid plan starts a
 * checkout at once: the visitor pays first and creates the account on /payment-success.
 */
export function LandingPlanAction({ tier }: { tier: Tier }) {
  const plans = usePlans();
  const checkout = useCheckout({
    cancelPath: '/#pricing',
    onError: (error) => toast.error('Checkout Error', { description: checkoutErrorText(error, 'Failed to start checkout process') }),
  });

  if (tier === 'free') {
    return (
      <Button asChild variant="outline" className="w-full">
        <a href="#free-trial-signup" onClick={() => writeSelectedPlan('free')}>
          Start Free Trial
        </a>
      </Button>
    );
  }

  const catalogue = plans.data?.catalogue;
  return (
    <div className="grid gap-2">
      {INTERVALS.map((interval) => {
        const planId = planIdOf(tier, interval);
        const mine = checkout.state.status !== 'idle' && checkout.state.planId === planId;
        // The card above already shows both prices and the yearly saving.
        const label = interval === 'monthly' ? 'Pay monthly' : 'Pay yearly';
        return (
          <Button
            key={planId}
            variant={tier === 'pro' && interval === 'monthly' ? 'default' : 'outline'}
            className="w-full"
            disabled={!checkout.ready || checkout.busy || !plans.data || !priceIdForPlan(plans.data, planId)}
            onClick={() => {
              writeSelectedPlan(planId);
              void checkout.start(planId);
            }}
          >
            {mine ? 'Processing...' : label}
            {!mine && catalogue ? (
              <span className="sr-only"> for {catalogue.tiers[tier].label}</span>
            ) : null}
          </Button>
        );
      })}
    </div>
  );
}
