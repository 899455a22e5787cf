import { type Locator, type Page, expect, request as playwrightRequest, test } from '@playwright/test';
import { E2E_ADMIN } from './support/admin.ts';
import { acceptCookies, newAccount, signUp } from './support/fixtures.ts';

/**
 * The main journey with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape and
 * typing; no click): from the landing page to signing up, adding a supplement, saving today,
 * uploading a lab report and logging out. Every stop Tab lands on must show where focus is, and
 * a modal dialog keeps focus inside and gives it back to what opened it.
 */

/** Whether the focused element (or, for a visually hidden file input, its drop zone) shows a focus indicator. */
async function focusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'nothing has focus';
    const shows = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const box = active.getBoundingClientRect();
    // A visually hidden control (the file input) shows its focus on the zone drawn around it.
    const drawn = box.width <= 1 && box.height <= 1 && active.parentElement ? active.parentElement : active;
    return shows(drawn) ? null : `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40)}" shows no focus`;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking that every stop on the way shows it. */
async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; max?: number } = {}) {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  await expect(target).toBeAttached();
  for (let step = 0; step < (options.max ?? 60); step += 1) {
    const before = await focusedElement(page);
    await page.keyboard.press(key);
    expect(await focusIndicator(page), `after ${key} from ${before}`).toBeNull();
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}

/** The focused element, described for a failure message. */
async function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40)}"` : 'nothing';
  });
}

/** Fails unless `target` has focus, naming what has it instead. */
async function expectFocusOn(page: Page, target: Locator) {
  const focused = await focusedElement(page);
  expect(await target.evaluate((element) => element === document.activeElement), `focus is on ${focused}, not on ${target}`).toBe(true);
}

/** Stops the page's clock where it stands; until then it runs with real time. */
async function pauseClock(page: Page) {
  // The clock moves on between reading it and pausing it, and a pause in its past is refused.
  await expect(async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50)).toPass();
}

async function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** The user gets Pro from an administrator, so that the labs page takes uploads (a free trial has none). */
async function grantPro(baseURL: string, email: string) {
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post('/api/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).ok()).toBe(true);
  const { users } = (await (await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { users: { id: string; email: string; username: string }[] };
  const user = users.find((candidate) => candidate.email === email)!;
  expect((await admin.put(`/api/admin/users/${user.id}`, { data: { name: user.username, email, subscriptionTier: 'pro' } })).ok()).toBe(true);
  await admin.dispose();
}

/** A one-pixel PNG: a file the labs page accepts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('the main journey with the keyboard alone', async ({ page, baseURL }) => {
  const account = newAccount();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The cookie banner is answered first, from the keyboard.
  const banner = page.getByRole('region', { name: /cookie/i });
  await tabTo(page, banner.getByRole('button', { name: /accept/i }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);

  // The hero's call to action leads to the sign-up card.
  await tabTo(page, page.getByRole('link', { name: /free trial/i }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#free-trial-signup$/);
  const card = page.locator('#free-trial-signup');
  await tabTo(card.page(), card.getByLabel('Username'));
  await page.keyboard.type(account.username);
  await page.keyboard.press('Tab');
  await expect(card.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(card.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();

  // The profile prompt opens beside the dashboard; Escape puts it away.
  const prompt = page.getByRole('dialog', { name: 'Complete your profile' });
  await expect(prompt).toBeVisible();
  await tabTo(page, prompt.getByRole('button', { name: 'Not now' }));
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);

  // Add a supplement from a suggestion, in a dialog that holds focus until it closes.
  const track = page.locator('#track-supplements');
  const addButton = track.getByRole('button', { name: 'Add Supplement' });
  await tabTo(page, addButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Supplement' });
  await expect(dialog).toBeVisible();
  expect(await focusIsInside(dialog)).toBe(true);
  for (let step = 0; step < 20; step += 1) {
    await page.keyboard.press(step % 2 ? 'Shift+Tab' : 'Tab');
    await page.keyboard.press('Tab');
    expect(await focusIsInside(dialog)).toBe(true);
  }
  await tabTo(page, dialog.getByRole('combobox', { name: 'Name' }));
  await page.keyboard.type('magnes');
  await expect(dialog.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const name = dialog.getByRole('combobox', { name: 'Name' });
  await expect(name).toHaveValue(/^Magnesium/);
  await expect(dialog.getByRole('listbox')).toBeHidden();
  const chosen = await name.inputValue();
  await tabTo(page, dialog.getByRole('button', { name: 'Add Supplement' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(track.getByRole('switch', { name: `${chosen} taken today` })).toBeVisible();
  await expect(addButton).toBeFocused();

  // Save today.
  await tabTo(page, track.getByRole('button', { name: 'Save Today' }));
  await page.keyboard.press('Space');
  await expect(page.getByText('Your supplement intake has been logged successfully.')).toBeVisible();

  // Upload a lab report, choosing the file from the drop zone's own control.
  await grantPro(baseURL!, account.email);
  // The plan changed behind the page's back; reading it again is the browser's reload.
  await page.reload();
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  // A keyboard user starts once the page has settled: cards still answering may redraw under the focus.
  await page.waitForLoadState('networkidle');
  await tabTo(page, page.getByRole('link', { name: 'Upload lab results' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Biomarker Trends' })).toBeVisible();
  const fileInput = page.locator('input[type="file"]');
  await tabTo(page, fileInput);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
  await chooser.setFiles({ name: 'keyboard-panel.png', mimeType: 'image/png', buffer: PNG });
  await tabTo(page, page.getByRole('button', { name: 'Upload 1 file(s)' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /uploaded/ })).toBeVisible();

  // Log out from the account menu, moving through it with the arrow keys.
  const menuButton = page.getByRole('button', { name: /account menu/i });
  await tabTo(page, menuButton, { backwards: true });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const logOut = menu.getByRole('menuitem', { name: 'Log out' });
  // The open menu takes focus; arrows pressed before it has are not the menu's.
  await expect.poll(() => focusIsInside(menu)).toBe(true);
  for (let step = 0; step < 12 && !(await logOut.evaluate((element) => element === document.activeElement)); step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(logOut).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Optimize your supplement stack with AI-powered insights' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('Tab and Shift+Tab pass through a toast to the profile prompt and back', async ({ page }) => {
  // The toast must still be there when Tab reaches it, however slow the machine: time stands
  // still while the keys are pressed, and moves on only to let the toast close.
  await page.clock.install();
  await acceptCookies(page.context());
  await signUp(page);
  await expect(page.locator('#track-supplements').getByText('No supplements yet')).toBeVisible();
  const origin = new URL(page.url()).origin;
  expect((await page.request.post('/api/supplements', { data: { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' }, headers: { origin } })).status()).toBe(200);
  // A stack with nothing logged today: the dashboard opens with the daily reminder and the profile prompt.
  await page.goto('/');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: "You haven't logged your supplements today." });
  const prompt = page.getByRole('dialog', { name: 'Complete your profile' });
  await expect(prompt).toBeVisible();
  await expect(toast).toBeVisible();
  await pauseClock(page);
  await expect(toast).toBeVisible();

  const contact = page.getByRole('contentinfo').getByRole('link', { name: 'Contact' });
  const closeToast = toast.getByRole('button', { name: 'Close toast' });
  const firstInPrompt = prompt.getByRole('link').first();
  // From the top of the page, where Tab must not stop on anything unseen.
  await tabTo(page, contact);
  // The notifications come after the page, the docked prompt after them.
  await page.keyboard.press('Tab');
  await expectFocusOn(page, toast);
  await page.keyboard.press('Tab');
  await expectFocusOn(page, closeToast);
  await page.keyboard.press('Tab');
  await expectFocusOn(page, firstInPrompt);
  await page.keyboard.press('Shift+Tab');
  await expectFocusOn(page, closeToast);
  await page.keyboard.press('Shift+Tab');
  await expectFocusOn(page, toast);
  await page.keyboard.press('Shift+Tab');
  await expectFocusOn(page, contact);

  // A toast that closes while it has focus gives focus back to where it came from.
  await page.keyboard.press('Tab');
  await expectFocusOn(page, toast);
  await page.clock.runFor(10_000);
  await expect(toast).toHaveCount(0);
  await expect(contact).toBeFocused();
  await page.clock.resume();
  await page.keyboard.press('Tab');
  await expectFocusOn(page, firstInPrompt);

  // The prompt does not hold focus: Tab from its last control leaves it.
  await tabTo(page, prompt.getByRole('button', { name: 'Close', exact: true }));
  await page.keyboard.press('Tab');
  expect(await focusIsInside(prompt)).toBe(false);
});
