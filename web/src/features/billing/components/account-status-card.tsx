import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import type { PaidPlanId } from '#contract/billing.ts';
import type { PlanCatalogue, PlansResponse } from '#contract/plans.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { usePlans } from '#web/lib/plans.ts';
import { useCreatePortalSession } from '../api/portal.ts';
import { usePlanPurchase } from '../hooks/use-plan-purchase.ts';
import { planName, upgradeTiersFor } from '../utils/plan-pricing.ts';
import { trialStatus, trialSummary } from '../utils/trial.ts';
import { usageRows } from '../utils/usage.ts';
import { IntervalSwitch } from './interval-switch.tsx';
import { PlanChangeDialog } from './plan-change-dialog.tsx';
import { PlanChooser } from './plan-chooser.tsx';
import { TestModeNote } from './test-mode-note.tsx';
import { TrialExpiredAlert } from './trial-expired-alert.tsx';
import { TrialExtension } from './trial-extension.tsx';
import { TrialPurchaseNote } from './trial-purchase-note.tsx';

const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * The profile's account status (product.md, Accounts): the tier ("Free Trial" for free), usage against the
 * limits for paid tiers, the trial for free users with the plans to upgrade to, the upgrade to
 * Pro for Starter, and the subscription settings for paying users.
 */
export function AccountStatusCard({ user }: { user: User }) {
  const plans = usePlans();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Account Status</CardTitle>
        <CardDescription>Your plan, what you have used, and your options.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {plans.isPending ? (
          <Spinner label="Loading your plan" />
        ) : plans.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            Your plan could not be loaded.
            <Button size="sm" variant="outline" onClick={() => void plans.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <AccountStatus user={user} plans={plans.data} />
        )}
      </CardContent>
    </Card>
  );
}

function AccountStatus({ user, plans }: { user: User; plans: PlansResponse }) {
  const { catalogue } = plans;
  const tier = user.subscriptionTier;
  const upgrades = upgradeTiersFor(tier);
  const checkout = usePlanPurchase({
    user,
    cancelPath: '/profile',
    customerEmail: user.email,
    onError: (error) =>
      toast.error('Error', {
        description: isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : 'Failed to start subscription process',
      }),
  });
  const choose = (planId: PaidPlanId) => void checkout.start(planId);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">Plan</span>
          <Badge variant={tier === 'free' ? 'outline' : 'default'} className="text-sm">
            {catalogue.tiers[tier].label}
          </Badge>
        </div>
        {tier !== 'free' ? <ManageSubscriptionButton /> : null}
      </div>

      {checkout.current ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            {checkout.current.planId ? planName(catalogue, checkout.current.planId) : catalogue.tiers[checkout.current.tier].label}
            {checkout.current.currentPeriodEnd && !checkout.current.cancelAtPeriodEnd
              ? `, renews on ${longDate.format(new Date(checkout.current.currentPeriodEnd))}`
              : ''}
            .
          </p>
          <IntervalSwitch purchase={checkout} plans={plans} />
        </div>
      ) : null}

      {tier !== 'free' && user.subscriptionEndsAt ? (
        <p className="text-sm">
          Your subscription is cancelled: you keep {catalogue.tiers[tier].label} until{' '}
          <strong>{longDate.format(new Date(user.subscriptionEndsAt))}</strong>.
        </p>
      ) : null}

      {tier === 'free' ? <TrialSection user={user} catalogue={catalogue} /> : <UsageList user={user} catalogue={catalogue} />}

      {upgrades.length > 0 ? (
        <section aria-labelledby="upgrade-title" className="grid gap-3 border-t border-border pt-6">
          <div>
            <h3 id="upgrade-title" className="font-semibold">
              {tier === 'free' ? 'Upgrade your plan' : `Upgrade to ${catalogue.tiers.pro.label}`}
            </h3>
            <p className="text-sm text-muted-foreground">
              {tier === 'free'
                ? 'Keep everything you have logged and get more from the assistant and your lab reports.'
                : checkout.current
                  ? 'Upgrading changes your current subscription; the price is prorated.'
                  : `Your ${catalogue.tiers[tier].label} plan stays until you change it.`}
            </p>
          </div>
          {tier === 'free' ? <TrialPurchaseNote user={user} catalogue={catalogue} /> : null}
          <PlanChooser
            plans={plans}
            tiers={upgrades}
            state={checkout.state}
            ready={checkout.ready}
            onChoose={choose}
            actionLabel={(label) => (tier === 'free' ? `Choose ${label}` : `Upgrade to ${label}`)}
          />
          {checkout.testMode ? <TestModeNote /> : null}
        </section>
      ) : null}
      <PlanChangeDialog purchase={checkout} plans={plans} />
    </>
  );
}

function TrialSection({ user, catalogue }: { user: User; catalogue: PlanCatalogue }) {
  const status = trialStatus(user, catalogue.trialDays);
  return (
    <div className="grid gap-4">
      {status.kind === 'expired' ? (
        <TrialExpiredAlert />
      ) : (
        <div className="grid gap-2" data-trial-status>
          <h3 className="text-lg font-semibold tracking-tight">{trialSummary(status, catalogue.trialDays).title}</h3>
          <p className="text-sm text-muted-foreground">{trialSummary(status, catalogue.trialDays).detail}</p>
          {status.kind === 'active' ? (
            <Progress value={status.daysLeft} max={Math.max(catalogue.trialDays, status.daysLeft)} aria-label="Trial days remaining" />
          ) : null}
        </div>
      )}
      {status.kind !== 'expired' ? <TrialExtension user={user} catalogue={catalogue} /> : null}
    </div>
  );
}

function UsageList({ user, catalogue }: { user: User; catalogue: PlanCatalogue }) {
  const rows = usageRows(user, catalogue, user.subscriptionTier);
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.key} className="grid gap-2">
          <dt className="text-sm text-muted-foreground">{row.label}</dt>
          <dd className="grid gap-2">
            <span className="font-medium">{row.text}</span>
            {row.limit !== null ? <Progress value={Math.min(row.used, row.limit)} max={Math.max(row.limit, 1)} aria-label={row.label} /> : null}
            {row.note ? <span className="text-xs text-muted-foreground">{row.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The provider's page to change the card or cancel (the local test portal without Stripe). */
function ManageSubscriptionButton() {
  const portal = useCreatePortalSession();
  return (
    <Button
      variant="outline"
      disabled={portal.isPending || portal.isSuccess}
      onClick={() =>
        portal.mutate(undefined, {
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not open the subscription settings. Please try again.') }),
        })
      }
    >
      <ExternalLink aria-hidden="true" /> {portal.isPending ? 'Opening...' : 'Manage subscription'}
    </Button>
  );
}
