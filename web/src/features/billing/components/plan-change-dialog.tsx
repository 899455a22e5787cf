import type { PlansResponse } from '#contract/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import type { PlanPurchase } from '../hooks/use-plan-purchase.ts';
import { planName, priceText, splitPlanId } from '../utils/plan-pricing.ts';

/** A subscriber confirms a plan change: what changes, and how it is charged (decision 012). */
export function PlanChangeDialog({ purchase, plans }: { purchase: PlanPurchase; plans: PlansResponse }) {
  const { pending, current } = purchase;
  const { catalogue } = plans;
  const from = current?.planId ? planName(catalogue, current.planId) : current ? catalogue.tiers[current.tier].label : '';
  const newInterval = pending && current?.interval && splitPlanId(pending).interval !== current.interval;

  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open && !purchase.changing) purchase.cancelChange();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change your plan</DialogTitle>
          <DialogDescription>
            {pending ? (
              <>
                Your subscription moves from <strong>{from}</strong> to <strong>{planName(catalogue, pending)}</strong> (
                {priceText(catalogue, pending)}) now.
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p>
            The change is prorated: what you have not used of the current period counts toward the new price, and any
            difference is charged to the payment method of your subscription.
          </p>
          {newInterval ? <p>A new billing period starts today.</p> : null}
          {current?.cancelAtPeriodEnd ? <p>Your subscription was set to end; changing the plan keeps it running.</p> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={purchase.changing} onClick={purchase.cancelChange}>
            Cancel
          </Button>
          <Button disabled={purchase.changing} onClick={() => void purchase.confirmChange()}>
            {purchase.changing ? 'Changing...' : 'Confirm change'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
