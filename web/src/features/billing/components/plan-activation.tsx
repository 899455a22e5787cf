import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { User } from '#contract/auth.ts';
import { BILLING_MESSAGES, type CheckoutSession } from '#contract/billing.ts';
import type { Tier } from '#contract/plans.ts';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePlans } from '#web/lib/plans.ts';
import { setSignedInUser } from '#web/lib/session.ts';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useAttachPayment } from '../api/attach-payment.ts';
import { useCheckoutSession } from '../api/checkout-session.ts';
import { ACTIVATION_PATIENCE_MS, ACTIVATION_POLL_MS, fetchCurrentUser } from '../api/plan-activation.ts';
import { tierCovers } from '../utils/plan-pricing.ts';
import { PaymentHeading, SupportLink, VerifyingPayment } from './payment-status.tsx';

/**
 * A signed-in user back from an upgrade checkout. The tier changes only when the provider's
 * event is applied on the server, never because the browser came back, so this page reads the
 * user until the paid tier shows, and says so while it waits.
 */
export function PlanActivation({ sessionId, user }: { sessionId: string; user: User }) {
  const session = useCheckoutSession(sessionId);
  const { data: plans } = usePlans();

  const target = session.data?.tier;
  const paid = session.data?.status === 'complete' && session.data.paid;
  const active = target !== undefined && target !== 'free' && tierCovers(user.subscriptionTier, target);
  const waiting = paid && Boolean(session.data?.accountLinked) && !active;
  const wait = useActivationWait(sessionId, target, waiting);
  const planLabel = target && target !== 'free' && plans ? plans.catalogue.tiers[target].label : 'new';

  if (session.isPending) {
    return (
      <PageContainer className="max-w-lg">
        <PaymentHeading tone="success" title="Payment Successful!" />
        <VerifyingPayment />
      </PageContainer>
    );
  }
  if (session.isError || !paid) return <PaymentNotTaken sessionId={sessionId} status={session.data?.status} />;
  if (active) return <PlanActive planLabel={planLabel} />;
  if (!session.data.accountLinked) {
    // Paid signed out (then signed in here), or through the static fallback link.
    return <AttachPayment sessionId={sessionId} user={user} paidWith={session.data.customerEmail} planLabel={planLabel} />;
  }

  return (
    <PageContainer className="max-w-lg">
      <PaymentHeading tone="success" title="Payment Successful!">
        Your {planLabel} plan is being activated.
      </PaymentHeading>
      {wait.outOfPatience ? (
        <div role="status" className="grid gap-4 text-center text-sm">
          <p>
            This is taking longer than usual. Your payment is safe: the plan switches on as soon as the payment provider
            confirms it. You can keep using StackLab meanwhile; if nothing changes within the hour, write to <SupportLink />.
          </p>
          <Button variant="outline" onClick={wait.checkAgain}>
            Check again
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 text-center text-sm text-muted-foreground">
          <Spinner label="Activating your plan" />
          <p>This usually takes a few seconds. This page updates by itself.</p>
        </div>
      )}
      <div className="mt-6 text-center">
        <Button asChild variant="ghost">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </PageContainer>
  );
}

/** While waiting, reads the user until the paid tier shows, for a while; then says so, and can start again. */
function useActivationWait(sessionId: string, target: Tier | undefined, waiting: boolean) {
  const queryClient = useQueryClient();
  const [waitStartedAt, setWaitStartedAt] = useState(() => Date.now());
  const [outOfPatience, setOutOfPatience] = useState(false);

  const poll = useQuery({
    queryKey: ['billing', 'activation', sessionId, waitStartedAt],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: waiting && !outOfPatience,
    refetchInterval: ACTIVATION_POLL_MS,
    retry: false,
    gcTime: 0,
  });

  // The tier arrived: the whole app (header, profile, limits) learns it from the session query.
  useEffect(() => {
    if (poll.data && target && tierCovers(poll.data.subscriptionTier, target)) setSignedInUser(queryClient, poll.data);
  }, [poll.data, target, queryClient]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setOutOfPatience(true), Math.max(0, waitStartedAt + ACTIVATION_PATIENCE_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [waiting, waitStartedAt]);

  const checkAgain = () => {
    setOutOfPatience(false);
    setWaitStartedAt(Date.now());
  };
  return { outOfPatience, checkAgain };
}

/** Not paid: still open, closed, or not confirmed by the provider. */
function PaymentNotTaken({ sessionId, status }: { sessionId: string; status: CheckoutSession['status'] | undefined }) {
  return (
    <PageContainer className="max-w-lg">
      <PaymentHeading tone="error" title={status === 'open' ? 'Payment not completed' : status === 'expired' ? 'Checkout closed' : 'Payment not confirmed'}>
        <p role="alert">
          {status === 'open'
            ? 'This payment has not been completed, so your plan has not changed.'
            : status === 'expired'
              ? 'This checkout was cancelled or has expired. Nothing was charged and your plan has not changed.'
              : BILLING_MESSAGES.paymentUnverified}
        </p>
        {status === 'open' || status === 'expired' ? null : (
          <p className="mt-2 text-sm">
            Write to <SupportLink /> and quote the reference <span className="font-mono break-all">{sessionId}</span>.
          </p>
        )}
      </PaymentHeading>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to="/subscription">See plans</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </PageContainer>
  );
}

function PlanActive({ planLabel }: { planLabel: string }) {
  return (
    <PageContainer className="max-w-lg">
      <PaymentHeading tone="success" title="Payment Successful!">
        <p role="status">Your {planLabel} plan is active. Thank you!</p>
      </PaymentHeading>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/profile">See your plan</Link>
        </Button>
      </div>
    </PageContainer>
  );
}

/**
 * A payment that is not tied to an account yet, seen by a signed-in user. It can be added to this
 * account when it was made with this account's e-mail (the server checks the same); otherwise
 * support moves it by hand.
 */
function AttachPayment({ sessionId, user, paidWith, planLabel }: { sessionId: string; user: User; paidWith: string | null; planLabel: string }) {
  const attach = useAttachPayment(sessionId);
  const sameEmail = paidWith !== null && paidWith.toLowerCase() === user.email.toLowerCase();
  return (
    <PageContainer className="max-w-lg">
      <PaymentHeading tone="success" title="Payment received">
        {sameEmail ? (
          <p>
            This {planLabel} payment was made with <strong className="text-foreground">{paidWith}</strong> and is not part of an account yet.
            Add it to your account to switch your plan on.
          </p>
        ) : (
          <p role="alert">
            {paidWith ? BILLING_MESSAGES.paymentOtherEmail.replace('{email}', paidWith) : 'This payment is not linked to an account yet.'} Write
            to <SupportLink /> and quote the reference <span className="font-mono break-all">{sessionId}</span>, and we will move it to your account.
          </p>
        )}
      </PaymentHeading>
      {attach.isError ? (
        <p role="alert" className="mb-4 text-center text-sm text-destructive">
          {errorMessage(attach.error, 'The payment could not be added. Please try again.')}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        {sameEmail ? (
          <Button disabled={attach.isPending} onClick={() => attach.mutate()}>
            {attach.isPending ? 'Adding...' : 'Add this payment to my account'}
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
