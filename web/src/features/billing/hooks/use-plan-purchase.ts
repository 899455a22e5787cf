import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import type { PaidPlanId } from '#contract/billing.ts';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { usePlans } from '#web/lib/plans.ts';
import { useChangePlan, useCurrentSubscription, watchPlanChange } from '../api/subscription.ts';
import { planName, priceIdForPlan } from '../utils/plan-pricing.ts';
import { type CheckoutOptions, useCheckout } from './use-checkout.ts';

/**
 * Choosing a paid plan. Without a subscription that is a checkout; a subscriber changes the plan
 * of the subscription they have (decision 012), after confirming, and never buys a second one.
 */
export function usePlanPurchase({ user, ...options }: CheckoutOptions & { user: User | null }) {
  const queryClient = useQueryClient();
  const { data: plans } = usePlans();
  const checkout = useCheckout(options);
  const subscription = useCurrentSubscription(user !== null);
  const change = useChangePlan();
  const [pending, setPending] = useState<PaidPlanId | null>(null);
  const stopWatching = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => stopWatching.current?.(), []);

  const current = subscription.data?.subscription ?? null;

  const start = (planId: PaidPlanId) => {
    if (current) setPending(planId);
    else void checkout.start(planId);
  };

  const confirmChange = async () => {
    const priceId = pending && plans ? priceIdForPlan(plans, pending) : undefined;
    if (!pending || !priceId) return;
    try {
      await change.mutateAsync({ priceId });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Your plan could not be changed. Please try again.') });
      return;
    }
    const planId = pending;
    setPending(null);
    const name = plans ? planName(plans.catalogue, planId) : planId;
    toast.info('Changing your plan', { description: `Your subscription is moving to ${name}. This page updates when it is done.`, id: 'plan-change' });
    stopWatching.current?.();
    stopWatching.current = watchPlanChange(queryClient, planId, () => {
      toast.success('Plan changed', { description: `Your plan is now ${name}.`, id: 'plan-change' });
    });
  };

  return {
    ...checkout,
    start,
    busy: checkout.busy || change.isPending,
    /** Plans, and for a signed-in user whether they subscribe, still loading: buttons wait. */
    ready: checkout.ready && !(user !== null && subscription.isPending),
    /** The subscription a change applies to, if any. */
    current,
    /** The plan waiting for the subscriber's confirmation. */
    pending,
    changing: change.isPending,
    confirmChange,
    cancelChange: () => setPending(null),
  };
}

export type PlanPurchase = ReturnType<typeof usePlanPurchase>;
