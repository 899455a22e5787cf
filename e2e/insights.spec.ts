import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { acceptCookies, newAccount } from './support/fixtures.ts';

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

/**
 * `days` past days of magnesium and ratings, entered through the API as the history page does:
 * magnesium on every other day, sleep rated higher on those days, energy and mood unrelated to it.
 */
async function seedDays(request: APIRequestContext, days: number) {
  expect((await request.post('/api/register', { data: newAccount() })).ok()).toBe(true);
  const magnesium = await request.post('/api/supplements', { data: { name: 'Magnesium', dosage: '200 mg', frequency: '1x daily' } });
  expect(magnesium.ok()).toBe(true);
  const { id } = (await magnesium.json()) as { id: string };
  for (let back = 2; back < days + 2; back += 1) {
    const took = back % 2 === 0;
    if (took) expect((await request.put(`/api/supplement-logs/${day(back)}`, { data: { logs: [{ supplementId: id, taken: true }] } })).ok()).toBe(true);
    const rating = { date: day(back), sleep: took ? 4 + (back % 3 === 0 ? 1 : 0) : 2 + (back % 5 === 0 ? 1 : 0), energy: 2 + (Math.floor(back / 2) % 3), mood: 3 + (Math.floor(back / 2) % 2) };
    expect((await request.post('/api/effects', { data: rating })).ok()).toBe(true);
  }
}

async function openInsights(page: Page) {
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible({ timeout: 45_000 });
}

test('forty days show that sleep was rated higher on magnesium days, corrected for every comparison', async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookies(page.context());
  await seedDays(page.request, 40);
  await openInsights(page);

  await expect(page.getByText(/^On days you took Magnesium, your sleep rating was [\d.]+ higher \(95% CI [\d.]+ to [\d.]+\), 20 days on, 20 off\.$/)).toBeVisible();
  await expect(page.getByText('We corrected for the 3 comparisons shown (Benjamini–Hochberg).', { exact: false })).toBeVisible();
  // Energy and mood were the same on both kinds of day: only sleep is a finding.
  await expect(page.getByText('The difference holds after correcting for the 3 comparisons.')).toHaveCount(1);
  await expect(page.getByText('association, not proof', { exact: false }).first()).toBeVisible();
});

test('ten days are not enough to show anything', async ({ page }) => {
  await acceptCookies(page.context());
  await seedDays(page.request, 10);
  await openInsights(page);

  await expect(page.getByText(/^Magnesium and your sleep: not enough data yet\. 5 days on and 5 off so far/)).toBeVisible();
  await expect(page.getByText(/^On days you took Magnesium/)).toHaveCount(0);
});
