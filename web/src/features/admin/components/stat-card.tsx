import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';

/** One figure with its label and a line of context. */
export function StatCard({ label, value, detail, icon }: { label: string; value: ReactNode; detail?: ReactNode; icon?: ReactNode }) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        {icon ? <span className="text-muted-foreground [&_svg]:size-4">{icon}</span> : null}
      </div>
      <div className="mt-2 text-3xl font-semibold tracking-tight tabular-nums">{value}</div>
      {detail ? <p className="mt-1 text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

/** A stat card's value while it loads, without shifting the layout. */
export function StatPlaceholder() {
  return <span aria-hidden="true" className="inline-block h-8 w-16 animate-pulse rounded bg-muted motion-reduce:animate-none" />;
}
