import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/admin.ts';
import { acceptCookies, newAccount } from './support/fixtures.ts';

/**
 * Every page of the route table (product.md, Pages) as a visitor, a user with real data and an
 * administrator see it: axe, with its experimental rules on too (label in name, WCAG 2.5.3),
 * finds no serious or critical issue in the light theme or the dark one, and at 375 px (a phone)
 * and 1280 px nothing is wider than the window. Screenshots of both widths and themes go to
 * .tmp/screens/ for a person to look through.
 */

// axe is injected as a script, which the app's Content-Security-Policy would block.
test.use({ bypassCSP: true, reducedMotion: 'reduce' });

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;
const SCREENS_DIR = '.tmp/screens';
/** The device's setting, which the page follows while no theme is chosen (decision 033). */
const THEMES = ['light', 'dark'] as const;
/** axe-core as @axe-core/playwright loads it into the page (its dependency, not ours). */
const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { getRules: (tags: string[]) => { ruleId: string }[] };
/** axe leaves its experimental rules off unless asked. */
const EXPERIMENTAL_RULES = Object.fromEntries(axeCore.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]));

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

/** A user with a stack, two weeks of intake and ratings, health stats and lab results, so tables and charts draw. */
async function seedUser(request: APIRequestContext) {
  const account = newAccount();
  expect((await request.post('/api/register', { data: account })).ok()).toBe(true);
  // A name whose initials (the avatar's text) are not a part of it: the account button's name must still contain them.
  expect((await request.post('/api/profile', { data: { name: 'Jane Doe', email: account.email, username: account.username } })).ok()).toBe(true);
  const supplements = [];
  for (const data of [
    { name: 'Vitamin D3', dosage: '1000 IU', frequency: '1x daily' },
    { name: 'Magnesium Glycinate', dosage: '200 mg', frequency: '2x daily' },
    { name: 'Omega-3 Fish Oil', dosage: '1000 mg', frequency: '1x daily' },
  ]) {
    const created = await request.post('/api/supplements', { data });
    expect(created.ok()).toBe(true);
    supplements.push((await created.json()) as { id: string });
  }
  const logs = [];
  for (let back = 1; back <= 14; back += 1) {
    for (const supplement of supplements) logs.push({ supplementId: supplement.id, takenAt: new Date(Date.now() - back * 86_400_000).toISOString() });
  }
  expect((await request.post('/api/supplement-logs', { data: { logs } })).ok()).toBe(true);
  for (let back = 1; back <= 7; back += 1) {
    const rating = { date: day(back), energy: 1 + (back % 5), mood: 1 + ((back + 2) % 5), sleep: 1 + ((back + 4) % 5) };
    expect((await request.post('/api/effects', { data: rating })).ok()).toBe(true);
  }
  expect((await request.post('/api/health-stats', { data: { weight: 165, height: 70, gender: 'female', averageSleep: 450 } })).ok()).toBe(true);
  for (const result of [
    { biomarker: 'vitamin-d-25oh', value: 21, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: day(90) },
    { biomarker: 'vitamin-d-25oh', value: 38, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: day(3) },
    { biomarker: 'tsh', value: 2.1, unit: 'uIU/mL', testDate: day(90) },
    { biomarker: 'tsh', value: 1.8, unit: 'uIU/mL', testDate: day(3) },
  ]) {
    expect((await request.post('/api/labs/results', { data: result })).status()).toBe(201);
  }
  const share = await request.post('/api/shares', { data: { parts: ['labs', 'stack', 'logs', 'stats'], expiresInHours: 48 } });
  expect(share.ok()).toBe(true);
  return { account, shareUrl: new URL(((await share.json()) as { url: string }).url).pathname };
}

/** The page has drawn its heading and, read on to its end, finished loading its code and data. */
async function settle(page: Page) {
  // A signed-in page's first drawing has taken over 15 s on a loaded machine.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 45_000 });
  // Sections below the fold load once a visitor reads on (components/layout/deferred.tsx).
  await page.mouse.wheel(0, 400);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0, { timeout: 15_000 });
  // A toast lies over the top bar on a phone for its few seconds; axe would judge what is beneath it.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** What is wrong with the page as it stands: serious axe findings and horizontal overflow at each width. */
async function inspect(page: Page, state: string, path: string): Promise<string[]> {
  const problems: string[] = [];
  const file = path.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'root';
  mkdirSync(`${SCREENS_DIR}/${state}`, { recursive: true });
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      // Let resize listeners and media queries settle.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const results = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL_RULES }).analyze();
      for (const violation of results.violations) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        problems.push(`${path} at ${size.width}px, ${theme}: ${violation.id} on ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      }
      if (theme === 'dark') await page.screenshot({ path: `${SCREENS_DIR}/${state}/${file}-${size.width}-dark.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    const overflow = await page.evaluate(() => {
      const width = window.innerWidth;
      const scrollWidth = document.scrollingElement!.scrollWidth;
      if (scrollWidth <= width) return null;
      const wide = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join('.')}`);
      return `${scrollWidth}px wide (${wide.join('; ')})`;
    });
    if (overflow) problems.push(`${path} at ${size.width}px overflows: ${overflow}`);
    await page.screenshot({ path: `${SCREENS_DIR}/${state}/${file}-${size.width}.png`, fullPage: true });
  }
  return problems;
}

async function inspectAll(page: Page, state: string, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
    await page.goto(path);
    await settle(page);
    problems.push(...(await inspect(page, state, path)));
  }
  return problems;
}

const PUBLIC_CONTENT = ['/terms-of-service', '/privacy', '/about', '/learn', '/learn/iron-and-ferritin-explained', '/ask', '/contact', '/research', '/research/biotin-and-thyroid-tests'];

test('signed out, the sign-in pages: axe and both widths', async ({ page }) => {
  test.setTimeout(600_000);
  const paths = ['/', '/auth', '/auth?login=true', '/signup', '/forgot-password', '/reset-password?token=not-a-real-token', '/verify-email?token=not-a-real-token'];
  // A first visit: the cookie banner is part of what a visitor meets.
  expect(await inspectAll(page, 'signed-out', paths)).toEqual([]);
});

test('signed out, the plan pages and a share link: axe and both widths', async ({ page, request }) => {
  test.setTimeout(600_000);
  const { shareUrl } = await seedUser(request);
  expect(await inspectAll(page, 'signed-out', ['/subscription', '/payment-success', shareUrl])).toEqual([]);
});

test('signed out, the content pages: axe and both widths', async ({ page }) => {
  test.setTimeout(600_000);
  expect(await inspectAll(page, 'signed-out', PUBLIC_CONTENT)).toEqual([]);
});

test('signed in, every page with real data: axe and both widths', async ({ page }) => {
  test.setTimeout(600_000);
  await acceptCookies(page.context());
  await seedUser(page.request);
  const paths = ['/', '/subscription', '/payment-success', '/profile', '/health-stats', '/supplement-history', '/labs', '/insights', '/no/such/page'];
  expect(await inspectAll(page, 'signed-in', paths)).toEqual([]);
});

test('signed in as an administrator, the admin pages and the content pages: axe and both widths', async ({ page }) => {
  test.setTimeout(600_000);
  await acceptCookies(page.context());
  expect((await page.request.post('/api/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).ok()).toBe(true);
  const paths = ['/admin', '/admin/supplements', '/admin/users', '/admin/blog', '/admin/blog?new=research', ...PUBLIC_CONTENT];
  expect(await inspectAll(page, 'admin', paths)).toEqual([]);
});
