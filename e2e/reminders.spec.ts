import { expect, test } from '@playwright/test';
import { acceptCookies, linkInMail, newAccount, signUp } from './support/fixtures.ts';
import { E2E } from './support/ports.ts';
import { serviceWorkerRegistration, shownNotifications, tapNotification } from './support/push.ts';

/** A dose time two minutes ago in UTC (the browser's zone here, and so the account's). */
function twoMinutesAgo(): string {
  const now = new Date(Date.now() - 2 * 60_000);
  const clock = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
  // Just after midnight, "two minutes ago" was yesterday: the day's first minute is due today.
  return now.getUTCDate() === new Date().getUTCDate() ? clock : '00:00';
}

test('reminders: turned on in the profile, e-mailed when a dose is due, off by the link in the mail', async ({ page }) => {
  const account = newAccount();
  await acceptCookies(page.context());
  await page.goto(`${E2E.mailAppUrl}/auth`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /start for free|sign up|create account/i }).click();
  await page.goto(await linkInMail(account.email, '/verify-email'));
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();

  const added = await page.request.post(`${E2E.mailAppUrl}/api/supplements`, {
    data: { name: 'Vitamin D3', dosage: '1000 IU', frequency: '1x daily', schedule: { times: [twoMinutesAgo()], days: { every: 'day' } } },
  });
  expect(added.status()).toBe(200);

  await page.goto(`${E2E.mailAppUrl}/profile`);
  const card = page.locator('div').filter({ has: page.getByText('Reminders', { exact: true }) }).filter({ has: page.getByRole('button', { name: 'Save Reminders' }) }).last();
  await card.getByRole('switch', { name: 'E-mail reminders' }).click();
  await card.getByRole('switch', { name: 'Quiet hours' }).click();
  // Quiet hours that never cover "now" in these tests: a minute before midnight to midnight.
  await card.getByLabel('From').fill('23:58');
  await card.getByLabel('Until').fill('23:59');
  await card.getByRole('button', { name: 'Save Reminders' }).click();
  await expect(page.getByText('Reminder settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail reminders' })).toBeChecked();

  // The reminder arrives by mail, with a link that works without signing in.
  const link = await linkInMail(account.email, '/reminders/unsubscribe');
  const mails = (await (await fetch(`${E2E.mailboxUrl}/?to=${encodeURIComponent(account.email)}`)).json()) as { text: string }[];
  expect(mails.find((mail) => mail.text.includes('/reminders/unsubscribe'))!.text).toContain('Vitamin D3');

  const signedOut = await page.context().browser()!.newContext();
  const other = await signedOut.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'E-mail reminders are off' })).toBeVisible();
  await signedOut.close();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail reminders' })).not.toBeChecked();
});

test('the installed app opens offline on the last loaded day, with its manifest and icons', async ({ page }) => {
  await acceptCookies(page.context());
  await signUp(page);
  const added = await page.request.post('/api/supplements', { data: { name: 'Omega-3', dosage: '1 capsules', frequency: '1x daily' } });
  expect(added.status()).toBe(200);

  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'StackLab', display: 'standalone' });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
  }

  await page.goto('/dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Loaded once under the service worker, so it keeps this day's page and answers.
  await page.reload();
  await expect(page.getByText('Omega-3').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText('Omega-3').first()).toBeVisible();
  await page.context().setOffline(false);
});

test('the service worker shows a pushed reminder, one at a time, and opens its page when tapped', async ({ page }) => {
  await acceptCookies(page.context());
  await page.context().grantPermissions(['notifications'], { origin: E2E.appUrl });
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const worker = await serviceWorkerRegistration(page);

  await worker.deliver(JSON.stringify({ title: 'Time for your supplements', body: 'Due now: Zinc', url: '/dashboard', tag: 'stacklab-reminder' }));
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: 'Time for your supplements', body: 'Due now: Zinc', url: '/dashboard' }]);
  // A push it cannot read still reminds, and takes the place of the last one rather than piling up.
  await worker.deliver('not json');
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: 'StackLab', body: 'A supplement is due.', url: '/dashboard' }]);

  await tapNotification(page);
  await expect(page).toHaveURL(`${E2E.appUrl}/dashboard`);
  await expect.poll(() => shownNotifications(page)).toEqual([]);
});
