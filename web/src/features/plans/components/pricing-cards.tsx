import { PlanFeatures } from '#web/components/plans/plan-features.tsx';
import type { ReactNode } from 'react';
import type { PaidTier, PlansResponse, Tier } from '#contract/plans.ts';
import { formatPrice } from '#contract/prices.ts';
import { cn } from '#web/lib/cn.ts';

type PricingCardsProps = {
  plans: PlansResponse;
  /** The button or link under each card, if any. */
  renderAction?: (tier: Tier) => ReactNode;
  highlight?: Tier;
  /** h3 under a section heading (landing), h2 directly under the page title. */
  headingLevel?: 'h2' | 'h3';
};

function PaidPrice({ plans, tier }: { plans: PlansResponse; tier: PaidTier }) {
  const { prices } = plans.catalogue.tiers[tier];
  const currency = plans.catalogue.currency;
  const savings = plans.savings[tier];
  return (
    <div>
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight">{formatPrice(prices.monthly, currency)}</span>
        <span className="text-muted-foreground">/month</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        or {formatPrice(prices.yearly, currency)}/year
        {savings > 0 ? (
          <span className="ml-2 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
            Save {savings}%
          </span>
        ) : null}
      </p>
    </div>
  );
}

/** Free, Starter and Pro, every figure taken from the plan catalogue the server sends. */
export function PricingCards({ plans, renderAction, highlight = 'pro', headingLevel = 'h3' }: PricingCardsProps) {
  const Heading = headingLevel;
  const { tiers, trialDays } = plans.catalogue;
  const order: Tier[] = ['free', 'starter', 'pro'];
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {order.map((tier) => {
        const info = tiers[tier];
        const featured = tier === highlight;
        return (
          <li
            key={tier}
            aria-labelledby={`plan-${tier}`}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-surface p-6 shadow-sm',
              featured ? 'border-primary ring-1 ring-primary' : 'border-border',
            )}
          >
            {featured ? (
              <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-medium text-primary-foreground">
                Most complete
              </span>
            ) : null}
            <Heading id={`plan-${tier}`} className="text-lg font-semibold">
              {info.label}
            </Heading>
            <p className="text-sm text-muted-foreground">{info.tagline}</p>
            <div className="mt-6 min-h-20">
              {tier === 'free' ? (
                <div>
                  {/* Not a paragraph: a large, bold one alone reads as a heading that is not one (axe, p-as-heading). */}
                  <div className="text-4xl font-semibold tracking-tight">Free</div>
                  <p className="mt-1 text-sm text-muted-foreground">for {trialDays} days</p>
                </div>
              ) : (
                <PaidPrice plans={plans} tier={tier} />
              )}
            </div>
            <PlanFeatures features={info.features} className="mt-6 flex-1 space-y-3" />
            {renderAction ? <div className="mt-6">{renderAction(tier)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
