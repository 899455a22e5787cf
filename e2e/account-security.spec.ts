import { expect, test } from '@playwright/test';
import { acceptCookies, linkInMail, newAccount } from './support/fixtures.ts';
import { E2E } from './support/ports.ts';

/**
 * Sensitive actions as a user meets them: a session opened by the e-mailed link has not proved
 * the password, so an export first asks for it; a password changed on the profile signs every
 * other device out.
 */
test('an export asks for the password first, then changing the password signs the other device out', async ({ page, browser }) => {
  const account = newAccount();
  await acceptCookies(page.context());
  await page.goto(`${E2E.mailAppUrl}/auth`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /start for free|sign up|create account/i }).click();
  await expect(page.getByText(/check your e-?mail/i).first()).toBeVisible();
  await page.goto(await linkInMail(account.email, '/verify-email'));
  await expect(page).toHaveURL(`${E2E.mailAppUrl}/`);

  // Signed in by the link: the export asks who it is before anything downloads.
  await page.goto(`${E2E.mailAppUrl}/profile`);
  await page.getByRole('link', { name: 'All data (JSON)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.getByLabel('Your password').fill(account.password);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Confirm' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^stacklab-export-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(dialog).toBeHidden();

  // Another device, signed in with the password.
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  const signedIn = await other.request.post(`${E2E.mailAppUrl}/api/login`, {
    data: { email: account.email, password: account.password },
    headers: { origin: E2E.mailAppUrl },
  });
  expect(signedIn.status()).toBe(200);

  const card = page.getByRole('heading', { name: 'Change password' }).locator('xpath=ancestor::*[contains(@class, "rounded")][1]');
  await card.getByLabel('Current password').fill(account.password);
  await card.getByLabel('New password', { exact: true }).fill('a brand new password');
  await card.getByLabel('Confirm new password').fill('a brand new password');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Every other session was signed out.')).toBeVisible();

  // This browser stays signed in; the other device is signed out; the new password works.
  expect((await page.request.get(`${E2E.mailAppUrl}/api/user`)).status()).toBe(200);
  expect((await other.request.get(`${E2E.mailAppUrl}/api/user`)).status()).toBe(401);
  const again = await other.request.post(`${E2E.mailAppUrl}/api/login`, {
    data: { email: account.email, password: 'a brand new password' },
    headers: { origin: E2E.mailAppUrl },
  });
  expect(again.status()).toBe(200);
  await laptop.close();
});
