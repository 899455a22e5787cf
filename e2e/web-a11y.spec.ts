import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// axe is injected as a script, which the app's Content-Security-Policy would block.
test.use({ bypassCSP: true });

const PAGES = ['/', '/auth', '/auth?login=true', '/about', '/contact', '/terms-of-service', '/privacy', '/forgot-password', '/subscription'];

for (const path of PAGES) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
