import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

test('forgot password asks for the address, then says to check the e-mail', async ({ page }) => {
  await page.goto('/auth?login=true');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill(`nobody${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/auth\?login=true$/);
});

test('the reset form checks that both passwords match, and a bad link says so', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password').fill('a sound passphrase');
  await page.getByLabel('Confirm Password').fill('another passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill('a sound passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /invalid or has expired/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('a bad verification link shows the server message and offers a new link', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByRole('alert').filter({ hasText: /invalid or has expired/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification link' })).toBeVisible();
});

test('a wrong password gets the Login Error toast with the server message', async ({ page }) => {
  await page.goto('/auth?login=true');
  await page.getByLabel('Email or username').fill(`nobody${Date.now()}`);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Error')).toBeVisible();
  await expect(page.getByText('Invalid email/username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?login=true$/);
});

test('a failed Google return shows an error on the login card', async ({ page }) => {
  await page.goto('/auth?login=true&oauth=google&error=failed');
  await expect(page.getByRole('alert').filter({ hasText: 'Google sign-in failed. Please try again.' })).toBeVisible();
});

test('a form checks its fields under our Content-Security-Policy without the browser reporting a violation', async ({ page }) => {
  // Zod probes `new Function` unless it is told not to (web/src/main.tsx); our policy forbids eval.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('not an address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
