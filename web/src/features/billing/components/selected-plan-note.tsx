import { useSyncExternalStore } from 'react';
import { usePlans } from '#web/lib/plans.ts';
import { planName, priceText } from '../utils/plan-pricing.ts';
import { readSelectedPlan, subscribeSelectedPlan, writeSelectedPlan } from '../utils/selected-plan.ts';

/**
 * Above the landing sign-up form when a paid plan was chosen earlier (and its checkout left): the
 * visitor sees that sign-up continues to that checkout, and can switch to the free trial.
 */
export function SelectedPlanNote() {
  const planId = useSyncExternalStore(subscribeSelectedPlan, readSelectedPlan, () => 'free' as const);
  const { data: plans } = usePlans();
  if (planId === 'free' || !plans) return null;
  return (
    <div role="status" className="rounded-lg border border-border bg-muted/60 p-3 text-sm">
      <p>
        Chosen plan: <strong>{planName(plans.catalogue, planId)}</strong> ({priceText(plans.catalogue, planId)}). After
        creating your account you go on to checkout.
      </p>
      <button type="button" className="mt-1 font-medium text-primary hover:underline" onClick={() => writeSelectedPlan('free')}>
        Start with the free trial instead
      </button>
    </div>
  );
}
