import { Navigate } from 'react-router';
import { PricingCards } from '#web/features/plans/components/pricing-cards.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { usePlans } from '#web/lib/plans.ts';
import { useUser } from '#web/lib/session.ts';

/** The plan page's layout with the real catalogue; choosing a plan arrives with checkout. */
export default function SubscriptionRoute() {
  const plans = usePlans();
  const { data: user } = useUser();
  // Spec 2.16: a Pro user has nothing to choose here.
  if (user?.subscriptionTier === 'pro') return <Navigate to="/" replace />;
  return (
    <PageContainer>
      <PageHeader title="Choose Your Plan" />
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
        <>
          <PricingCards plans={plans.data} headingLevel="h2" />
          <p className="mt-8 text-sm text-muted-foreground">Online checkout is not available yet.</p>
        </>
      )}
    </PageContainer>
  );
}
