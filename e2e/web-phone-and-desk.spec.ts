import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { E2E } from './support/ports.ts';
import { acceptCookies, newAccount } from './support/fixtures.ts';

/**
 * Daily use on a phone (375 px) and a desk (1280 px): the dashboard stays inside the window with
 * three supplements, the day's actions come before the chat, the top bar reaches the user's own
 * pages, many biomarker chips fold away before the chart, a share link's dates carry their year,
 * and the colour theme follows the device or the user's choice from the document's first paint.
 */

const WIDTHS = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desk', width: 1280, height: 800 },
] as const;

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

async function signUp(request: APIRequestContext) {
  const account = newAccount();
  expect((await request.post('/api/register', { data: account })).ok()).toBe(true);
  return account;
}

/** Three supplements, one with a single long word for a name and a long link in its notes: what widened a phone's page. */
async function addThreeSupplements(request: APIRequestContext) {
  for (const data of [
    { name: 'Vitamin D3', dosage: '1000 IU', frequency: '1x daily' },
    { name: 'Magnesium Glycinate', dosage: '200 mg', frequency: '2x daily' },
    { name: 'Phosphatidylserine-Complex', dosage: '100 mg', frequency: '1x daily', notes: 'https://example.com/products/phosphatidylserine-complex-100' },
  ]) {
    expect((await request.post('/api/supplements', { data })).ok()).toBe(true);
  }
}

/** The page has drawn (a signed-in page's first drawing has taken over 15 s on a loaded machine). */
async function drawn(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 45_000 });
}

async function dismissCompletionPrompt(page: Page) {
  await drawn(page);
  const prompt = page.getByRole('dialog', { name: 'Complete your profile' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
}

/** How light the page's background is, 0 (black) to 255 (white), as painted. */
async function backgroundLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const colour = getComputedStyle(document.body).backgroundColor;
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return Math.round(0.2126 * r! + 0.7152 * g! + 0.0722 * b!);
  });
}

const expectDark = async (page: Page) => expect.poll(() => backgroundLightness(page)).toBeLessThan(60);
const expectLight = async (page: Page) => expect.poll(() => backgroundLightness(page)).toBeGreaterThan(200);

for (const size of WIDTHS) {
  test(`${size.name}: the dashboard with three supplements fits the window, the day's actions before the chat`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await acceptCookies(page.context());
    await signUp(page.request);
    await addThreeSupplements(page.request);
    await page.goto('/');
    await dismissCompletionPrompt(page);
    await expect(page.getByRole('list', { name: "Today's supplements" }).getByText('Phosphatidylserine-Complex', { exact: true })).toBeVisible();

    const scroll = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, width: window.innerWidth }));
    expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.width);

    const track = page.getByRole('heading', { name: 'Track my Supplements' });
    const rate = page.getByRole('heading', { name: 'Rate your day' });
    const chat = page.getByRole('region', { name: 'Stack Chat Assistant' });
    const [trackBox, rateBox, chatBox] = [await track.boundingBox(), await rate.boundingBox(), await chat.boundingBox()];
    expect(rateBox!.y).toBeGreaterThan(trackBox!.y);
    expect(rateBox!.y).toBeLessThan(chatBox!.y);
    // An empty chat is an invitation, not a screen of blank space.
    expect((await chat.getByTestId('chat-box').boundingBox())!.height).toBeLessThan(200);
  });

  test(`${size.name}: the top bar reaches Labs, History, the plan and Learn`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await acceptCookies(page.context());
    await signUp(page.request);
    await page.goto('/about');
    await drawn(page);

    const openNav = async () => {
      if (size.width >= 1024) return page.getByRole('navigation', { name: 'Main' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      return page.getByRole('navigation', { name: 'Mobile' });
    };
    const expected = [
      ['Dashboard', '/'],
      ['Labs', '/labs'],
      ['History', '/supplement-history'],
      ['Plan', '/subscription'],
      ['Learn', '/learn'],
      ['Ask', '/ask'],
      ['Research', '/research'],
      ['About', '/about'],
    ] as const;
    let nav = await openNav();
    for (const [name, href] of expected) await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Blog' })).toHaveCount(0);
    if (size.width < 1024) await page.getByRole('button', { name: 'Close menu' }).click();

    for (const [name, heading] of [
      ['Labs', 'Biomarker Trends'],
      ['History', 'Supplement History'],
      ['Plan', 'Choose Your Plan'],
      ['Learn', 'Learn'],
    ] as const) {
      nav = await openNav();
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${expected.find(([label]) => label === name)![1]}$`));
    }
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test(`${size.name}: thirty biomarker chips fold away, so the chart starts within the first screen`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await acceptCookies(page.context());
    await signUp(page.request);
    const catalogue = (await (await page.request.get('/api/labs/biomarkers')).json()) as { key: string; canonicalUnit: string }[];
    let added = 0;
    // A value each marker accepts as plausible: a few tries from the catalogue's order.
    for (const entry of catalogue) {
      if (added === 30) break;
      for (const value of [1, 50, 150]) {
        const created = await page.request.post('/api/labs/results', { data: { biomarker: entry.key, value, unit: entry.canonicalUnit, testDate: day(10) } });
        if (created.status() === 201) {
          added += 1;
          break;
        }
      }
    }
    expect(added).toBe(30);

    await page.goto('/labs');
    await drawn(page);
    const chips = page.getByRole('group', { name: 'Biomarkers to chart' });
    await expect(chips.getByRole('button', { pressed: true })).toHaveCount(1);
    const toggle = page.getByRole('button', { name: 'Show all 30 biomarkers' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const chart = page.getByRole('heading', { name: 'Biomarker History' });
    const from = (await chips.boundingBox())!.y;
    expect((await chart.boundingBox())!.y - from).toBeLessThan(size.height);

    await toggle.click();
    await expect(page.getByRole('button', { name: 'Show selected only' })).toHaveAttribute('aria-expanded', 'true');
    await expect(chips.getByRole('button')).toHaveCount(30);
    await chips.getByRole('button', { pressed: false }).first().click();
    await expect(page.getByText(/^Showing 2 biomarker\(s\)/)).toBeVisible();
    await page.getByRole('button', { name: 'Show selected only' }).click();
    await expect(chips.getByRole('button')).toHaveCount(2);
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test(`${size.name}: a share link's dates carry their year`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUp(page.request);
    await addThreeSupplements(page.request);
    expect((await page.request.post('/api/health-stats', { data: { dateOfBirth: '1984-07-09' } })).ok()).toBe(true);
    for (const result of [
      { biomarker: 'vitamin-d-25oh', value: 21, unit: 'ng/mL', testDate: '2025-03-14' },
      { biomarker: 'vitamin-d-25oh', value: 38, unit: 'ng/mL', testDate: day(3) },
    ]) {
      expect((await page.request.post('/api/labs/results', { data: result })).status()).toBe(201);
    }
    const rating = { date: day(1), energy: 4, mood: 3, sleep: 5 };
    expect((await page.request.post('/api/effects', { data: rating })).ok()).toBe(true);
    const share = await page.request.post('/api/shares', { data: { parts: ['labs', 'stack', 'logs', 'stats'], expiresInHours: 48 } });
    expect(share.ok()).toBe(true);
    const url = new URL(((await share.json()) as { url: string }).url);

    // A clinician's browser: no session of the user's.
    const clinician = await page.context().browser()!.newContext({ viewport: { width: size.width, height: size.height } });
    const view = await clinician.newPage();
    await view.goto(`${E2E.appUrl}${url.pathname}`);
    const main = view.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toContainText('health data', { timeout: 45_000 });
    await expect(main.getByText('Jul 9, 1984')).toBeVisible();
    await expect(main.getByRole('region', { name: 'Lab results' })).toContainText(formatWithYear(day(3)));
    await expect(main.getByRole('region', { name: /^Intake and effect logs/ })).toContainText(formatWithYear(day(1)));
    await expect(main.getByRole('region', { name: 'Supplement stack' })).toContainText(formatWithYear(day(0)));
    // No month and day anywhere without the year after it.
    const text = await main.innerText();
    expect(text.match(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}\b(?!,? \d{4})/g) ?? []).toEqual([]);
    await clinician.close();
  });
}

/** "Mar 14, 2025" for a calendar date, as the share page writes it. */
function formatWithYear(date: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

async function shellPage(browser: Browser, options: { colorScheme: 'light' | 'dark'; theme?: string }) {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: options.colorScheme });
  if (options.theme) await context.addCookies([{ name: 'stacklab_theme', value: options.theme, url: E2E.appUrl }]);
  const page = await context.newPage();
  await page.goto('/about');
  await expect(page.getByRole('status')).toHaveText('Loading');
  return page;
}

test('the document paints in the chosen theme before any script runs, and in the device’s without a choice', async ({ browser }) => {
  for (const [colorScheme, theme, dark] of [
    ['dark', undefined, true],
    ['light', undefined, false],
    ['dark', 'light', false],
    ['light', 'dark', true],
    ['dark', 'system', true],
    ['light', 'nonsense', false],
  ] as const) {
    const page = await shellPage(browser, { colorScheme, theme });
    await (dark ? expectDark(page) : expectLight(page));
    await page.context().close();
  }
});

for (const size of WIDTHS) {
  test(`${size.name}: the account menu's theme switch is applied at once, remembered, and "System" follows the device`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.emulateMedia({ colorScheme: 'dark' });
    await acceptCookies(page.context());
    await signUp(page.request);
    await page.goto('/about');
    await drawn(page);
    await expectDark(page);

    const avatar = page.getByRole('button', { name: /account menu/i });
    await avatar.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await menu.getByRole('menuitemradio', { name: 'Light' }).click();
    await expectLight(page);
    await expect(menu.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    // Remembered: the next document arrives light, on a device that prefers dark.
    const document = await page.request.get('/about');
    expect(await document.text()).toMatch(/<html[^>]*data-theme="light"/);
    await page.reload();
    await drawn(page);
    await expectLight(page);
    await avatar.click();
    await expect(menu.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expectDark(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await expectDark(page);

    // Back to the device's setting, and following it as it changes.
    await menu.getByRole('menuitemradio', { name: 'System' }).click();
    await expectLight(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectDark(page);
    await page.keyboard.press('Escape');
    await page.reload();
    await drawn(page);
    await expectDark(page);
    expect(await (await page.request.get('/about')).text()).not.toMatch(/<html[^>]*data-theme=/);
  });
}
