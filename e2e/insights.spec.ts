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

/** A new signed-in account, and a way to add a supplement (1000 IU daily) to its stack by name. */
async function signUp(request: APIRequestContext) {
  expect((await request.post('/api/register', { data: newAccount() })).ok()).toBe(true);
  return async (name: string) => {
    const response = await request.post('/api/supplements', { data: { name, dosage: '1000 IU', frequency: '1x daily' } });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { id: string }).id;
  };
}

async function openInsights(page: Page) {
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible({ timeout: 45_000 });
}

test('forty days show that sleep was rated higher on magnesium days, corrected for every comparison', async ({ page }) => {
  await acceptCookies(page.context());
  await seedDays(page.request, 40);
  await openInsights(page);

  await expect(page.getByText(/^On days you took Magnesium, your sleep rating was [\d.]+ higher \(95% CI [\d.]+ to [\d.]+\), 20 days on, 20 off\.$/)).toBeVisible();
  await expect(page.getByText(/^We made 3 comparisons \(days with and without each supplement, and before and after each start\) and corrected for all of them together \(Benjamini–Hochberg\)\./)).toBeVisible();
  // Energy and mood were the same on both kinds of day: only sleep is a finding.
  await expect(page.getByText('The difference holds after correcting for the 3 comparisons.')).toHaveCount(1);
  await expect(page.getByText('association, not proof', { exact: false }).first()).toBeVisible();
});

test('energy rated higher since Vitamin D3 was started than in the days before, with iron named and the days linked', async ({ page }) => {
  await acceptCookies(page.context());
  const request = page.request;
  const add = await signUp(request);
  const d3 = await add('Vitamin D3');
  const iron = await add('Iron');
  // Fifty rated days: D3 every day of the last 25 (started 26 days ago), iron from 10 days ago;
  // energy a point higher since the start, mood and sleep unrelated to it.
  for (let back = 51; back >= 2; back -= 1) {
    const since = back <= 26;
    const logs = [...(since ? [{ supplementId: d3, taken: true }] : []), ...(back <= 10 ? [{ supplementId: iron, taken: true }] : [])];
    if (logs.length > 0) expect((await request.put(`/api/supplement-logs/${day(back)}`, { data: { logs } })).ok()).toBe(true);
    const rating = { date: day(back), energy: (since ? 4 : 3) + (back % 3 === 0 ? 1 : 0), mood: 3 + (back % 2), sleep: 2 + (back % 3) };
    expect((await request.post('/api/effects', { data: rating })).ok()).toBe(true);
  }
  await openInsights(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Before and after you started' })).toBeVisible();
  const card = page.getByRole('article', { name: /^Since you started Vitamin D3 on .+, your energy rating was 1\.0 higher than in the days before \(95% CI [\d.]+ to [\d.]+\), 25 days after, 25 before\.$/ });
  await expect(card).toBeVisible();
  await expect(card.getByText(/^The difference holds after correcting for the \d+ comparisons\.$/)).toBeVisible();
  await expect(card.getByText(/^Also changed in the same period: Iron started on /)).toBeVisible();
  await expect(card.getByText('association, not proof', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'See your days around the start' })).toHaveAttribute('href', `/supplement-history?date=${day(26)}`);
  await expect(page.getByText(/^We made \d+ comparisons \(days with and without each supplement, and before and after each start\)/)).toBeVisible();
});

test('ten days are not enough to show anything', async ({ page }) => {
  await acceptCookies(page.context());
  await seedDays(page.request, 10);
  await openInsights(page);

  await expect(page.getByText(/^Magnesium and your sleep: not enough data yet\. 5 days on and 5 off so far/)).toBeVisible();
  await expect(page.getByText(/^On days you took Magnesium/)).toHaveCount(0);
});

test('vitamin D rose after starting D3, with magnesium named as another change, and ten days of ratings show nothing', async ({ page }) => {
  await acceptCookies(page.context());
  const request = page.request;
  const add = await signUp(request);
  const log = async (id: string, back: number) =>
    expect((await request.put(`/api/supplement-logs/${day(back)}`, { data: { logs: [{ supplementId: id, taken: true }] } })).ok()).toBe(true);
  // D3 from 60 days ago and magnesium from 45 days ago, logged often enough to count as taken throughout.
  const d3 = await add('Vitamin D3');
  for (const back of [60, 50, 40, 30, 20, 10, 2]) await log(d3, back);
  const magnesium = await add('Magnesium');
  for (const back of [45, 35, 25, 15, 5]) await log(magnesium, back);
  // Three reports: two before the start, one well after it.
  for (const [back, value] of [[70, 18], [61, 22], [5, 41]] as const) {
    const result = { biomarker: 'vitamin-d-25oh', value, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: day(back) };
    expect((await request.post('/api/labs/results', { data: result })).status()).toBe(201);
  }
  for (let back = 2; back < 12; back += 1) {
    expect((await request.post('/api/effects', { data: { date: day(back), sleep: 2 + (back % 3), energy: 3, mood: 2 + (back % 2) } })).ok()).toBe(true);
  }
  await openInsights(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Biomarkers before and after a change' })).toBeVisible();
  const card = page.getByRole('article', { name: '25-OH vitamin D after you started Vitamin D3' });
  await expect(card.getByText(/^It went from 22 ng\/mL \(.+\) to 41 ng\/mL \(.+\): 19 ng\/mL higher, 27% of the reference range, 56 days apart\.$/)).toBeVisible();
  await expect(card.getByText(/^Also changed between the two tests: Magnesium started on /)).toBeVisible();
  await expect(card.getByText('association, not proof', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'See your 25-OH vitamin D results' })).toHaveAttribute('href', '/labs?biomarkers=vitamin-d-25oh');
  // Ten rated days: nothing is compared, so nothing can be a finding.
  await expect(page.getByText(/^Vitamin D3 and your sleep: not enough data yet\./)).toBeVisible();
  await expect(page.getByText(/holds after correcting/)).toHaveCount(0);
});
