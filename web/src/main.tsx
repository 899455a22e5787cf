// Imports nothing of zod's (the settings below must come first).
import { answerShellBannerOnClick } from './lib/cookie-consent.ts';

// Our Content-Security-Policy has no 'unsafe-eval'. Zod 4 probes `new Function` once to decide
// whether to compile its object parsers; the CSP blocks the probe and the browser reports it as
// a violation (Lighthouse: "inspector-issues"). Jitless zod skips the probe and parses as usual.
// Zod takes its configuration from this global when its core module first loads (zod/v4/core,
// `globalConfig`), so setting it here, before any of the app's code runs, needs none of zod's
// code in the entry: the landing page and the dashboard load no schema code at all.
const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

/**
 * The entry the document runs: it lets the browser paint the document's shell (header, spinner,
 * cookie banner) and only then starts the app (boot.tsx), whose code the document preloads
 * meanwhile. The browser runs a module script as soon as parsing ends if its code is in by then,
 * before any paint; with the app's code in the entry, the shell could stay unpainted until that
 * code had downloaded and run: on a phone, a second or more of a blank screen.
 */
function afterFirstPaint(): Promise<void> {
  // A page opened in the background paints nothing (nor runs animation frames) until it is shown.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

answerShellBannerOnClick();
void afterFirstPaint().then(() => import('./boot.tsx'));

// The service worker (public/sw.js) keeps the app openable offline and shows reminder
// notifications. Only in the build: in development it would serve yesterday's modules.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}
