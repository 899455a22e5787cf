import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, type Page, test as base, expect } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { E2E_ADMIN } from './support/admin.ts';
import { acceptCookies, newAccount } from './support/fixtures.ts';
import { E2E } from './support/ports.ts';

/**
 * Every page of the route table (product.md, Pages) as a visitor, a user with real data and an
 * administrator see it (the public content pages signed in only where that changes more than the
 * header): axe, with its experimental rules on too (label in name, WCAG 2.5.3),
 * finds no serious or critical issue in the light theme or the dark one, and at 375 px (a phone)
 * and 1280 px nothing is wider than the window. With E2E_SCREENS=1, full-page screenshots of both
 * widths and themes go to .tmp/screens/ for a person to look through (they cost as much as axe).
 *
 * One test a page, so that the two workers share the pages evenly; each page is loaded once and
 * its width and theme switched in place.
 */

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;
type Seeded = { storageState: StorageState; shareUrl: string };

const test = base.extend<object, { seeded: Seeded; adminState: StorageState }>({
  // One user with real data and one admin session for each worker; the pages only read them.
  seeded: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: E2E.appUrl });
      const shareUrl = await seedUser(request);
      await use({ storageState: await request.storageState(), shareUrl });
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  adminState: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: E2E.appUrl });
      expect((await request.post('/api/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).ok()).toBe(true);
      await use(await request.storageState());
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

// axe is injected as a script, which the app's Content-Security-Policy would block.
test.use({ bypassCSP: true, reducedMotion: 'reduce' });

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;
const SCREENS_DIR = process.env.E2E_SCREENS === '1' ? '.tmp/screens' : undefined;
/** The device's setting, which the page follows while no theme is chosen (decision 033). */
const THEMES = ['light', 'dark'] as const;
/** axe-core as @axe-core/playwright loads it into the page (its dependency, not ours). */
const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
  source: string;
  getRules: (tags: string[]) => { ruleId: string }[];
};
const AXE_OPTIONS: RunOptions = {
  // axe leaves its experimental rules off unless asked.
  rules: Object.fromEntries(axeCore.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }])),
  // Only the violations are read; passes would only be copied out of the page.
  resultTypes: ['violations'],
};

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

/** A user with a stack, two weeks of intake and ratings, health stats and lab results, so tables and charts draw; returns their share link. */
async function seedUser(request: APIRequestContext): Promise<string> {
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
  // Today and the two weeks before: the dashboard shows the day's doses taken.
  for (let back = 0; back <= 14; back += 1) {
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
  return new URL(((await share.json()) as { url: string }).url).pathname;
}

/** Nothing on the page is still loading: no deferred section, spinner or toast. */
async function idle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0, { timeout: 15_000 });
  // A toast lies over the top bar on a phone for its few seconds; axe would judge what is beneath it.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/** The page has drawn its heading and, read on to its end, finished loading its code and data. */
async function settle(page: Page) {
  // A signed-in page's first drawing has taken over 15 s on a loaded machine.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 45_000 });
  // Sections below the fold load once a visitor reads on (components/layout/deferred.tsx).
  await page.mouse.wheel(0, 400);
  await page.waitForLoadState('networkidle');
  await idle(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * After a change of width or theme: resize listeners and media queries have run, colours have
 * finished their transitions (axe judged a link's contrast halfway to the dark theme), and
 * anything that started has loaded.
 */
async function resettle(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Transitions end; a spinner's endless animation would not, and is waited out by idle().
    await Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined)));
  });
  await idle(page);
}

/** Serious and critical axe findings on the page as it stands; axe is already in the page. */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options),
    AXE_OPTIONS,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where}: ${violation.id} on ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Horizontal overflow at the current width, with the first elements that stick out. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.scrollingElement!.scrollWidth;
    if (scrollWidth <= width) return null;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join('.')}`);
    return `${scrollWidth}px wide (${wide.join('; ')})`;
  });
}

/** What is wrong with a page: serious axe findings in either theme and horizontal overflow at each width. */
async function inspectPage(page: Page, state: string, path: string): Promise<string[]> {
  await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
  await page.goto(path);
  await settle(page);
  // Once for the page's life: axe's script is large, and reading it again for each check cost more than the check.
  for (const frame of page.frames()) await frame.evaluate(axeCore.source);
  const problems: string[] = [];
  const file = path.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'root';
  if (SCREENS_DIR) mkdirSync(`${SCREENS_DIR}/${state}`, { recursive: true });
  // Themes in the order that switches least: light then dark at the first width, back at the second.
  let themes: readonly ('light' | 'dark')[] = THEMES;
  for (const [index, size] of WIDTHS.entries()) {
    if (index > 0) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await resettle(page);
    }
    const wide = await overflow(page);
    if (wide) problems.push(`${path} at ${size.width}px overflows: ${wide}`);
    for (const [step, theme] of themes.entries()) {
      if (index > 0 || step > 0) {
        await page.emulateMedia({ colorScheme: theme });
        await resettle(page);
      }
      problems.push(...(await axeProblems(page, `${path} at ${size.width}px, ${theme}`)));
      if (SCREENS_DIR) await page.screenshot({ path: `${SCREENS_DIR}/${state}/${file}-${size.width}${theme === 'dark' ? '-dark' : ''}.png`, fullPage: true });
    }
    themes = [...themes].reverse();
  }
  return problems;
}

const PUBLIC_CONTENT = ['/terms-of-service', '/privacy', '/about', '/learn', '/learn/iron-and-ferritin-explained', '/ask', '/contact', '/research', '/research/biotin-and-thyroid-tests'];
/** Signed in, a content page differs only by its header, and the contact form by its prefill: a list, an article and the form. */
const CONTENT_SIGNED_IN = ['/learn', '/learn/iron-and-ferritin-explained', '/contact'];
const CHECKED = 'axe in both themes, both widths';

test.describe('signed out', () => {
  // A first visit: the cookie banner is part of what a visitor meets.
  for (const path of ['/', '/auth', '/auth?login=true', '/signup', '/forgot-password', '/reset-password?token=not-a-real-token', '/verify-email?token=not-a-real-token', '/subscription', '/payment-success?session_id=cs_local_unknown', ...PUBLIC_CONTENT]) {
    test(`signed out, ${path}: ${CHECKED}`, async ({ page }) => {
      expect(await inspectPage(page, 'signed-out', path)).toEqual([]);
    });
  }
  test(`signed out, a share link: ${CHECKED}`, async ({ page, seeded }) => {
    expect(await inspectPage(page, 'signed-out', seeded.shareUrl)).toEqual([]);
  });
});

test.describe('signed in with real data', () => {
  test.use({ storageState: async ({ seeded }, use) => use(seeded.storageState) });
  test.beforeEach(async ({ context }) => acceptCookies(context));
  for (const path of ['/', '/subscription', '/payment-success?session_id=cs_local_unknown', '/profile', '/health-stats', '/supplement-history', '/labs', '/labs/biomarkers/vitamin-d-25oh', '/insights', '/no/such/page']) {
    test(`signed in, ${path}: ${CHECKED}`, async ({ page }) => {
      expect(await inspectPage(page, 'signed-in', path)).toEqual([]);
    });
  }
});

test.describe('signed in as an administrator', () => {
  test.use({ storageState: async ({ adminState }, use) => use(adminState) });
  test.beforeEach(async ({ context }) => acceptCookies(context));
  for (const path of ['/admin', '/admin/supplements', '/admin/users', '/admin/blog', '/admin/blog?new=research', ...CONTENT_SIGNED_IN]) {
    test(`as an administrator, ${path}: ${CHECKED}`, async ({ page }) => {
      expect(await inspectPage(page, 'admin', path)).toEqual([]);
    });
  }
});
