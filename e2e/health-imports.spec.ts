import { expect, test } from '@playwright/test';
import { appleHealthXml, appleHealthZip, daysEndingOn } from '../server/src/testing/health-exports.ts';
import { acceptCookies, newAccount } from './support/fixtures.ts';

/** Import a generated Apple Health export and watch the health page's cards fill. */
test('an Apple Health export fills the sleep and heart rate cards', async ({ page }) => {
  await acceptCookies(page.context());
  const account = newAccount();
  expect((await page.request.post('/api/register', { data: account })).ok()).toBe(true);
  await page.goto('/health-stats');
  await expect(page.getByText('No sleep data yet', { exact: false })).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  const zip = appleHealthZip(appleHealthXml(daysEndingOn(today, 10), { offset: '+0000' }));
  await page.getByLabel('Health export to import').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await page.getByRole('button', { name: 'Import health data' }).click();
  await expect(page.getByTestId('health-import-done')).toContainText('new measurements', { timeout: 30_000 });
  await expect(page.getByTestId('sleep-average')).toBeVisible();
  await expect(page.getByTestId('resting-heart-rate')).toContainText('bpm');
  await expect(page.getByTestId('history-weight')).toContainText('kg');
  await expect(page.getByTestId('history-blood_pressure')).toContainText('mmHg');
});
