import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SignupCard } from '#web/features/auth/components/signup-card.tsx';
import { LandingPlanAction } from '#web/features/billing/components/landing-plan-action.tsx';
import { SelectedPlanNote } from '#web/features/billing/components/selected-plan-note.tsx';
import { useAfterSignup } from '#web/features/billing/hooks/use-after-signup.ts';
import { PricingCards } from '#web/features/plans/components/pricing-cards.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePlans } from '#web/lib/plans.ts';

/** Pricing from the plan catalogue; loaded after the hero (it needs the contract's schemas). */
export function PricingSection() {
  const plans = usePlans();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 border-y border-border bg-surface/60">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="mb-10 max-w-2xl">
          <h2 id="pricing-title" className="text-3xl font-semibold tracking-tight">
            Simple pricing
          </h2>
          <p className="mt-2 text-muted-foreground">
            Everyone starts with the free trial. Upgrade when you want lab uploads and more from the assistant.
          </p>
        </div>
        {plans.isPending ? (
          <Spinner label="Loading plans" />
        ) : plans.isError ? (
          <p role="alert" className="text-destructive">
            Plans could not be loaded.{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void plans.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <PricingCards
            plans={plans.data}
            renderAction={(tier) => <LandingPlanAction tier={tier} />}
          />
        )}
      </div>
    </section>
  );
}

/** The free-trial sign-up (anchor free-trial-signup). */
export function SignupSection() {
  const { hash } = useLocation();
  // product.md, Pages, "Signup with a plan": the plan chosen on the pricing cards (free by default).
  const afterSignup = useAfterSignup();

  // Arriving with /#free-trial-signup: the card exists only now, so scroll to it now.
  useEffect(() => {
    if (hash === '#free-trial-signup') document.getElementById('free-trial-signup')?.scrollIntoView();
  }, [hash]);

  return (
    <section aria-labelledby="signup-title" className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:items-center">
      <div>
        <h2 id="signup-title" className="text-3xl font-semibold tracking-tight">
          Start tracking today
        </h2>
        <p className="mt-3 text-muted-foreground">
          Create your account, add your supplements, and upload your first lab report when you are ready. Your data stays
          yours: you can export or delete it at any time.
        </p>
      </div>
      <SignupCard onSignedUp={afterSignup} notice={<SelectedPlanNote />} />
    </section>
  );
}
