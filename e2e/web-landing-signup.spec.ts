import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, landingSection } from './support/fixtures.ts';

/** The landing page's free-trial sign-up card: the sign-up messages of product.md, Accounts, and the server's answers. */

test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

function signupCard(page: Page) {
  return landingSection(page, 'free-trial-signup');
}

test('empty fields show the required messages', async ({ page }) => {
  await page.goto('/');
  const card = await signupCard(page);
  await card.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(card.getByText('Username is required')).toBeVisible();
  await expect(card.getByText('Email is required')).toBeVisible();
  await expect(card.getByText('Password is required')).toBeVisible();
  await expect(card.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/$/);
});

test('too short, too long and malformed values show the length and format messages', async ({ page }) => {
  await page.goto('/');
  const card = await signupCard(page);
  await card.getByLabel('Username').fill('ab');
  await card.getByLabel('Email').fill('not-an-address');
  await card.getByLabel('Password').fill('short');
  await card.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(card.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(card.getByText('Please enter a valid email address')).toBeVisible();
  await expect(card.getByText('Password must be at least 8 characters')).toBeVisible();

  await card.getByLabel('Username').fill('u'.repeat(51));
  await card.getByLabel('Password').fill('p'.repeat(101));
  await expect(card.getByText('Username must be less than 50 characters')).toBeVisible();
  await expect(card.getByText('Password must be less than 100 characters')).toBeVisible();
});

test('a taken username gets the Registration Error toast and a message under the field', async ({ page }) => {
  const username = `u${Date.now()}`;
  await page.goto('/');
  let card = await signupCard(page);
  await card.getByLabel('Username').fill(username);
  await card.getByLabel('Email').fill(`${username}@example.com`);
  await card.getByLabel('Password').fill('a sound passphrase');
  await card.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Account Created')).toBeVisible();
  // The landing card starts the free trial and goes home (product.md, Plans and billing).
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // A second visitor (fresh cookies) tries the same username.
  await page.context().clearCookies();
  await page.goto('/');
  card = await signupCard(page);
  await card.getByLabel('Username').fill(username);
  await card.getByLabel('Email').fill(`other-${username}@example.com`);
  await card.getByLabel('Password').fill('a sound passphrase');
  await card.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Registration Error')).toBeVisible();
  await expect(card.getByText('This username is already taken')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the sign-in link opens the login mode', async ({ page }) => {
  await page.goto('/');
  await (await signupCard(page)).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\?login=true$/);
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
});

test('the pricing cards come from the plan catalogue', async ({ page }) => {
  const plans = await (await page.request.get('/api/plans')).json();
  await page.goto('/');
  const pricing = await landingSection(page, 'pricing');
  for (const tier of ['free', 'starter', 'pro'] as const) {
    await expect(pricing.getByRole('heading', { name: plans.catalogue.tiers[tier].label, exact: true })).toBeVisible();
  }
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  await expect(pricing.getByText(dollars(plans.catalogue.tiers.starter.prices.monthly))).toBeVisible();
  await expect(pricing.getByText(`or ${dollars(plans.catalogue.tiers.pro.prices.yearly)}/year`)).toBeVisible();
  await expect(pricing.getByText(`Save ${plans.savings.starter}%`)).toBeVisible();
});
