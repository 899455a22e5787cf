import { expect, test } from '@playwright/test';
import { measureLandingJs } from '../bench/landing-js.ts';

/**
 * Issue 9: the landing page's initial JavaScript stays under 150 KiB gzipped, routes loaded on
 * demand. Read from the build the other browser tests run against (`npm test` builds first).
 */
test('the landing page draws with under 150 KiB of gzipped JavaScript', () => {
  const landing = measureLandingJs();
  console.log(`landing JS, gzipped: ${landing.firstPaintKiB} KiB to first paint, ${landing.withDeferredKiB} KiB with the deferred sections`);
  expect(landing.firstPaintKiB).toBeLessThan(150);
});
