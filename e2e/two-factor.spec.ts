import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { newAccount, signUp } from './support/fixtures.ts';
import { E2E } from './support/ports.ts';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('You have been successfully logged out')).toBeVisible();
}

test('turn on an authenticator app on the profile, then sign in with its code', async ({ page, context }) => {
  await context.addCookies([{ name: 'stacklab_consent', value: 'accepted', url: E2E.appUrl }]);
  const account = await signUp(page);
  await page.goto('/profile');

  const start = page.getByRole('form', { name: 'Set up an authenticator app' });
  await start.getByLabel('Password').fill(account.password);
  await start.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from your app').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

  await logOut(page);
  await page.goto('/auth?login=true');
  await page.getByLabel('Email or username').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  // The password alone signs no one in: the second step asks for the code.
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  expect((await (await page.request.get('/api/session')).json()).user).toBeNull();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await (await page.request.get('/api/user')).json()).user.email).toBe(account.email);
});

test('register a passkey on the profile, sign out, and sign in with it alone', async ({ page, context }) => {
  const app = E2E.localhostAppUrl;
  // Chromium's virtual authenticator: a platform passkey with a PIN or biometric that always passes.
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await context.addCookies([{ name: 'stacklab_consent', value: 'accepted', url: app }]);
  const account = newAccount();
  const signUp = await page.request.post(`${app}/api/register`, { data: account });
  expect(signUp.status()).toBe(200);

  await page.goto(`${app}/profile`);
  const add = page.getByRole('form', { name: 'Add a passkey' });
  await add.getByLabel('Passkey name').fill('E2E laptop');
  await add.getByLabel('Your password').fill(account.password);
  await add.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('E2E laptop')).toBeVisible();

  await logOut(page);
  await page.goto(`${app}/auth?login=true`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${app}/`);
  expect((await (await page.request.get(`${app}/api/user`)).json()).user.username).toBe(account.username);
});
