import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { type CookieConsent, isConsentAnswered, storeCookieConsent } from '#web/lib/cookie-consent.ts';

/** Shown at the bottom until the visitor accepts or declines (product.md, Pages). */
export function CookieBanner() {
  const [answered, setAnswered] = useState(isConsentAnswered);
  // The document's banner may be answered while the app draws, after this state was first read.
  useEffect(() => {
    if (isConsentAnswered()) setAnswered(true);
  }, []);
  if (answered) return null;

  const choose = (value: CookieConsent) => {
    storeCookieConsent(value);
    setAnswered(true);
  };

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-surface/95 shadow-[0_-4px_24px_rgb(0_0_0/0.06)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:px-6 md:flex-row md:items-center md:justify-between">
        <p className="text-sm text-foreground">
          We use cookies to keep you signed in and to remember your choices. Read more in our{' '}
          <Link to="/privacy" className="font-medium text-primary underline">
            Privacy Policy
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => choose('declined')}>
            Decline
          </Button>
          <Button size="sm" onClick={() => choose('accepted')}>
            Accept
          </Button>
        </div>
      </div>
    </section>
  );
}
