import { type Browser, type Page, expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/admin.ts';
import { acceptCookies, signUp } from './support/fixtures.ts';

/**
 * The admin area as an administrator uses it, with the admin the real `create-admin` CLI made
 * before the app started (support/servers.ts): a supplement added to the reference database shows
 * up in a user's suggestions, a user's plan is changed, and a post written in Markdown is published
 * and appears on /learn, sanitised, while visitors and users never see the admin screens.
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

async function logInAsAdmin(page: Page) {
  await page.goto('/auth?login=true');
  await page.getByLabel('Email or username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
}

/** A new user in a browser of their own, signed up on the landing page. */
async function newUserPage(browser: Browser) {
  const context = await browser.newContext();
  await acceptCookies(context);
  const page = await context.newPage();
  const account = await signUp(page);
  return { page, account, close: () => context.close() };
}

test('the admin screens are not found for visitors and users', async ({ page, browser }) => {
  for (const path of ['/admin', '/admin/supplements', '/admin/users', '/admin/blog']) {
    await page.goto(path);
    // Signed out, any other path shows the landing page.
    await expect(page.locator('#free-trial-signup')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  }
  const user = await newUserPage(browser);
  await user.page.goto('/admin/users');
  await expect(user.page.getByText('404 Page Not Found')).toBeVisible();
  expect((await user.page.request.get('/api/admin/users')).status()).toBe(404);
  await user.close();
});

test('an admin adds a reference supplement that a user then finds in the suggestions', async ({ page, browser }) => {
  const name = `Zyxoquinone ${Date.now().toString(36)}`;
  await logInAsAdmin(page);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: /Manage Supplements/ }).click();
  await expect(page.getByRole('heading', { name: 'Manage Supplements' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Alternative Names/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add Supplement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Supplement' });
  // The form's rules, before anything is sent.
  await dialog.getByLabel('Source URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Add Supplement' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();
  await expect(dialog.getByText('Source URL must be a valid URL')).toBeVisible();

  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Category').fill('Antioxidant');
  await dialog.getByLabel('Alternative Names').fill(' ZQ-10 ,  zyxo complex ,');
  await dialog.getByLabel('Description').fill('A made-up compound for the browser tests.');
  await dialog.getByLabel('Source', { exact: true }).fill('StackLab tests');
  await dialog.getByLabel('Source URL').fill('https://example.org/zyxoquinone');
  await dialog.getByRole('button', { name: 'Add Supplement' }).click();
  await expect(page.getByText('Supplement added successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('searchbox', { name: /Search supplements/ }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('ZQ-10, zyxo complex')).toBeVisible();

  // The same name again is refused, on the name field.
  await page.getByRole('button', { name: 'Add Supplement' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(name.toUpperCase());
  await dialog.getByLabel('Category').fill('Antioxidant');
  await dialog.getByRole('button', { name: 'Add Supplement' }).click();
  await expect(dialog.getByText('A supplement with this name already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const user = await newUserPage(browser);
  const track = user.page.locator('#track-supplements');
  await track.getByRole('button', { name: 'Add Supplement' }).click();
  const add = user.page.getByRole('dialog', { name: 'Add Supplement' });
  await add.getByRole('combobox', { name: 'Name' }).fill('zyxoq');
  await expect(add.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await add.getByRole('combobox', { name: 'Name' }).fill('zq-10');
  await expect(add.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await user.close();

  // Deleting asks first, with the spec's question.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this supplement?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Supplement deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("an admin changes a user's plan, and cannot delete an admin", async ({ page, browser }) => {
  const user = await newUserPage(browser);
  await logInAsAdmin(page);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  for (const label of ['Total Users', 'Active Users', 'This Month', 'This Year']) {
    await expect(page.getByRole('heading', { name: label })).toBeVisible();
  }

  await page.getByRole('searchbox', { name: /Search users/ }).fill(user.account.email);
  const row = page.getByRole('row', { name: new RegExp(user.account.username) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Free Trial')).toBeVisible();
  await row.getByRole('button', { name: `Edit ${user.account.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await dialog.getByLabel('Subscription').selectOption('pro');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  const edited = page.getByRole('row', { name: /Ada Lovelace/ });
  await expect(edited.getByText('Pro', { exact: true })).toBeVisible();

  // The user sees the new plan.
  const me = await (await user.page.request.get('/api/user')).json();
  expect(me.user).toMatchObject({ name: 'Ada Lovelace', subscriptionTier: 'pro', isPro: true });

  // The admin's own row: the delete button is disabled, and says why.
  await page.getByRole('searchbox', { name: /Search users/ }).fill(E2E_ADMIN.email);
  const adminRow = page.getByRole('row', { name: new RegExp(E2E_ADMIN.username) });
  const deleteAdmin = adminRow.getByRole('button', { name: /Delete .*Cannot delete admin user/ });
  await expect(deleteAdmin).toBeDisabled();
  await expect(deleteAdmin).toHaveAttribute('title', 'Cannot delete admin user');

  // Deleting a user asks first, then signs them out everywhere.
  await page.getByRole('searchbox', { name: /Search users/ }).fill(user.account.email);
  await edited.getByRole('button', { name: 'Delete Ada Lovelace' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this user? This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  expect((await user.page.request.get('/api/user')).status()).toBe(401);
  await user.close();
});

test('an admin writes a post in Markdown, publishes it, and it appears on /learn, sanitised', async ({ page, browser }) => {
  const title = `Copper and Zinc ${Date.now().toString(36)}`;
  await logInAsAdmin(page);
  await page.goto('/admin/blog');
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Learn post' }).click();
  await expect(page.getByRole('heading', { name: 'New Learn Post' })).toBeVisible();

  await page.getByLabel('Title').fill(title);
  const slug = page.getByLabel('Slug');
  await expect(slug).toHaveValue(/^copper-and-zinc-/);
  await page.getByLabel('Excerpt').fill('Why the two minerals compete, and what that means for your stack.');
  await page.getByLabel('Content').fill(
    '## Why it matters\n\nZinc **lowers** copper absorption.\n\n<script>window.__pwned = true</script>\n\n<img src="x" onerror="window.__pwned = true">\n\n[Sneaky](javascript:window.__pwned=true)',
  );
  // The live preview renders with the server's sanitiser.
  const preview = page.locator('[aria-live="polite"]').filter({ has: page.getByRole('heading', { name: 'Why it matters' }) });
  await expect(preview.getByText('lowers')).toBeVisible();
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.locator('a', { hasText: 'Sneaky' })).not.toHaveAttribute('href');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Post published')).toBeVisible();
  await expect(page.getByText(/^Published /)).toBeVisible();

  // Anyone, signed out, finds it first on /learn and reads it.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto('/learn');
  await expect(reader).toHaveTitle('Learn · StackLab');
  const link = reader.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  await link.click();
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader).toHaveTitle(`${title} · StackLab`);
  await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  await expect(reader.getByRole('heading', { name: 'Why it matters' })).toBeVisible();
  expect(await reader.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

  // Page 2 of /learn works: the seed's six posts moved down by one.
  await reader.goto('/learn');
  await reader.getByRole('link', { name: 'Page 2' }).click();
  await expect(reader).toHaveURL(/\/learn\?page=2$/);
  await expect(reader.getByRole('listitem').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(reader.getByRole('link', { name: title })).toHaveCount(0);
  await visitor.close();

  // Unpublished, it is gone for readers.
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Post unpublished')).toBeVisible();
  const again = await browser.newContext();
  const later = await again.newPage();
  await later.goto(`/learn/${await slug.inputValue()}`);
  await expect(later.getByText('Post not found').last()).toBeVisible();
  await again.close();
});
