import { PAGE_DATA_ELEMENT_ID } from '#contract/page-data.ts';
import { CONSENT_ANSWERS, CONSENT_COOKIE, type CookieConsent } from '#contract/routes.ts';

export type { CookieConsent } from '#contract/routes.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Where the answer was kept before it moved to a cookie, read to carry it over. */
const EARLIER_STORAGE_KEY = 'cookieConsent';
/** Marks the cookie banner of the document's shell (web/index.html). */
const SHELL_BANNER_SELECTOR = '[data-shell-cookie-banner]';

/**
 * What the page's document says: the server reads the cookie and leaves the banner out of the
 * shell once it is answered (server/src/http/page-document.ts). Read as this module loads, before
 * the app draws over the shell; undefined where the document does not tell (Vite's development
 * server, or a page drawn without the shell).
 */
const answeredInDocument: boolean | undefined = (() => {
  const doc = globalThis.document;
  if (!doc?.getElementById(PAGE_DATA_ELEMENT_ID) || !doc.querySelector('[data-shell]')) return undefined;
  return doc.querySelector(SHELL_BANNER_SELECTOR) === null;
})();

/**
 * Whether the visitor has answered the cookie banner. The document tells where it can: reading
 * `document.cookie` is a synchronous trip to the browser's cookie store, which on a slow phone
 * held up the page's first drawing by tens of milliseconds.
 */
export function isConsentAnswered(): boolean {
  if (answeredOnThisPage) return true;
  if (answeredInDocument !== undefined) return answeredInDocument || carryOverEarlierAnswer();
  return readCookie() !== undefined || carryOverEarlierAnswer();
}

/** Set once the visitor answers, so that an app drawn afterwards leaves the banner out. */
let answeredOnThisPage = false;

export function storeCookieConsent(value: CookieConsent): void {
  answeredOnThisPage = true;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * Makes the buttons of the document's banner work before the app has drawn: a visitor on a slow
 * phone answers it while the app loads, and the answer must not be lost.
 */
export function answerShellBannerOnClick(): void {
  const banner = document.querySelector(SHELL_BANNER_SELECTOR);
  banner?.addEventListener('click', (event) => {
    const answer = (event.target as Element | null)?.closest('[data-consent]')?.getAttribute('data-consent');
    if (!isAnswer(answer)) return;
    storeCookieConsent(answer);
    banner.remove();
  });
}

function readCookie(): CookieConsent | undefined {
  const value = document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  return isAnswer(value) ? value : undefined;
}

/** An answer kept in localStorage before the cookie, moved to the cookie; false when there is none. */
function carryOverEarlierAnswer(): boolean {
  let earlier: string | null = null;
  try {
    earlier = window.localStorage.getItem(EARLIER_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): there is nothing to carry over.
  }
  if (!isAnswer(earlier)) return false;
  storeCookieConsent(earlier);
  return true;
}

function isAnswer(value: string | null | undefined): value is CookieConsent {
  return (CONSENT_ANSWERS as readonly (string | null | undefined)[]).includes(value);
}
