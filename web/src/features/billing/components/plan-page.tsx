import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import type { PaidTier, PlansResponse } from '#contract/plans.ts';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { PlanFeatures } from '#web/components/plans/plan-features.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api-fetch.ts';
import { usePlans } from '#web/lib/plans.ts';
import { useUser } from '#web/lib/session.ts';
import { useStartFreeTrial } from '../api/trial.ts';
import { type PlanPurchase, usePlanPurchase } from '../hooks/use-plan-purchase.ts';
import { INTERVALS, PAID_TIERS, planButtonLabel, planIdOf, priceIdForPlan, trialButtonLabel } from '../utils/plan-pricing.ts';
import { writeSelectedPlan } from '../utils/selected-plan.ts';
import { trialStatus, trialSummary } from '../utils/trial.ts';
import { IntervalSwitch } from './interval-switch.tsx';
import { PlanChangeDialog } from './plan-change-dialog.tsx';
import { PaymentsUnavailableNote, TestModeNote } from './test-mode-note.tsx';
import { TrialExpiredAlert } from './trial-expired-alert.tsx';
import { TrialPurchaseNote } from './trial-purchase-note.tsx';
import { UpgradeDialog } from './upgrade-dialog.tsx';

const SUBSCRIPTION_FAILED = 'Failed to start subscription process. Please try again.';

/** A refusal the user can act on (already on the plan, plan not sold) is worth showing as is. */
function refusalText(error: unknown): string | undefined {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : undefined;
}

/**
 * "Choose Your Plan" (/subscription and /subscription-page, product.md, Plans and billing): the free trial, then
 * Starter and Pro monthly or yearly, every figure from the catalogue. A Pro user has nothing to
 * choose and goes home; `?newUser=true` opens the upgrade dialog, and closing it goes home.
 */
export function PlanPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const newUser = params.get('newUser') === 'true';
  const { data: user } = useUser();
  const plans = usePlans();
  const [dialogOpen, setDialogOpen] = useState(newUser);
  const checkout = usePlanPurchase({
    user: user ?? null,
    cancelPath: '/subscription',
    customerEmail: user?.email ?? null,
    onError: (error) => toast.error(SUBSCRIPTION_FAILED, { description: refusalText(error) }),
  });

  if (user?.subscriptionTier === 'pro') return <Navigate to="/" replace />;

  const closeDialog = (open: boolean) => {
    setDialogOpen(open);
    if (!open && newUser) navigate('/');
  };

  return (
    <PageContainer>
      <PageHeader
        title="Choose Your Plan"
        description="Start with the free trial, or pick the plan that fits. Cancel any time; you keep your plan to the end of the period you paid for."
        actions={
          plans.isSuccess ? (
            <Button variant="outline" onClick={() => setDialogOpen(true)}>
              <Sparkles aria-hidden="true" /> Compare plans
            </Button>
          ) : null
        }
      />
      {plans.isPending ? (
        <PageSpinner />
      ) : plans.isError ? (
        <p role="alert" className="text-destructive">
          Plans could not be loaded.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void plans.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <div className="grid gap-6">
          {checkout.testMode ? <TestModeNote /> : null}
          {checkout.paymentsUnavailable ? <PaymentsUnavailableNote /> : null}
          {!user || user.subscriptionTier === 'free' ? <TrialCard plans={plans.data} user={user ?? null} /> : null}
          {user?.subscriptionTier === 'free' ? <TrialPurchaseNote user={user} catalogue={plans.data.catalogue} /> : null}
          <ul className="grid gap-6 md:grid-cols-2">
            {PAID_TIERS.map((tier) => (
              <li key={tier}>
                <PaidPlanCard tier={tier} plans={plans.data} current={user?.subscriptionTier === tier} checkout={checkout} />
              </li>
            ))}
          </ul>
          <PlanChangeDialog purchase={checkout} plans={plans.data} />
          <UpgradeDialog
            open={dialogOpen}
            onOpenChange={closeDialog}
            plans={plans.data}
            user={user ?? null}
            cancelPath={newUser ? '/subscription?newUser=true' : '/subscription'}
            footer={newUser && user?.subscriptionTier === 'free' ? <ContinueWithTrial plans={plans.data} /> : undefined}
          />
        </div>
      )}
    </PageContainer>
  );
}

/** A paid tier: its features, then a button per interval, or the interval switch when it is the user's plan. */
function PaidPlanCard({ tier, plans, current, checkout }: { tier: PaidTier; plans: PlansResponse; current: boolean; checkout: PlanPurchase }) {
  const info = plans.catalogue.tiers[tier];
  return (
    <Card className={tier === 'pro' ? 'h-full border-primary ring-1 ring-primary' : 'h-full'}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{info.label}</CardTitle>
          {current ? <Badge>Your current plan</Badge> : null}
        </div>
        <CardDescription>{info.tagline}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <PlanFeatures features={info.features} />
        {current ? (
          <div className="grid gap-3">
            <IntervalSwitch purchase={checkout} plans={plans} />
            <p className="text-sm text-muted-foreground">
              Manage or cancel it under{' '}
              <Link to="/profile" className="font-medium text-primary hover:underline">
                Profile Settings
              </Link>
              .
            </p>
          </div>
        ) : (
          <div className="grid gap-2">
            {INTERVALS.map((interval) => {
              const planId = planIdOf(tier, interval);
              const mine = checkout.state.status !== 'idle' && checkout.state.planId === planId;
              return (
                <Button
                  key={planId}
                  size="lg"
                  variant={interval === 'yearly' ? 'default' : 'outline'}
                  className="h-auto min-h-11 w-full py-2 whitespace-normal"
                  disabled={!checkout.ready || checkout.busy || !priceIdForPlan(plans, planId)}
                  onClick={() => void checkout.start(planId)}
                >
                  {mine ? 'Processing...' : planButtonLabel(plans.catalogue, planId)}
                  {mine ? null : <span className="sr-only"> ({info.label})</span>}
                </Button>
              );
            })}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The free trial: start it (signed in), sign up for it (visitor), or see where it stands. */
function TrialCard({ plans, user }: { plans: PlansResponse; user: User | null }) {
  const navigate = useNavigate();
  const startTrial = useStartFreeTrial();
  const { catalogue } = plans;
  const label = trialButtonLabel(catalogue);
  const status = user ? trialStatus(user, catalogue.trialDays) : null;

  const start = () =>
    startTrial.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: (error) => toast.error(SUBSCRIPTION_FAILED, { description: refusalText(error) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{catalogue.tiers.free.label}</CardTitle>
        <CardDescription>
          {catalogue.tiers.free.tagline}: {catalogue.trialDays} days free. No card needed.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        {status?.kind === 'expired' ? (
          <TrialExpiredAlert />
        ) : status?.kind === 'active' ? (
          <>
            <div className="grid gap-1" data-trial-status>
              <p className="font-semibold">{trialSummary(status, catalogue.trialDays).title}</p>
              <p className="text-sm text-muted-foreground">{trialSummary(status, catalogue.trialDays).detail}</p>
            </div>
            <Button variant="outline" onClick={() => navigate('/')}>
              Continue with the free trial
            </Button>
          </>
        ) : (
          <>
            <PlanFeatures features={catalogue.tiers.free.features} className="space-y-1 text-muted-foreground" />
            {status ? (
              <div className="grid gap-1" data-trial-status>
                <p className="font-semibold">{trialSummary(status, catalogue.trialDays).title}</p>
                <p className="text-sm text-muted-foreground">{trialSummary(status, catalogue.trialDays).detail}</p>
              </div>
            ) : null}
            {user ? (
              <Button size="lg" onClick={start} disabled={startTrial.isPending}>
                {startTrial.isPending ? 'Starting...' : label}
              </Button>
            ) : (
              <Button asChild size="lg">
                <Link to="/#free-trial-signup" onClick={() => writeSelectedPlan('free')}>
                  {label}
                </Link>
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The dialog's way out for a new user who does not want to pay now. */
function ContinueWithTrial({ plans }: { plans: PlansResponse }) {
  const navigate = useNavigate();
  const startTrial = useStartFreeTrial();
  return (
    <Button
      variant="ghost"
      disabled={startTrial.isPending}
      onClick={() =>
        startTrial.mutate(undefined, {
          // The trial runs from sign-up either way: a failure to record it does not block the user.
          onSettled: () => navigate('/'),
        })
      }
    >
      {startTrial.isPending ? 'Starting...' : `Not now: continue with the ${plans.catalogue.trialDays}-day free trial`}
    </Button>
  );
}
