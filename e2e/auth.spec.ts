import { expect, test } from '@playwright/test';
import { acceptCookies, linkInMail, newAccount } from './support/fixtures.ts';
import { E2E } from './support/ports.ts';

test('sign up, verify by the e-mailed link, sign out, and sign in by username', async ({ page }) => {
  const account = newAccount();
  await acceptCookies(page.context());
  await page.goto(`${E2E.mailAppUrl}/auth`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /start for free|sign up|create account/i }).click();

  await expect(page.getByText(/check your e-?mail/i).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Login' })).toBeVisible();

  await page.goto(await linkInMail(account.email, '/verify-email'));
  await expect(page.getByRole('button', { name: new RegExp(account.username.slice(0, 2), 'i') }).first()).toBeVisible();

  await page.getByRole('button', { name: new RegExp(account.username.slice(0, 2), 'i') }).first().click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('You have been successfully logged out')).toBeVisible();

  await page.goto(`${E2E.mailAppUrl}/auth?login=true`);
  await page.getByLabel(/email or username|username or email|email/i).first().fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page).toHaveURL(`${E2E.mailAppUrl}/`);
  const me = await page.request.get(`${E2E.mailAppUrl}/api/user`);
  expect((await me.json()).user.username).toBe(account.username);
});

test('Google sign-in through the local OpenID provider lands on the plan page', async ({ page }) => {
  await acceptCookies(page.context());
  await page.goto('/auth?login=true');
  await page.getByRole('button', { name: /google/i }).first().click();
  await expect(page).toHaveURL(/\/subscription/);
  const me = await page.request.get('/api/user');
  expect((await me.json()).user).toMatchObject({ email: 'grace.google@example.com', name: 'Grace Hopper' });
});
