import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import type { PlansResponse } from '#contract/plans.ts';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { usePlanPurchase } from '../hooks/use-plan-purchase.ts';
import { checkoutErrorText } from '../utils/checkout-urls.ts';
import { upgradeTiersFor } from '../utils/plan-pricing.ts';
import { PlanChangeDialog } from './plan-change-dialog.tsx';
import { PlanChooser } from './plan-chooser.tsx';
import { TestModeNote } from './test-mode-note.tsx';
import { TrialPurchaseNote } from './trial-purchase-note.tsx';

type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plans: PlansResponse;
  /** Null for a visitor: they pay first and create the account afterwards. */
  user: User | null;
  /** Where Cancel on the payment page comes back to. */
  cancelPath: string;
  footer?: ReactNode;
};

/**
 * "Upgrade Your Plan" (product.md, Plans and billing): Monthly and Yearly tabs, the tiers above the user's own. When
 * the provider cannot create a session, the plan's static payment link is used if one is set.
 */
export function UpgradeDialog({ open, onOpenChange, plans, user, cancelPath, footer }: UpgradeDialogProps) {
  const checkout = usePlanPurchase({
    user,
    cancelPath,
    customerEmail: user?.email ?? null,
    fallBackToPaymentLink: true,
    onError: (error) => toast.error('Checkout Error', { description: checkoutErrorText(error, 'Failed to start checkout process') }),
  });
  const tiers = upgradeTiersFor(user?.subscriptionTier ?? 'free');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Leaving while the browser is on its way to the payment page would only confuse.
        if (!next && (checkout.busy || checkout.pending)) return;
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Upgrade Your Plan</DialogTitle>
          <DialogDescription>
            Pay monthly or yearly. You can cancel at any time and keep your plan to the end of the period you paid for.
          </DialogDescription>
        </DialogHeader>
        {tiers.length === 0 ? (
          <p className="text-sm text-muted-foreground">You already have our most complete plan.</p>
        ) : (
          <>
          {user?.subscriptionTier === 'free' ? <TrialPurchaseNote user={user} catalogue={plans.catalogue} /> : null}
          <PlanChooser
            plans={plans}
            tiers={tiers}
            state={checkout.state}
            ready={checkout.ready}
            onChoose={(planId) => void checkout.start(planId)}
            actionLabel={(label) => (user && user.subscriptionTier !== 'free' ? `Upgrade to ${label}` : `Choose ${label}`)}
          />
          </>
        )}
        {checkout.current ? (
          <p className="text-sm text-muted-foreground">Upgrading changes your current subscription; the price is prorated.</p>
        ) : null}
        {checkout.testMode ? <TestModeNote /> : null}
        {footer ? <DialogFooter>{footer}</DialogFooter> : null}
        <PlanChangeDialog purchase={checkout} plans={plans} />
      </DialogContent>
    </Dialog>
  );
}
