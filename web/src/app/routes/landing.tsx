import { lazy } from 'react';
import { useLocation } from 'react-router';
import { Deferred } from '#web/components/layout/deferred.tsx';
import { LandingHero } from '#web/features/marketing/components/landing-hero.tsx';
import { PromisesSection } from '#web/features/marketing/components/promises-section.tsx';
import { usePlans } from '#web/lib/plans.ts';

const PricingSection = lazy(() => import('./parts/landing-sections.tsx').then((module) => ({ default: module.PricingSection })));
const SignupSection = lazy(() => import('./parts/landing-sections.tsx').then((module) => ({ default: module.SignupSection })));

/** The signed-out home page: hero, pricing from the plan catalogue, and the free-trial sign-up. */
export default function LandingRoute() {
  const plans = usePlans();
  const { hash } = useLocation();
  const deepLinked = hash === '#pricing' || hash === '#free-trial-signup';
  return (
    <>
      <LandingHero trialDays={plans.data?.catalogue.trialDays} />
      <PromisesSection />
      <Deferred eager={deepLinked} id="pricing" placeholder={<div className="min-h-[720px] border-y border-border bg-surface/60" />}>
        <PricingSection />
      </Deferred>
      <Deferred eager={deepLinked} id="free-trial-signup" placeholder={<div className="min-h-[560px]" />}>
        <SignupSection />
      </Deferred>
    </>
  );
}
