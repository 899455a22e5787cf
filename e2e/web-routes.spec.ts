import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, signUp } from './support/fixtures.ts';

/** The route table of product.md, Pages by session state, as a visitor and a signed-in user see it. */

const LANDING_HEADLINE = 'Optimize your supplement stack with AI-powered insights';

async function skipCookieBanner(page: Page) {
  await acceptCookies(page.context());
}

test.describe('signed out', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test('the root and any unknown or member path show the landing page', async ({ page }) => {
    for (const path of ['/', '/dashboard', '/profile', '/labs', '/admin', '/admin/users', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADLINE })).toBeVisible();
    }
  });

  test('auth routes open the right mode', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Start for Free' })).toBeVisible();
    await expect(page.getByText('Smart Supplement Tracking')).toBeVisible();
    await expect(page.getByText('Upload Labs & Bloodwork')).toBeVisible();
    await expect(page.getByText('Individualized Insights')).toBeVisible();
    await expect(page.getByText('Optimize Your Health Journey')).toBeVisible();

    await page.getByRole('link', { name: 'Log in', exact: true }).last().click();
    await expect(page).toHaveURL(/\/auth\?login=true$/);
    await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByText('Smart Supplement Tracking')).toHaveCount(0);

    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Start for Free' })).toBeVisible();

    await page.goto('/auth?login=true');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });

  test('public content pages are reachable', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Effective date: January 27, 2025')).toBeVisible();
    await expect(page.locator('article section h2')).toHaveCount(14);

    for (const path of ['/privacy', '/privacy-policy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      await expect(page.getByText('Effective date: January 27, 2025')).toBeVisible();
      await expect(page.locator('article section h2')).toHaveCount(10);
    }

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('About StackLab')).toBeVisible();

    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(page.getByLabel('Message')).toBeVisible();

    await page.goto('/learn');
    await expect(page.getByRole('heading', { level: 1, name: 'Learn' })).toBeVisible();
    await page.goto('/research');
    await expect(page.getByRole('heading', { level: 1, name: 'Research' })).toBeVisible();
    await page.goto('/ask');
    await expect(page.getByRole('heading', { level: 1, name: 'Ask' })).toBeVisible();
  });

  test('plan and payment pages are reachable signed out', async ({ page }) => {
    for (const path of ['/subscription', '/subscription-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
    }
    // An unknown checkout session cannot be verified: no account form, a way to support.
    await page.goto('/payment-success?session_id=cs_test_123');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not confirmed' })).toBeVisible();
    await expect(page.getByText('Unable to verify your payment. Please contact support.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Setup' })).toHaveCount(0);

    // Without a checkout session there is nothing to confirm: an error, then home.
    await page.goto('/payment-success');
    await expect(page.getByText('No payment session ID found. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADLINE })).toBeVisible();
  });
});

test.describe('signed in without admin rights', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test('member routes work, admin and unknown routes show the 404 screen', async ({ page }) => {
    await signUp(page);

    await page.goto('/');
    await expect(page.getByText('Stack Chat Assistant')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByText('Stack Chat Assistant')).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await page.goto('/health-stats');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Health Overview' })).toBeVisible();
    await expect(page.getByText(/^No sleep data yet\./)).toBeVisible();
    await expect(page.getByText(/^No heart rate data yet\./)).toBeVisible();
    await page.goto('/supplement-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Supplement History' })).toBeVisible();
    await page.goto('/labs');
    await expect(page.getByRole('heading', { level: 1, name: 'Biomarker Trends' })).toBeVisible();
    await page.goto('/subscription-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();

    for (const path of ['/admin', '/admin/supplements', '/admin/users', '/admin/blog', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    }

    await page.getByRole('link', { name: 'Go to Home Page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Stack Chat Assistant')).toBeVisible();

    // Sign-in pages send a signed-in user home instead of showing a form.
    await page.goto('/auth?login=true');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the profile lists this session and ending it signs out', async ({ page }) => {
    const { username } = await signUp(page);
    await page.goto('/profile');
    // The profile form shows the account's username and e-mail.
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(`${username}@example.com`);
    await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    await expect(page.getByText('This device', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: /end session.*this device/i }).click();
    await expect(page.getByText('You have been successfully logged out')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADLINE })).toBeVisible();
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });
});
