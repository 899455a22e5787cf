import type { PlansResponse } from '#contract/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { PlanPurchase } from '../hooks/use-plan-purchase.ts';
import { planButtonLabel, planIdOf, priceIdForPlan, splitPlanId } from '../utils/plan-pricing.ts';

/** A subscriber's way to pay yearly instead of monthly, or back: the same tier, the other interval. */
export function IntervalSwitch({ purchase, plans }: { purchase: PlanPurchase; plans: PlansResponse }) {
  const planId = purchase.current?.planId;
  if (!planId) return null;
  const { tier, interval } = splitPlanId(planId);
  const other = planIdOf(tier, interval === 'monthly' ? 'yearly' : 'monthly');
  if (!priceIdForPlan(plans, other)) return null;
  return (
    <Button variant="outline" className="h-auto min-h-10 whitespace-normal" disabled={!purchase.ready || purchase.busy} onClick={() => purchase.start(other)}>
      Switch to {planButtonLabel(plans.catalogue, other)}
    </Button>
  );
}
