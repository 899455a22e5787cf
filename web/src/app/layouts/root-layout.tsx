import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '#web/components/errors/error-boundary.tsx';
import { ErrorFallback } from '#web/components/errors/error-fallback.tsx';
import { CookieBanner } from '#web/components/layout/cookie-banner.tsx';
import { SiteFooter } from '#web/components/layout/site-footer.tsx';
import { SiteHeader } from '#web/components/layout/site-header.tsx';
import { TrialExpiredBanner } from '#web/components/layout/trial-expired-banner.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';

/** Moves to the top on a new page, or to the anchor the URL names. */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return;
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, hash]);
}

/** After a navigation (not the first page), keyboard and screen-reader users start at the content. */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  const location = useLocation();
  useScrollOnNavigate();
  useFocusMainOnNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <TrialExpiredBanner />
      {/* At least a screen tall, so the footer starts below the fold and does not jump down as the page loads (layout shift). */}
      <main id="main" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col outline-none">
        <ErrorBoundary key={location.pathname} fallback={(reset) => <ErrorFallback reset={reset} />}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
      <CookieBanner />
    </div>
  );
}
