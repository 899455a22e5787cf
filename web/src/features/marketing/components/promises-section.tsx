import { Activity, FlaskConical, LineChart, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { MARKETING_PROMISES, type MarketingPromise } from '../marketing-content.ts';

const ICONS: Record<MarketingPromise['id'], ReactNode> = {
  tracking: <Activity aria-hidden="true" />,
  labs: <FlaskConical aria-hidden="true" />,
  insights: <Sparkles aria-hidden="true" />,
  analytics: <LineChart aria-hidden="true" />,
};

export function PromisesSection() {
  return (
    <section aria-labelledby="promises-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="promises-title" className="sr-only">
        What StackLab does
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {MARKETING_PROMISES.map((promise) => (
          <li key={promise.id} className="rounded-xl border border-border bg-surface p-6 shadow-sm">
            <span className="mb-4 flex size-10 items-center justify-center rounded-lg bg-secondary text-primary [&_svg]:size-5">
              {ICONS[promise.id]}
            </span>
            <h3 className="font-semibold">{promise.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{promise.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
