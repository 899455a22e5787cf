import { type Browser, type Page, expect, test } from '@playwright/test';

/**
 * Every page's document draws a shell of its own (web/index.html) until the app's code has run:
 * the header with the logo, the spinner, and the cookie banner until it is answered. The app then
 * draws the same things in the same places, so nothing moves when it takes over.
 */

type Box = { x: number; y: number; width: number; height: number };

/** Where the header, the logo and the cookie banner are, and what they say. */
async function layout(page: Page) {
  const box = async (selector: string): Promise<Box | null> => page.locator(selector).first().boundingBox();
  return {
    header: await box('header'),
    logo: await box('header a[href="/"]'),
    logoText: await page.locator('header a[href="/"]').first().innerText(),
    banner: await box('section[aria-label="Cookie consent"]'),
    bannerText: await page.locator('section[aria-label="Cookie consent"]').innerText(),
  };
}

async function pageOf(browser: Browser, options: { javaScriptEnabled: boolean; width: number }) {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled, viewport: { width: options.width, height: 800 } });
  return context.newPage();
}

for (const width of [375, 1280]) {
  test(`the shell sits where the app draws its header and cookie banner (${width} px)`, async ({ browser }) => {
    const shell = await pageOf(browser, { javaScriptEnabled: false, width });
    await shell.goto('/about');
    await expect(shell.getByRole('status')).toHaveText('Loading');
    const before = await layout(shell);

    const app = await pageOf(browser, { javaScriptEnabled: true, width });
    await app.goto('/about');
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    const after = await layout(app);

    expect(before.logoText).toBe('StackLab');
    expect(before.bannerText).toContain('We use cookies');
    expect(after).toEqual(before);
    await shell.context().close();
    await app.context().close();
  });
}

test('a share link opens without the app’s shell: no header, spinner or banner before its view draws', async ({ browser }) => {
  const page = await pageOf(browser, { javaScriptEnabled: false, width: 375 });
  await page.goto('/share/not-a-real-token-000000000000000000000000');
  await expect(page.locator('#root')).toBeEmpty();
  await page.context().close();
});
