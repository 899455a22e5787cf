import { cn } from '#web/lib/cn.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-primary/25 border-t-primary motion-reduce:animate-[spin_1.5s_linear_infinite]"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The centred spinner shown while the session (or a page) loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center">
      <Spinner className="[&>span:first-child]:size-8" />
    </div>
  );
}

/**
 * A page's body until its first data is in, a screen tall, so that the cards appear together
 * below the page's title and nothing under them (the footer) moves. Cards that drew themselves
 * one by one pushed the cards below them down as each one's data arrived (layout shift).
 */
export function PageBodySpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen justify-center pt-16">
      <Spinner label={label} className="[&>span:first-child]:size-8" />
    </div>
  );
}
