import { PlanFeatures } from '#web/components/plans/plan-features.tsx';
import { useId, useState } from 'react';
import type { BillingInterval, PaidTier, PlansResponse } from '#contract/plans.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import type { PaidPlanId } from '#contract/billing.ts';
import type { CheckoutState } from '../hooks/use-checkout.ts';
import { INTERVALS, planIdOf, planName, priceIdForPlan, priceText, yearlySavings, yearlyTabLabel } from '../utils/plan-pricing.ts';

type PlanChooserProps = {
  plans: PlansResponse;
  /** The tiers offered, in order (Starter and Pro, or Pro alone for a Starter user). */
  tiers: readonly PaidTier[];
  state: CheckoutState;
  ready: boolean;
  onChoose: (planId: PaidPlanId) => void;
  /** "Choose Starter" by default; "Upgrade to Pro" reads better for an upgrade. */
  actionLabel?: (label: string) => string;
  defaultInterval?: BillingInterval;
};

/**
 * Monthly and Yearly tabs with one card per tier for the chosen interval (the upgrade dialog,
 * product.md, Plans and billing). The yearly tab names the saving computed from the catalogue's prices.
 */
export function PlanChooser({ plans, tiers, state, ready, onChoose, actionLabel = (label) => `Choose ${label}`, defaultInterval = 'monthly' }: PlanChooserProps) {
  const [interval, setInterval] = useState<BillingInterval>(defaultInterval);
  const id = useId();
  const { catalogue } = plans;
  const busy = state.status !== 'idle';

  return (
    <Tabs value={interval} onValueChange={(value) => setInterval(value as BillingInterval)}>
      <TabsList aria-label="Billing interval">
        <TabsTrigger value="monthly">Monthly</TabsTrigger>
        <TabsTrigger value="yearly">{yearlyTabLabel(catalogue, tiers)}</TabsTrigger>
      </TabsList>
      {INTERVALS.map((tabInterval) => (
        <TabsContent key={tabInterval} value={tabInterval}>
          <ul className={tiers.length > 1 ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>
            {tiers.map((tier) => {
              const planId = planIdOf(tier, tabInterval);
              const info = catalogue.tiers[tier];
              const savings = tabInterval === 'yearly' ? yearlySavings(catalogue, tier) : 0;
              const sold = priceIdForPlan(plans, planId) !== undefined;
              const mine = state.status !== 'idle' && state.planId === planId;
              const headingId = `${id}-${planId}`;
              return (
                <li key={tier} aria-labelledby={headingId} className="flex flex-col rounded-xl border border-border bg-surface p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <h3 id={headingId} className="font-semibold">
                        {info.label}
                      </h3>
                      <p className="text-sm text-muted-foreground">{info.tagline}</p>
                    </div>
                    {savings > 0 ? <Badge>Save {savings}%</Badge> : null}
                  </div>
                  <p className="mt-3 text-2xl font-semibold tracking-tight">{priceText(catalogue, planId)}</p>
                  <PlanFeatures features={info.features} className="mt-3 flex-1" />
                  <Button
                    className="mt-4 w-full"
                    variant={tier === 'pro' ? 'default' : 'outline'}
                    disabled={!ready || busy || !sold}
                    onClick={() => onChoose(planId)}
                  >
                    {mine ? (
                      state.status === 'redirecting' ? 'Redirecting...' : 'Processing...'
                    ) : sold ? (
                      <>
                        {actionLabel(info.label)}
                        <span className="sr-only"> ({planName(catalogue, planId)})</span>
                      </>
                    ) : (
                      'Not available'
                    )}
                  </Button>
                </li>
              );
            })}
          </ul>
        </TabsContent>
      ))}
    </Tabs>
  );
}
