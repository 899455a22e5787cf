import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { acceptCookies, newAccount } from './support/fixtures.ts';

/**
 * Data ownership as a user lives it: export everything, download the report for the doctor,
 * share with a clinician who opens the link in another browser, revoke it and see it gone, then
 * delete the account and fail to sign in again.
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

async function seed(request: APIRequestContext) {
  const account = newAccount();
  expect((await request.post('/api/register', { data: account })).ok()).toBe(true);
  const supplement = await (await request.post('/api/supplements', { data: { name: 'Vitamin D3', dosage: '1000 IU', frequency: '1x daily' } })).json();
  const logs = await request.post('/api/supplement-logs', { data: { logs: [{ supplementId: supplement.id, takenAt: new Date(Date.now() - 3600_000).toISOString() }] } });
  expect(logs.ok()).toBe(true);
  for (const result of [
    { biomarker: 'vitamin-d-25oh', value: 21, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: day(60) },
    { biomarker: 'vitamin-d-25oh', value: 38, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: day(2) },
  ]) {
    expect((await request.post('/api/labs/results', { data: result })).status()).toBe(201);
  }
  return account;
}

test('export, the doctor\'s PDF, a share link opened elsewhere and revoked, then deleting the account', async ({ page, browser }) => {
  const account = await seed(page.request);
  await page.goto('/profile');
  const card = page.getByRole('heading', { name: 'Your data' }).locator('xpath=ancestor::*[contains(@class, "rounded")][1]');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();

  // Export everything as JSON.
  const [jsonDownload] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'All data (JSON)' }).click()]);
  expect(jsonDownload.suggestedFilename()).toMatch(/^stacklab-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8'));
  expect(exported).toMatchObject({ format: 'stacklab-export', account: { username: account.username } });
  expect(exported.labResults).toHaveLength(2);

  // The report for the doctor, for the default period.
  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download report' }).click()]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^stacklab-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile((await pdfDownload.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // Share the labs and the stack with a clinician for 7 days.
  await card.getByLabel('For (optional)').fill('Dr. Rivera');
  await card.getByLabel('Link works for').selectOption({ label: '7 days' });
  await card.getByRole('button', { name: 'Create link' }).click();
  const linkField = card.getByLabel('Your new link');
  await expect(linkField).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
  const url = await linkField.inputValue();
  const links = card.getByRole('list', { name: 'Share links' });
  await expect(links.getByText('Dr. Rivera')).toBeVisible();
  await expect(links.getByText(/Not opened yet/)).toBeVisible();

  // The clinician opens it in another browser, signed in as nobody.
  const clinician = await browser.newContext();
  const clinicianPage = await clinician.newPage();
  await clinicianPage.goto(url);
  await expect(clinicianPage.getByRole('heading', { name: `${account.username}'s health data` })).toBeVisible();
  await expect(clinicianPage.getByText(/This link works until/)).toBeVisible();
  const labs = clinicianPage.getByRole('region', { name: 'Lab results' });
  const vitaminD = labs.getByRole('row', { name: /25-OH vitamin D/ });
  await expect(vitaminD.getByRole('cell', { name: '38 ng/mL' })).toBeVisible();
  await expect(vitaminD.getByRole('img', { name: /2 results/ })).toBeVisible();
  await expect(clinicianPage.getByRole('region', { name: 'Supplement stack' }).getByText('Vitamin D3')).toBeVisible();
  await expect(clinicianPage.getByRole('region', { name: 'Health stats' })).toHaveCount(0);
  await expect(clinicianPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  // No app chrome: no sign-in, no menu, no footer links.
  await expect(clinicianPage.getByRole('link', { name: 'Privacy Policy' })).toHaveCount(0);
  await expect(clinicianPage.getByRole('link', { name: 'Log in' })).toHaveCount(0);

  // The owner sees the opening, and revokes the link.
  await page.reload();
  await expect(links.getByText(/Opened 1 time, last/)).toBeVisible();
  await links.getByRole('button', { name: 'Revoke Dr. Rivera' }).click();
  await expect(links.getByText('Revoked', { exact: true })).toBeVisible();

  // Gone for the clinician at once.
  await clinicianPage.reload();
  await expect(clinicianPage.getByRole('heading', { name: 'This link has expired or was revoked' })).toBeVisible();
  await expect(clinicianPage.getByText('25-OH vitamin D')).toHaveCount(0);
  await clinician.close();

  // Delete the account: a wrong password is refused, the right one deletes and signs out.
  await card.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('This cannot be undone.')).toBeVisible();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account forever' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account forever' }).click();
  await expect(page.getByText('Your account and all your data have been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Optimize your supplement stack/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);

  // Signing in again fails.
  await page.goto('/auth?login=true');
  await page.getByLabel(/email or username|username or email|email/i).first().fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page.getByText('Invalid email/username or password').first()).toBeVisible();
  expect((await page.request.post('/api/login', { data: { email: account.email, password: account.password } })).status()).toBe(401);
});
