import { Activity, FlaskConical, Sparkles, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { AUTH_BENEFITS, type AuthBenefitTitle } from '../marketing-content.ts';

const ICONS: Record<AuthBenefitTitle, ReactNode> = {
  'Smart Supplement Tracking': <Activity aria-hidden="true" />,
  'Upload Labs & Bloodwork': <FlaskConical aria-hidden="true" />,
  'Individualized Insights': <Sparkles aria-hidden="true" />,
  'Optimize Your Health Journey': <TrendingUp aria-hidden="true" />,
};

/** The four benefit cards of the auth page's sign-up mode. */
export function BenefitCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {AUTH_BENEFITS.map((benefit) => (
        <li key={benefit.title} className="rounded-xl border border-border bg-surface/90 p-5 text-left shadow-sm backdrop-blur">
          <span className="mb-3 flex size-9 items-center justify-center rounded-lg bg-secondary text-primary [&_svg]:size-5">
            {ICONS[benefit.title]}
          </span>
          <h3 className="font-semibold">{benefit.title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{benefit.description}</p>
        </li>
      ))}
    </ul>
  );
}
