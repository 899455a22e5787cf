import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

type DeferredProps = {
  children: ReactNode;
  /** Shown until the content is wanted and while its code loads; keeps the page's height. */
  placeholder: ReactNode;
  /** Render at once (the URL points into this part of the page). */
  eager?: boolean;
  id?: string;
};

/**
 * Renders lazily-loaded content below the fold once it comes near the viewport, or when the
 * browser is idle, whichever is first. The page's first download stays small; nothing waits on a
 * scroll for long.
 */
export function Deferred({ children, placeholder, eager = false, id }: DeferredProps) {
  const [wanted, setWanted] = useState(eager);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && want(), {
      rootMargin: '600px 0px',
    });
    if (ref.current) observer.observe(ref.current);
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? { kind: 'idle' as const, handle: window.requestIdleCallback(want, { timeout: 2000 }) }
        : { kind: 'timeout' as const, handle: window.setTimeout(want, 1200) };
    return () => {
      observer.disconnect();
      if (idle.kind === 'idle') window.cancelIdleCallback(idle.handle);
      else window.clearTimeout(idle.handle);
    };
  }, [wanted]);

  if (!wanted) {
    return (
      <div ref={ref} id={id}>
        {placeholder}
      </div>
    );
  }
  return <Suspense fallback={<div id={id}>{placeholder}</div>}>{children}</Suspense>;
}
