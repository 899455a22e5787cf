import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, fillFreeTrialCard, newAccount } from './support/fixtures.ts';

/**
 * Plans, trial and payments through the local test payment provider (no Stripe key): the
 * checkout page at /billing/local-checkout/{id} where "Pay" grants the plan as a real payment
 * would. Every price and saving is read from /api/plans, never written here.
 */

type Plans = {
  catalogue: {
    currency: string;
    trialDays: number;
    tiers: Record<'free' | 'starter' | 'pro', { label: string; prices?: { monthly: number; yearly: number } }>;
  };
  savings: { starter: number; pro: number };
};

const DAY_MS = 24 * 60 * 60 * 1000;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

async function plansOf(page: Page): Promise<Plans> {
  return (await (await page.request.get('/api/plans')).json()) as Plans;
}

async function currentUser(page: Page) {
  const response = await page.request.get('/api/user');
  expect(response.status()).toBe(200);
  return (await response.json()).user as { subscriptionTier: string; trialEndsAt: string | null; createdAt: string; email: string; username: string };
}

test('a visitor pays for Pro on the landing page, sets up the account and lands signed in with Pro', async ({ page, browser }) => {
  // The whole journey in two browsers: long on a shared, loaded machine.
  test.slow();
  const account = newAccount();
  const plans = await plansOf(page);
  await page.goto('/#pricing');
  await page.locator('#pricing').getByRole('button', { name: `Pay monthly for ${plans.catalogue.tiers.pro.label}` }).click();

  await expect(page).toHaveURL(/\/billing\/local-checkout\/cs_local_[a-f0-9]{32}$/);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await expect(page.getByText(dollars(plans.catalogue.tiers.pro.prices!.monthly))).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Complete your account setup to get started')).toBeVisible();
  const form = page.locator('form');
  await expect(page.getByText('Create your account')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue(account.email);

  // product.md, Plans and billing, post-payment rules.
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(form.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm Password').fill(`${account.password}!`);
  await form.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();

  const returnUrl = page.url();
  await form.getByLabel('Confirm Password').fill(account.password);
  await form.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  const user = await currentUser(page);
  expect(user).toMatchObject({ username: account.username, email: account.email, subscriptionTier: 'pro' });

  // Pro users have nothing to choose on the plan page.
  await page.goto('/subscription-page');
  await expect(page).toHaveURL(/\/$/);

  // The profile shows Pro with unlimited usage and the subscription settings, and no upgrade.
  await page.goto('/profile');
  const status = page.getByRole('region', { name: 'Account Status' });
  await expect(status.getByText(plans.catalogue.tiers.pro.label, { exact: true })).toBeVisible();
  await expect(status.getByText('0 (unlimited)').first()).toBeVisible();
  await expect(status.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
  await expect(status.getByRole('heading', { name: /upgrade/i })).toHaveCount(0);

  // The same payment cannot set up a second account: to another browser the claimed checkout is nobody's to see.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(returnUrl);
  await expect(otherPage.getByText('Unable to verify your payment. Please contact support.')).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Complete Setup' })).toHaveCount(0);
  await other.close();
});

test('signing up with the free plan starts the trial, goes home, and the profile counts the days', async ({ page }) => {
  const account = newAccount();
  const plans = await plansOf(page);
  await page.goto('/#free-trial-signup');
  await fillFreeTrialCard(page, account);

  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Stack Chat Assistant')).toBeVisible();
  const user = await currentUser(page);
  expect(user.subscriptionTier).toBe('free');
  expect(user.trialEndsAt).not.toBeNull();
  expect(new Date(user.trialEndsAt!).getTime()).toBe(new Date(user.createdAt).getTime() + plans.catalogue.trialDays * DAY_MS);

  await page.goto('/profile');
  const status = page.getByRole('region', { name: 'Account Status' });
  await expect(status.getByText(plans.catalogue.tiers.free.label, { exact: true })).toBeVisible();
  await expect(status.getByText(`${plans.catalogue.trialDays} days left in your free trial`, { exact: true })).toBeVisible();
  // A new account has no streak yet: the way to the extra days is shown, not the button.
  await expect(status.getByText(/Log your supplements \d+ days in a row/)).toBeVisible();
  await expect(status.getByRole('button', { name: /extra trial days/ })).toHaveCount(0);
  // The upgrade plans, with the yearly saving computed from the catalogue.
  const low = Math.min(plans.savings.starter, plans.savings.pro);
  const high = Math.max(plans.savings.starter, plans.savings.pro);
  await expect(status.getByRole('tab', { name: low === high ? `Yearly (Save ${low}%)` : `Yearly (Save ${low}-${high}%)` })).toBeVisible();
  await expect(status.getByRole('button', { name: new RegExp(`^Choose ${plans.catalogue.tiers.pro.label}`) })).toBeVisible();
});

test('a new user from /auth sees the upgrade dialog; closing it goes home', async ({ page }) => {
  const account = newAccount();
  const plans = await plansOf(page);
  await page.goto('/auth');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/subscription\?newUser=true$/);
  const dialog = page.getByRole('dialog', { name: 'Upgrade Your Plan' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText(`${dollars(plans.catalogue.tiers.starter.prices!.monthly)}/month`)).toBeVisible();
  await dialog.getByRole('tab', { name: /^Yearly \(Save \d+(-\d+)?%\)$/ }).click();
  await expect(dialog.getByText(`${dollars(plans.catalogue.tiers.pro.prices!.yearly)}/year`)).toBeVisible();
  await expect(dialog.getByText(`Save ${plans.savings.pro}%`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Stack Chat Assistant')).toBeVisible();
});

test('a signed-in user upgrades from the plan page, waits for activation and sees Starter on the profile', async ({ page }) => {
  const account = newAccount();
  const plans = await plansOf(page);
  await page.goto('/#free-trial-signup');
  await fillFreeTrialCard(page, account);
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();

  await page.goto('/subscription-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  // The landing card started the trial: the plan page says how long it runs.
  await expect(page.getByText(`${plans.catalogue.trialDays} days left in your free trial`, { exact: true })).toBeVisible();
  const monthly = `Monthly - ${dollars(plans.catalogue.tiers.starter.prices!.monthly)}/month`;
  await expect(page.getByRole('button', { name: `Yearly - ${dollars(plans.catalogue.tiers.starter.prices!.yearly)}/year (Save ${plans.savings.starter}%)` })).toBeVisible();
  await expect(page.getByText('Unlimited AI Interactions')).toBeVisible();
  await page.getByRole('button', { name: monthly }).click();

  await expect(page).toHaveURL(/\/billing\/local-checkout\//);
  await expect(page.getByText(`Paying as ${account.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_local_/);
  await expect(page.getByText(`Your ${plans.catalogue.tiers.starter.label} plan is active`)).toBeVisible();
  expect((await currentUser(page)).subscriptionTier).toBe('starter');

  await page.getByRole('link', { name: 'See your plan' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const status = page.getByRole('region', { name: 'Account Status' });
  await expect(status.getByText(plans.catalogue.tiers.starter.label, { exact: true }).first()).toBeVisible();
  await expect(status.getByText('0 of 100')).toBeVisible();
  await expect(status.getByRole('heading', { name: `Upgrade to ${plans.catalogue.tiers.pro.label}` })).toBeVisible();
  await expect(status.getByRole('button', { name: new RegExp(`^Choose ${plans.catalogue.tiers.starter.label}`) })).toHaveCount(0);

  await status.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/local-portal\//);
  await expect(page.getByText(`${plans.catalogue.tiers.starter.label} (monthly)`)).toBeVisible();
});

test('a visitor who leaves checkout keeps the chosen plan: signing up goes on to checkout for it', async ({ page }) => {
  const account = newAccount();
  const plans = await plansOf(page);
  await page.goto('/#pricing');
  await page.locator('#pricing').getByRole('button', { name: `Pay yearly for ${plans.catalogue.tiers.starter.label}` }).click();
  await expect(page).toHaveURL(/\/billing\/local-checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/#pricing$/);
  const card = page.locator('#free-trial-signup');
  await expect(card.getByText(`${plans.catalogue.tiers.starter.label}, yearly`)).toBeVisible();
  await fillFreeTrialCard(page, account);

  await expect(page).toHaveURL(/\/billing\/local-checkout\//);
  await expect(page.getByText(`Paying as ${account.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(`Your ${plans.catalogue.tiers.starter.label} plan is active`)).toBeVisible();
  expect((await currentUser(page)).subscriptionTier).toBe('starter');
});

test('a return without a verifiable payment shows the error and no form', async ({ page }) => {
  await page.goto(`/payment-success?session_id=cs_local_${'0'.repeat(32)}`);
  await expect(page.getByText('Unable to verify your payment. Please contact support.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Setup' })).toHaveCount(0);

  await page.goto('/payment-success');
  await expect(page.getByText('No payment session ID found. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('accessibility of the payment screens', () => {
  // axe is injected as a script, which the app's Content-Security-Policy would block.
  test.use({ bypassCSP: true });

  async function seriousViolations(page: Page): Promise<string[]> {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    // Toasts are the app's shared toaster, checked with it; here they are caught mid-animation.
    const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }

  test('the upgrade dialog, the account status card and the account setup form', async ({ page, browser }) => {
    // Three screens in two browsers with axe on each: over 30 s on a shared, loaded machine.
    test.slow();
    const account = newAccount();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('dialog', { name: 'Upgrade Your Plan' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Account Status' }).getByRole('tab', { name: 'Monthly' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const visitor = await browser.newContext({ bypassCSP: true });
    const visitorPage = await visitor.newPage();
    const created = await visitorPage.request.post('/api/stripe/create-checkout-session', { data: { priceId: 'local_starter_monthly' } });
    await visitorPage.goto((await created.json()).url);
    await visitorPage.getByLabel('Email').fill(`payer-${account.email}`);
    await visitorPage.getByRole('button', { name: 'Pay' }).click();
    await expect(visitorPage.getByText('Create your account')).toBeVisible();
    await visitorPage.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(visitorPage.getByText('Username is required')).toBeVisible();
    expect(await seriousViolations(visitorPage)).toEqual([]);
    await visitor.close();
  });
});

test('a Starter subscriber upgrades to Pro and then pays yearly: the one subscription changes, no second checkout', async ({ page }) => {
  test.slow();
  const account = newAccount();
  const plans = await plansOf(page);
  const { starter, pro } = plans.catalogue.tiers;
  await page.goto('/#free-trial-signup');
  await fillFreeTrialCard(page, account);
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  const created = await page.request.post('/api/stripe/create-checkout-session', { data: { priceId: 'local_starter_monthly' }, headers: { origin: new URL(page.url()).origin } });
  await page.goto((await created.json()).url);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(`Your ${starter.label} plan is active`)).toBeVisible();

  await page.goto('/profile');
  const status = page.getByRole('region', { name: 'Account Status' });
  // The plans and the subscription load first; slow on a loaded machine.
  await expect(status.getByText(`${starter.label}, monthly, renews on`)).toBeVisible({ timeout: 20_000 });
  await status.getByRole('button', { name: new RegExp(`^Upgrade to ${pro.label}`) }).click();
  const confirm = page.getByRole('dialog', { name: 'Change your plan' });
  await expect(confirm.getByText(`Your subscription moves from ${starter.label}, monthly to ${pro.label}, monthly`)).toBeVisible();
  await expect(confirm.getByText(/prorated/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm change' }).click();

  await expect(status.getByText(`${pro.label}, monthly, renews on`)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect((await currentUser(page)).subscriptionTier).toBe('pro');
  // Pro has nothing above it: the offer is the other interval.
  await expect(status.getByRole('heading', { name: /upgrade/i })).toHaveCount(0);
  await status.getByRole('button', { name: `Switch to Yearly - ${dollars(pro.prices!.yearly)}/year (Save ${plans.savings.pro}%)` }).click();
  await expect(confirm.getByText('A new billing period starts today.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm change' }).click();
  await expect(status.getByText(`${pro.label}, yearly, renews on`)).toBeVisible();

  // One subscription throughout, now Pro yearly.
  await status.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/local-portal\//);
  await expect(page.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText(`${pro.label} (yearly)`)).toBeVisible();
});

test('a payer whose e-mail already has an account logs in on the payment page and adds the payment to it', async ({ page }) => {
  const account = newAccount();
  const plans = await plansOf(page);
  await page.goto('/#free-trial-signup');
  await fillFreeTrialCard(page, account);
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  await page.context().clearCookies();

  await page.goto('/#pricing');
  await page.reload();
  await page.locator('#pricing').getByRole('button', { name: `Pay monthly for ${plans.catalogue.tiers.pro.label}` }).click();
  // The landing page has an Email field too: fill in the checkout's only once it is open.
  await expect(page).toHaveURL(/\/billing\/local-checkout\//);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Create your account')).toBeVisible();
  const form = page.locator('form');
  await form.getByLabel('Username').fill(`${account.username}x`);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm Password').fill(account.password);
  await form.getByRole('button', { name: 'Complete Setup' }).click();

  await expect(page.getByText('Log in to your account to add this payment to it.')).toBeVisible();
  await expect(page.getByText(account.email, { exact: true })).toBeVisible();
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_local_/);
  await page.getByRole('button', { name: 'Add this payment to my account' }).click();
  await expect(page.getByText(`Your ${plans.catalogue.tiers.pro.label} plan is active`)).toBeVisible();
  expect(await currentUser(page)).toMatchObject({ username: account.username, subscriptionTier: 'pro' });
});

test.describe('Google sign-up on the landing card', () => {
  async function asNewGoogleUser(page: Page): Promise<string> {
    const email = `g-${newAccount().email}`;
    // The local OpenID provider's address is localhost (the app's is 127.0.0.1); cookies ignore ports.
    await page.context().addCookies([{ name: 'e2e_google', value: encodeURIComponent(email), url: 'http://localhost' }]);
    return email;
  }

  test('with the free plan, starts the trial and goes home, as the e-mail sign-up does', async ({ page }) => {
    const email = await asNewGoogleUser(page);
    const plans = await plansOf(page);
    await page.goto('/#free-trial-signup');
    await page.locator('#free-trial-signup').getByRole('button', { name: 'Sign up with Google' }).click();

    await expect(page.getByText('Stack Chat Assistant')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const user = await currentUser(page);
    expect(user.email).toBe(email);
    expect(user.trialEndsAt).not.toBeNull();
    expect(new Date(user.trialEndsAt!).getTime()).toBe(new Date(user.createdAt).getTime() + plans.catalogue.trialDays * DAY_MS);
  });

  test('with a paid plan chosen, goes on to its checkout, as the e-mail sign-up does', async ({ page }) => {
    const email = await asNewGoogleUser(page);
    const plans = await plansOf(page);
    await page.goto('/#pricing');
    await page.locator('#pricing').getByRole('button', { name: `Pay yearly for ${plans.catalogue.tiers.starter.label}` }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('#free-trial-signup').getByText(`${plans.catalogue.tiers.starter.label}, yearly`)).toBeVisible();
    await page.locator('#free-trial-signup').getByRole('button', { name: 'Sign up with Google' }).click();

    await expect(page).toHaveURL(/\/billing\/local-checkout\//);
    await expect(page.getByText(`Paying as ${email}`)).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText(`Your ${plans.catalogue.tiers.starter.label} plan is active`)).toBeVisible();
  });
});
