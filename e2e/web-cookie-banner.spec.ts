import { expect, test } from '@playwright/test';

test('the cookie banner shows until accepted and stays hidden after a reload', async ({ page }) => {
  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe('accepted');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('declining is remembered too', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe('declined');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('the banner links to the privacy page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
