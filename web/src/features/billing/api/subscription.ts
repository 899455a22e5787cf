import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ChangePlanBody, ChangePlanResult, PaidPlanId } from '#contract/billing.ts';
import { api } from '#web/lib/api.ts';
import { refreshUser } from '#web/lib/session.ts';
import { ACTIVATION_PATIENCE_MS, ACTIVATION_POLL_MS } from './plan-activation.ts';

/** `GET /api/billing/subscription`: the running subscription a plan change applies to. */
export const subscriptionQueryOptions = queryOptions({
  queryKey: ['billing', 'subscription'],
  queryFn: ({ signal }) => api('GET /api/billing/subscription', { signal }),
  staleTime: 30_000,
});

export function useCurrentSubscription(enabled: boolean) {
  return useQuery({ ...subscriptionQueryOptions, enabled });
}

/** `POST /api/stripe/change-plan`: the subscription moves to another price, prorated. */
export function changePlan(body: ChangePlanBody): Promise<ChangePlanResult> {
  return api('POST /api/stripe/change-plan', { body });
}

export function useChangePlan() {
  return useMutation({ mutationFn: changePlan });
}

/**
 * After a plan change the provider's event sets the plan, usually within seconds: read the
 * subscription until it shows the new plan, then refresh the user (tier, limits) everywhere.
 */
export function watchPlanChange(queryClient: QueryClient, planId: PaidPlanId, onApplied: () => void): () => void {
  const started = Date.now();
  let timer: number | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      const { subscription } = await queryClient.fetchQuery({ ...subscriptionQueryOptions, staleTime: 0 });
      if (subscription?.planId === planId) {
        await refreshUser(queryClient);
        if (!stopped) onApplied();
        return;
      }
    } catch {
      // A network hiccup: try again until patience runs out.
    }
    if (!stopped && Date.now() - started < ACTIVATION_PATIENCE_MS) timer = window.setTimeout(() => void tick(), ACTIVATION_POLL_MS);
  };
  void tick();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
