import { expect, test } from '@playwright/test';
import { signUpPaying } from './support/fixtures.ts';
import { textPdf } from './support/reports.ts';
import { E2E } from './support/ports.ts';

/**
 * "Read my reports with the AI model" (product.md, Labs), on the app that has a model (a local
 * OpenAI-compatible server): the user turns it on, uploads a report with a row the reading cannot
 * place (a footnote mark after its value), and finds that row in review, read by the model.
 */
const app = E2E.localhostAppUrl;

test('with the AI model on, a row the reading left unread is read by the model and marked in review', async ({ page }) => {
  await page.context().addCookies([{ name: 'stacklab_consent', value: 'accepted', url: app }]);
  await signUpPaying(page.request, app, 'pro');
  await page.goto(`${app}/labs`);

  const setting = page.getByRole('switch', { name: 'Read my reports with the AI model' });
  await expect(setting).not.toBeChecked();
  await expect(page.getByText(`to the AI model at 127.0.0.1:${E2E.modelPort}`)).toBeVisible();
  await setting.click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'The AI model will read your next reports' })).toBeVisible();
  await page.reload();
  await expect(setting).toBeChecked();

  const report = await textPdf([
    'Hillcrest Laboratory',
    'Sample collected on: 02/06/2025',
    'Test   Result   Unit   Reference',
    'Glucose Fasting   91   mg/dL   70 - 99',
    'Ferritin   85 (1)   ng/mL   30 - 400',
    '(1) Method changed on 01/05/2025',
  ]);
  await page.locator('input[type="file"]').setInputFiles({ name: 'hillcrest.pdf', mimeType: 'application/pdf', buffer: report });
  await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
  const card = page.getByRole('region', { name: 'Uploaded Files' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'hillcrest.pdf' }) });
  await expect(card.getByText('Needs review')).toBeVisible({ timeout: 90_000 });
  await expect(card.getByText(/2 results, 2 not reviewed/)).toBeVisible();

  await card.getByRole('button', { name: 'Review results' }).click();
  const review = page.getByRole('dialog', { name: 'Review results' });
  const ferritin = review.getByRole('row').filter({ hasText: 'Ferritin' }).or(review.getByRole('article').filter({ hasText: 'Ferritin' })).first();
  await expect(ferritin).toContainText('85');
  await expect(ferritin).toContainText('Read by the AI model');
  await expect(review.getByRole('row').filter({ hasText: 'Fasting glucose' }).or(review.getByRole('article').filter({ hasText: 'Fasting glucose' })).first()).not.toContainText(
    'Read by the AI model',
  );
});
