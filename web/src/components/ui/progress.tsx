import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A progress bar (role="progressbar"); `value` and `max` are announced, so give it a label. */
export function Progress({ className, value, max = 100, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = value == null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root value={value} max={max} className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted', className)} {...props}>
      <ProgressPrimitive.Indicator className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </ProgressPrimitive.Root>
  );
}
