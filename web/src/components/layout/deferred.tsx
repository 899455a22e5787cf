import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

type DeferredProps = {
  children: ReactNode;
  /** Shown until the content is wanted and while its code loads; keeps the page's height. */
  placeholder: ReactNode;
  /** Render at once (the URL points into this part of the page). */
  eager?: boolean;
  /** Also render once the browser is idle after the first paint, without waiting for the visitor. */
  whenIdle?: boolean;
  id?: string;
};

/** A visitor's first scroll, key or tap: they are reading on, so the rest of the page is wanted. */
const FIRST_INTERACTION = ['scroll', 'keydown', 'pointerdown'] as const;

/** Runs `callback` when the browser has nothing else to do (at the latest after a couple of seconds); returns its cancel. */
function onIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Renders lazily-loaded content below the fold once the visitor first scrolls, presses a key or
 * taps, or once it comes near the viewport. A visitor who only reads the first screen downloads
 * and runs none of it, and its code does not compete with the first screen on a slow phone (it
 * did when it loaded on idle: Lighthouse counted 300 ms more blocking time); anyone reading on
 * has it long before reaching it, since the placeholder is a screen away and keeps its height.
 */
export function Deferred({ children, placeholder, eager = false, whenIdle = false, id }: DeferredProps) {
  const [wanted, setWanted] = useState(eager);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && want(), {
      rootMargin: '600px 0px',
    });
    if (ref.current) observer.observe(ref.current);
    const interaction = new AbortController();
    for (const type of FIRST_INTERACTION) window.addEventListener(type, want, { once: true, passive: true, signal: interaction.signal });
    const cancelIdle = whenIdle ? onIdle(want) : () => {};
    return () => {
      observer.disconnect();
      interaction.abort();
      cancelIdle();
    };
  }, [wanted, whenIdle]);

  if (!wanted) {
    return (
      <div ref={ref} id={id} aria-busy="true">
        {placeholder}
      </div>
    );
  }
  return <Suspense
      fallback={
        <div id={id} aria-busy="true">
          {placeholder}
        </div>
      }
    >{children}</Suspense>;
}
