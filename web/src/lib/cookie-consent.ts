import { CONSENT_ANSWERS, CONSENT_COOKIE, type CookieConsent } from '#contract/routes.ts';

export type { CookieConsent } from '#contract/routes.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Where the answer was kept before it moved to a cookie, read once to carry it over. */
const EARLIER_STORAGE_KEY = 'cookieConsent';

/**
 * The visitor's answer to the cookie banner, kept in a cookie so that the server leaves the
 * banner out of the page's document once it is answered (server/src/http/page-document.ts).
 */
export function readCookieConsent(): CookieConsent | null {
  const value = document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  if (isAnswer(value)) return value;
  const earlier = readEarlierAnswer();
  if (earlier) storeCookieConsent(earlier);
  return earlier;
}

export function storeCookieConsent(value: CookieConsent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

function isAnswer(value: string | null | undefined): value is CookieConsent {
  return (CONSENT_ANSWERS as readonly (string | null | undefined)[]).includes(value);
}

function readEarlierAnswer(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(EARLIER_STORAGE_KEY);
    return isAnswer(value) ? value : null;
  } catch {
    return null;
  }
}
