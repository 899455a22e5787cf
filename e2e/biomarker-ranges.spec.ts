import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, newAccount } from './support/fixtures.ts';

/**
 * Ranges that mean something (decision 040): a result off its optimal range shows on the
 * dashboard's Bloodwork card with a retest to plan; on the labs page each unit has its own chart,
 * and a target set under the charts replaces the optimal range.
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function dismissCompletionPrompt(page: Page) {
  const prompt = page.getByRole('dialog', { name: 'Complete your profile' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
}

test('an off-target result on the Bloodwork card, its retest planned and cancelled, a target set, two charts for two units', async ({ page }) => {
  const account = newAccount();
  expect((await page.request.post('/api/register', { data: account })).ok()).toBe(true);
  const results = [
    // In the printed range, but under the optimal 45 ng/mL.
    { biomarker: 'ferritin', value: 35, unit: 'ng/mL', referenceLow: 10, referenceHigh: 300, testDate: daysAgo(20) },
    { biomarker: 'hemoglobin', value: 14, unit: 'g/dL', referenceLow: 12, referenceHigh: 16, testDate: daysAgo(20) },
  ];
  for (const result of results) expect((await page.request.post('/api/labs/results', { data: result })).status()).toBe(201);

  await page.goto('/dashboard');
  await dismissCompletionPrompt(page);
  const card = page.getByRole('listitem', { name: 'Ferritin' });
  await expect(card).toContainText('Below target');
  await expect(card).toContainText('target 45 to 200');
  await expect(page.getByRole('listitem', { name: 'Hemoglobin' })).toHaveCount(0);
  await card.getByRole('button', { name: /^Plan retest of Ferritin on / }).click();
  await expect(card.getByText(/^Retest planned for /)).toBeVisible();
  // Cancelled: the suggestion comes back, to plan again.
  await card.getByRole('button', { name: /^Cancel retest of Ferritin on / }).click();
  await expect(page.getByText('Retest of Ferritin cancelled')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Plan retest of Ferritin on / })).toBeVisible();
  await expect(card.getByText(/^Retest planned for /)).toHaveCount(0);
  await card.getByRole('button', { name: /^Plan retest of Ferritin on / }).click();
  await expect(card.getByText(/^Retest planned for /)).toBeVisible();

  await page.goto('/labs?biomarkers=Ferritin,Hemoglobin');
  await expect(page.getByRole('figure')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'In ng/mL' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'In g/dL' })).toBeVisible();

  const target = page.getByRole('form', { name: 'Your target for Ferritin' });
  await target.getByLabel('Target low (ng/mL)').fill('100');
  await target.getByLabel('Target high (ng/mL)').fill('50');
  await target.getByRole('button', { name: 'Save target' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The low end of the target must be below its high end' })).toBeVisible();
  await target.getByLabel('Target low (ng/mL)').fill('30');
  await target.getByLabel('Target high (ng/mL)').fill('100');
  await target.getByRole('button', { name: 'Save target' }).click();
  await expect(page.getByText('Your target: 30 to 100 ng/mL')).toBeVisible();

  // Compare shapes: one chart of positions in the reference ranges.
  await page.getByRole('switch', { name: 'Compare shapes' }).click();
  await expect(page.getByRole('figure')).toHaveCount(1);

  // With the user's target, ferritin is on target: the card no longer lists it.
  await page.goto('/dashboard');
  await expect(page.getByText('Your lab reports are read for biomarkers, so you can follow them over time.')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Ferritin' })).toHaveCount(0);
});
