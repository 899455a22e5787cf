import { type Page, expect, test } from '@playwright/test';

/** The visitor's answer, as the browser keeps it: a cookie, which the server reads too. */
async function consentCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'stacklab_consent')?.value;
}

test('the cookie banner shows until accepted and stays hidden after a reload', async ({ page }) => {
  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(await consentCookie(page)).toBe('accepted');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  // The server leaves it out of the page from now on, also before the app has drawn.
  expect(await (await page.request.get('/about')).text()).not.toContain('Cookie consent');
});

test('declining is remembered too', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toBeHidden();
  expect(await consentCookie(page)).toBe('declined');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('an answer given while the app is still loading is kept', async ({ page }) => {
  // Hold back the app's start (its chunk, which the document's entry imports once painted) until the visitor has answered.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(page.getByRole('status')).toHaveText('Loading');
  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toBeHidden();
  expect(await consentCookie(page)).toBe('declined');

  releaseApp();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('an answer kept in the browser before it moved to a cookie is not asked again', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'declined'));
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(await consentCookie(page)).toBe('declined');
});

test('the banner links to the privacy page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
