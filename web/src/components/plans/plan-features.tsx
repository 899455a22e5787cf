import { Check } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

/** A plan's features as the catalogue lists them, each with a check mark. */
export function PlanFeatures({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2 text-sm', className)}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
