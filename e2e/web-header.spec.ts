import { expect, test } from '@playwright/test';
import { acceptCookies, signUp } from './support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

test('the public header offers Sign Up, Learn, Ask, Research, About and Log in', async ({ page }) => {
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  await expect(nav.getByRole('link', { name: 'Learn' })).toHaveAttribute('href', '/learn');
  await expect(nav.getByRole('link', { name: 'Ask' })).toHaveAttribute('href', '/ask');
  await expect(nav.getByRole('link', { name: 'Research' })).toHaveAttribute('href', '/research');
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\?login=true$/);

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(footer.getByText(/© \d{4} StackLab/)).toBeVisible();
});

test('the logged-in header shows Dashboard and the avatar menu; Log out says so', async ({ page }) => {
  const { username } = await signUp(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);

  const avatar = page.getByRole('button', { name: /account menu/i });
  await expect(avatar).toHaveText(username.slice(0, 2).toUpperCase());
  await avatar.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(username, { exact: true })).toBeVisible();
  await expect(menu.getByText(`${username}@example.com`)).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Health Stats' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Supplement History' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);

  await menu.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await avatar.click();
  await page.getByRole('menuitem', { name: 'Health Stats' }).click();
  await expect(page).toHaveURL(/\/health-stats$/);

  await avatar.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page.getByText('You have been successfully logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('the mobile menu opens and closes with its button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/about');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await toggle.click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile.getByRole('link', { name: 'Learn' })).toBeVisible();
  await expect(mobile.getByRole('link', { name: 'Log in' })).toBeVisible();
  await mobile.getByRole('link', { name: 'Research' }).click();
  await expect(page).toHaveURL(/\/research$/);
  await expect(mobile).toBeHidden();
});
