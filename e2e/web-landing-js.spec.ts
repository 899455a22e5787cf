import { expect, test } from '@playwright/test';
import { filesBeforeDrawing, measureLandingJs } from '../bench/landing-js.ts';

/**
 * Issue 9: the landing page's initial JavaScript stays under 150 KiB gzipped, routes loaded on
 * demand. Read from the build the other browser tests run against (`npm test` builds first).
 */
test('the landing page draws with under 150 KiB of gzipped JavaScript', () => {
  const landing = measureLandingJs();
  console.log(`landing JS, gzipped: ${landing.firstPaintKiB} KiB to first paint, ${landing.withDeferredKiB} KiB with the deferred sections`);
  expect(landing.firstPaintKiB).toBeLessThan(150);
});

test('the dashboard and /labs draw without zod: it loads with the first form opened (decision 062)', () => {
  for (const route of ['src/app/routes/dashboard.tsx', 'src/app/routes/labs.tsx']) {
    const files = filesBeforeDrawing(route);
    expect(files.some((file) => file.startsWith('assets/app-')), `${route} loads the app`).toBe(true);
    expect(files.filter((file) => /(^|\/)zod-/.test(file)), route).toEqual([]);
  }
});

test('on a phone, the sections below the first screen load when the visitor reads on, not before', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const sectionCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(landing-sections|forms)-/.test(request.url())) sectionCode.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A reader who stays on the first screen for a while downloads none of it.
  await page.waitForTimeout(2_000);
  expect(sectionCode).toEqual([]);

  await page.mouse.wheel(0, 400);
  await expect(page.getByRole('heading', { name: 'Simple pricing' })).toBeAttached();
  await expect(page.locator('#free-trial-signup').getByLabel('Username')).toBeAttached();
  expect(sectionCode.length).toBeGreaterThan(0);
});
