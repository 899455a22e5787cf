export const COOKIE_CONSENT_KEY = 'cookieConsent';
export type CookieConsent = 'accepted' | 'declined';

export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

export function storeCookieConsent(value: CookieConsent): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // Storage can be unavailable (private mode); the banner simply shows again next time.
  }
}
