import { expect, test } from '@playwright/test';
import { acceptCookies, addMorningVitaminD3, newAccount } from './support/fixtures.ts';
import { E2E } from './support/ports.ts';
import { type ReceivedPush, pushThroughLocalService, serviceWorkerRegistration, shownNotifications, tapNotification } from './support/push.ts';

/**
 * Daily use from first day to reminder (issue 19): a new user adds "Vitamin D3, 5000 IU, every
 * morning", fills in yesterday, finds the app installable, gets the morning reminder pushed by the
 * real reminder scan, sees the notification the service worker shows, and marks the dose from it.
 *
 * The browser runs in a zone where it is between 08:00 and 09:00 now, so the morning dose is due
 * and the scan (every few seconds in these servers) pushes it. Headless Chromium has no push
 * service: the app's subscription is one to the local push service (`pushboxUrl`), which checks
 * and decrypts what the app pushes; the test hands that message to the service worker through
 * the DevTools protocol, as the browser's push service would.
 */
function zoneWhereItIsMorning(): string {
  let offset = 8 - new Date().getUTCHours();
  if (offset < -12) offset += 24;
  // POSIX signs: Etc/GMT-8 is eight hours ahead of UTC.
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
const TIME_ZONE = zoneWhereItIsMorning();

function yesterdayIn(timeZone: string) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day - 1, 12));
  return {
    iso: date.toISOString().slice(0, 10),
    short: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date),
  };
}

test.use({ timezoneId: TIME_ZONE });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
  await page.context().grantPermissions(['notifications'], { origin: E2E.appUrl });
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('add the morning dose, fill in yesterday, install, get the reminder and mark the dose from it', async ({ page }) => {
      const device = `journey-${width}-${Date.now().toString(36)}`;
      await pushThroughLocalService(page.context(), device);
      // Signing up is another spec's journey: the account is made through the API, in the browser's zone.
      expect((await page.request.post('/api/register', { data: { ...newAccount(), timeZone: TIME_ZONE } })).ok()).toBe(true);
      await page.goto('/');
      await addMorningVitaminD3(page);
      const track = page.locator('#track-supplements');

      // Yesterday, filled in from the date switcher.
      const yesterday = yesterdayIn(TIME_ZONE);
      await page.getByRole('button', { name: 'Previous day' }).click();
      await expect(page.getByLabel('Logging for')).toHaveValue(yesterday.iso);
      await expect(track.getByRole('switch', { name: `Vitamin D3 taken on ${yesterday.short}` })).toBeChecked();
      await track.getByRole('button', { name: `Save ${yesterday.short}` }).click();
      await expect(track.getByText('This day is logged. Saving again updates its record.')).toBeVisible();
      await page.getByRole('button', { name: 'Back to today' }).click();
      const today = page.getByRole('region', { name: 'Today' });
      const due = today.getByRole('list', { name: 'Due today' }).getByRole('listitem').filter({ hasText: 'Vitamin D3' });
      await expect(due.getByRole('button', { name: 'Mark taken Vitamin D3' })).toBeVisible();

      // Installable: a manifest, and the service worker controls the page.
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${E2E.appUrl}/sw.js`);
      const worker = await serviceWorkerRegistration(page);

      // Notifications on this device, from the profile: the app subscribes and tells the server.
      await page.goto('/profile');
      const card = page.locator('div').filter({ has: page.getByText('Reminders', { exact: true }) }).filter({ has: page.getByRole('button', { name: 'Save Reminders' }) }).last();
      await card.getByRole('switch', { name: 'Notifications on this device' }).click();
      await expect(card.getByText('Devices signed up: 1.')).toBeVisible();
      await card.getByRole('button', { name: 'Save Reminders' }).click();
      await expect(page.getByText('Reminder settings saved')).toBeVisible();

      // The scan pushes the morning reminder; the push service checks and decrypts it. The waits for
      // the push and the notification are long: on a loaded CI machine one took over 30 s.
      let pushed: ReceivedPush | undefined;
      await expect
        .poll(async () => {
          pushed = ((await (await fetch(`${E2E.pushboxUrl}/?device=${device}`)).json()) as ReceivedPush[])[0];
          return pushed;
        }, { message: 'the morning reminder pushed', timeout: 120_000 })
        .toBeTruthy();
      expect(pushed!.problems).toEqual([]);
      const message = JSON.parse(pushed!.payload!) as { title: string; body: string; url: string };
      expect(message).toMatchObject({ title: 'Time for your supplements', body: 'Due now: Vitamin D3', url: '/dashboard' });

      // Handed to the service worker, it shows what the user sees, and where a tap leads.
      await worker.deliver(pushed!.payload!);
      const shown = () => shownNotifications(page);
      await expect.poll(shown, { message: 'the reminder notification', timeout: 120_000 }).toEqual([{ title: 'Time for your supplements', body: 'Due now: Vitamin D3', url: '/dashboard' }]);

      // A tap on it, as the service worker receives it, opens that page; one tap there marks the dose.
      await expect(page).toHaveURL(/\/profile$/);
      await tapNotification(page);
      await expect(page).toHaveURL(`${E2E.appUrl}/dashboard`);
      await expect.poll(shown, { message: 'the notification closed by the tap' }).toEqual([]);
      await due.getByRole('button', { name: 'Mark taken Vitamin D3' }).click();
      await expect(due.getByText(/Taken at \d{1,2}:\d{2}/)).toBeVisible();
      await expect(today.getByText('1 of 1 taken')).toBeVisible();
    });
  });
}
