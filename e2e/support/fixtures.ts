import { type APIRequestContext, type BrowserContext, type Page, expect } from '@playwright/test';
import { E2E } from './ports.ts';

/** The cookie banner answered (its cookie, which the server reads too), so that it covers nothing a test clicks. */
export async function acceptCookies(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'stacklab_consent', value: 'accepted', url: E2E.appUrl }]);
}

let counter = 0;

/** A unique account for one test. */
export function newAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`;
  return { username: `e2e${id}`, email: `e2e${id}@example.com`, password: 'correct horse battery' };
}

/**
 * A section below the landing page's first screen (`pricing`, `free-trial-signup`), scrolled to as
 * a visitor would: its code loads only once they read on.
 */
export async function landingSection(page: Page, id: 'pricing' | 'free-trial-signup') {
  await page.locator(`#${id}`).waitFor({ state: 'attached' });
  await page.mouse.wheel(0, 400);
  const section = page.locator(`#${id}:not([aria-busy])`);
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** Fills and sends the landing page's free-trial card; the caller waits for where the chosen plan leads. */
export async function fillFreeTrialCard(page: Page, account: ReturnType<typeof newAccount>): Promise<void> {
  const card = await landingSection(page, 'free-trial-signup');
  await card.getByLabel('Username').fill(account.username);
  await card.getByLabel('Email').fill(account.email);
  await card.getByLabel('Password').fill(account.password);
  await card.getByRole('button', { name: 'Start Free Trial' }).click();
}

/** A new account signed up on the landing page: the free trial starts and the user is home, signed in. */
export async function signUpOnLanding(page: Page): Promise<ReturnType<typeof newAccount>> {
  const account = newAccount();
  await page.goto('/');
  await fillFreeTrialCard(page, account);
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  return account;
}

/**
 * A new account made through the API, as the sign-up form would make it (with the browser's time
 * zone), and signed in in this page's browser, which is left on the dashboard: for tests that are
 * not about signing up (those are web-landing-signup, billing and the first tracking journey).
 */
export async function signUp(page: Page): Promise<ReturnType<typeof newAccount>> {
  const account = newAccount();
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  // The page's request context shares the browser's cookies, so its session cookie signs the browser in.
  expect((await page.request.post('/api/register', { data: { ...account, timeZone } })).status()).toBe(200);
  await page.goto('/');
  // A signed-in page's first drawing has taken over 15 s on a loaded machine.
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible({ timeout: 45_000 });
  return account;
}

/** The link in the newest mail to an address, as the user would click it. */
export async function linkInMail(to: string, pathPrefix: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${E2E.mailboxUrl}/?to=${encodeURIComponent(to)}`)).json()) as { text: string }[];
      const pattern = new RegExp(`https?://\\S+${pathPrefix}\\?token=[\\w-]+`);
      link = mails.map((mail) => pattern.exec(mail.text)?.[0]).findLast(Boolean);
      return link;
    }, { message: `a mail to ${to} with a ${pathPrefix} link` })
    .toBeTruthy();
  return link!;
}

/** Past the profile prompt a new account meets, then "Vitamin D3, 5000 IU, every morning" added from the dashboard. */
export async function addMorningVitaminD3(page: Page): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Complete your profile' });
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
  const track = page.locator('#track-supplements');
  await track.getByRole('button', { name: 'Add Supplement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Supplement' });
  await dialog.getByRole('combobox', { name: 'Name' }).fill('Vitamin D3');
  await dialog.getByLabel('Unit').selectOption('IU');
  await dialog.getByLabel('Amount').fill('5000');
  await dialog.getByLabel('Show it in Today at set times').check();
  await expect(dialog.getByRole('group', { name: 'Times of day' }).getByLabel('Morning')).toBeChecked();
  await expect(dialog.getByLabel('Days')).toHaveValue('day');
  await dialog.getByRole('button', { name: 'Add Supplement' }).click();
  await expect(page.getByText('Supplement added successfully').last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(track.getByText('5000 IU · 1x daily · Every morning')).toBeVisible();
}

export type PlansAnswer = {
  priceIds: Record<string, string>;
  catalogue: { tiers: Record<'free' | 'starter' | 'pro', { label: string; limits: { labUploads: number | null } }> };
};

/** A new account on a paid plan (uploads are a paid plan's), through the local payment provider's checkout as a payer would, on the app at `appUrl`. */
export async function signUpPaying(request: APIRequestContext, appUrl: string, tier: 'starter' | 'pro') {
  const account = newAccount();
  const plans = (await (await request.get(`${appUrl}/api/plans`)).json()) as PlansAnswer;
  const created = await request.post(`${appUrl}/api/stripe/create-checkout-session`, { data: { priceId: plans.priceIds[`${tier}-monthly`] }, headers: { origin: appUrl } });
  expect(created.ok(), await created.text()).toBe(true);
  const sessionId = ((await created.json()) as { url: string }).url.split('/').pop()!;
  const paid = await request.post(`${appUrl}/billing/local-checkout/${sessionId}/pay`, { form: { email: account.email }, maxRedirects: 0, headers: { origin: appUrl } });
  expect(paid.status()).toBe(303);
  const registered = await request.post(`${appUrl}/api/post-payment/register`, {
    data: { username: account.username, email: account.email, password: account.password, sessionId, subscriptionTier: tier },
    headers: { origin: appUrl },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return { account, plans };
}
