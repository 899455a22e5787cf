import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, newAccount, signUpPaying } from './support/fixtures.ts';
import { scannedPng, textPdf } from './support/reports.ts';

/**
 * Labs as a user lives them: a paying user uploads a text PDF and a scanned image, watches them
 * being read, reviews and confirms the results, picks biomarkers and moves through the selection
 * with Back and Forward; a free user sees the upsell and enters a result by hand; a Starter user
 * is held to the plan's uploads. The documents are made here, at run time.
 *
 * The browser runs west of UTC, so a test date shown a day early would be caught.
 */
test.use({ timezoneId: 'America/Los_Angeles' });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

const PANEL = [
  'Northfield Community Laboratory',
  'Sample collected on: 14/03/2025',
  'LIPID AND METABOLIC PANEL',
  'Test   Result   Unit   Reference',
  'Glucose Fasting   104   mg/dL   70 - 99',
  'LDL Cholesterol   131   mg/dL   0 - 100',
  'HDL Cholesterol   52   mg/dL   40 - 60',
  'TSH   2.15   uIU/mL   0.40 - 4.50',
];

const SCAN = [
  'Riverside Diagnostics',
  'Sample collected on: 16/09/2024',
  'Test   Result   Unit   Reference',
  'Glucose Fasting   92   mg/dL   70 - 99',
  'LDL Cholesterol   142   mg/dL   0 - 100',
  'Haemoglobin   13.9   g/dL   12.0 - 15.5',
];

const fileCard = (page: Page, fileName: string) =>
  page.getByRole('region', { name: 'Uploaded Files' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: fileName }) });

const chip = (page: Page, name: string) => page.getByRole('group', { name: 'Biomarkers to chart' }).getByRole('button', { name, exact: true });

test('a Pro user uploads a PDF and a scan, reviews and confirms them, and charts biomarkers with Back and Forward', async ({ page, baseURL }) => {
  await signUpPaying(page.request, baseURL!, 'pro');
  await page.goto('/labs');

  await expect(page.getByRole('heading', { level: 1, name: 'Biomarker Trends' })).toBeVisible();
  await expect(page.getByText('No lab results uploaded yet')).toBeVisible();
  await expect(page.getByText('Upload your first lab result to start tracking your biomarker trends')).toBeVisible();
  await expect(page.getByText('Drag & drop lab files here, or click to select')).toBeVisible();
  await expect(page.getByText('Supported formats: PDF, DOC, DOCX, PNG, JPG, JPEG')).toBeVisible();
  // This app has no AI model, so the setting to let one read reports is not offered.
  await expect(page.getByRole('switch', { name: 'Read my reports with the AI model' })).toHaveCount(0);
  await expect(page.getByText('Maximum 5 files per upload')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');

  // The widget's own checks: a wrong type is refused with the generic message and nothing is kept.
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Glucose 95') });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt' })).toContainText('File type must be PDF, DOC, DOCX, PNG, JPG or JPEG');
  await expect(page.getByRole('button', { name: /^Upload \d+ file\(s\)$/ })).toHaveCount(0);

  const pdf = await textPdf(PANEL);
  const png = scannedPng(SCAN);
  await input.setInputFiles([
    { name: 'march-panel.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'september-scan.png', mimeType: 'image/png', buffer: png },
  ]);
  const picked = page.getByRole('list', { name: 'Files to upload' });
  await expect(picked.getByRole('listitem')).toHaveCount(2);
  await expect(picked.getByRole('button', { name: 'Remove march-panel.pdf' })).toBeVisible();

  // One request per file, in the order chosen.
  const uploaded: { fileName: string; status: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/labs' && response.status() === 201) {
      uploaded.push((await response.json()) as { fileName: string; status: string });
    }
  });
  await page.getByRole('button', { name: 'Upload 2 file(s)' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '2 files uploaded' });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('link', { name: 'Ask about them in the chat' })).toHaveAttribute('href', '/');
  await expect(picked).toHaveCount(0);
  await expect.poll(() => uploaded.map((file) => file.fileName)).toEqual(['march-panel.pdf', 'september-scan.png']);

  // Extraction runs in the background: the scan is answered before it is read. On a busy machine
  // it can be read before the list's next poll, so its progress bar is tested in lab-files-grid.test.tsx.
  expect(uploaded[1]?.status).toMatch(/^(queued|reading)$/);
  await expect(fileCard(page, 'march-panel.pdf').getByText('Needs review')).toBeVisible({ timeout: 60_000 });
  await expect(fileCard(page, 'september-scan.png').getByText('Needs review')).toBeVisible({ timeout: 90_000 });
  await expect(fileCard(page, 'march-panel.pdf').getByText(/4 results, 4 not reviewed\. Test date Mar 14, 2025\./)).toBeVisible();
  await expect(fileCard(page, 'march-panel.pdf').getByText('Uploaded: ')).toBeVisible();

  // The chart picks the first biomarker by itself and writes it to the address.
  await expect(page).toHaveURL(/[?&]biomarkers=[^&]+/);
  await expect(page.getByRole('heading', { name: 'Biomarker History' })).toBeVisible();

  // Review the PDF: correct, delete, add, date, confirm.
  await fileCard(page, 'march-panel.pdf').getByRole('button', { name: 'Review results' }).click();
  const review = page.getByRole('dialog', { name: 'Review results' });
  await expect(review.getByText('Not reviewed', { exact: true }).filter({ visible: true })).toHaveCount(4);
  await expect(review.getByText('4 results are not reviewed yet.')).toBeVisible();
  const ldlRow = review.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /LDL cholesterol/ }) });
  await expect(ldlRow).toContainText('131');
  await expect(ldlRow).toContainText('0 - 100');
  await expect(ldlRow).toContainText('High');

  await review.getByRole('button', { name: 'Correct LDL cholesterol' }).click();
  const correction = review.getByRole('form', { name: 'Save LDL cholesterol' });
  await correction.getByLabel('Value').fill('abc');
  await correction.getByRole('button', { name: 'Save LDL cholesterol' }).click();
  await expect(correction.getByText('Value must be a number')).toBeVisible();
  await correction.getByLabel('Value').fill('133');
  // A limit's sign is picked beside the number: a phone's number keypad has no ">".
  await correction.getByLabel('Limit sign').selectOption('>');
  await expect(correction.getByLabel('Value')).toHaveValue('> 133');
  await correction.getByRole('button', { name: 'Save LDL cholesterol' }).click();
  await expect(ldlRow).toContainText('> 133');
  await expect(ldlRow.getByText('Not reviewed', { exact: true })).toHaveCount(0);

  await review.getByRole('button', { name: 'Delete TSH' }).click();
  await page.getByRole('alertdialog', { name: 'Delete TSH?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(review.getByRole('rowheader', { name: /TSH/ })).toHaveCount(0);

  await review.getByRole('button', { name: 'Add a result' }).click();
  const addition = review.getByRole('form', { name: 'Add result' });
  await addition.getByLabel('Biomarker').selectOption({ label: 'Ferritin' });
  await expect(addition.getByLabel('Unit')).toHaveValue('ng/mL');
  await addition.getByLabel('Value').fill('85');
  await addition.getByRole('button', { name: 'Add result' }).click();
  const ferritinRow = review.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Ferritin/ }) });
  await expect(ferritinRow).toContainText('Added by you');
  await expect(ferritinRow).toContainText('Mar 14, 2025');

  await review.getByLabel('Test date', { exact: true }).fill('2025-03-15');
  await review.getByRole('button', { name: 'Save date' }).click();
  await expect(ferritinRow).toContainText('Mar 15, 2025');
  await expect(ldlRow).toContainText('Mar 15, 2025');

  await review.getByRole('button', { name: 'Confirm results' }).click();
  await expect(review).toHaveCount(0);
  await expect(fileCard(page, 'march-panel.pdf').getByText('Done')).toBeVisible();
  await expect(fileCard(page, 'march-panel.pdf').getByText(/4 results, all reviewed\./)).toBeVisible();

  // The download is the file's own link.
  const download = fileCard(page, 'march-panel.pdf').getByRole('link', { name: /Download/ });
  const href = await download.getAttribute('href');
  expect(href).toMatch(/^\/api\/labs\/[0-9a-f-]{36}\/file$/);
  const bytes = await page.request.get(href!);
  expect(bytes.headers()['content-type']).toBe('application/pdf');

  // An emptied selection stays empty: the prompt shows, nothing is picked behind the user's back.
  await page.goto('/labs?biomarkers=');
  await expect(page.getByText('Chart will appear here')).toBeVisible();
  await expect(page.getByText('Click biomarker buttons above to add data')).toBeVisible();
  await expect(page.getByText('Showing 0 biomarker(s) with 0 data point(s)')).toBeVisible();

  await chip(page, 'Fasting glucose').click();
  await expect(page).toHaveURL(/\?biomarkers=Fasting%20glucose$/);
  await expect(chip(page, 'Fasting glucose')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/^Showing 1 biomarker\(s\) with [12] data point\(s\)$/)).toBeVisible();
  const chart = page.getByRole('figure');
  // The chart's legend names each line "name (unit)".
  const legend = chart.getByRole('list', { name: 'Series' });
  await expect(legend.getByText('Fasting glucose (mg/dL)')).toBeVisible();

  await chip(page, 'LDL cholesterol').click();
  await expect(page).toHaveURL(/\?biomarkers=Fasting%20glucose,LDL%20cholesterol$/);
  await expect(page.getByText(/^Showing 2 biomarker\(s\) with \d+ data point\(s\)$/)).toBeVisible();
  await expect(legend.getByText('LDL cholesterol (mg/dL)')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\?biomarkers=Fasting%20glucose$/);
  await expect(chip(page, 'LDL cholesterol')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText(/^Showing 1 biomarker\(s\)/)).toBeVisible();
  await expect(legend.getByText('LDL cholesterol (mg/dL)')).toHaveCount(0);

  await page.goForward();
  await expect(chip(page, 'LDL cholesterol')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/^Showing 2 biomarker\(s\)/)).toBeVisible();

  // A test date's values beside the lines, from the keyboard as from the pointer.
  const plot = chart.getByRole('group', { name: /^Line chart of Fasting glucose \(mg\/dL\), LDL cholesterol \(mg\/dL\) by test date\./ });
  await plot.focus();
  await page.keyboard.press('End');
  const values = chart.getByRole('tooltip');
  await expect(values).toContainText('Mar 15, 2025');
  await expect(values).toContainText('Fasting glucose: 104 mg/dL');
  await expect(values).toContainText('LDL cholesterol: > 133 mg/dL');
  await page.keyboard.press('Escape');
  await expect(values).toHaveCount(0);

  // The values behind the lines, on the calendar day of the report in any time zone.
  await chart.getByText('View the values as a table').click();
  const marchRow = chart.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Mar 15, 2025' }) });
  await expect(marchRow).toContainText('104');
  await expect(marchRow).toContainText('133');
  await expect(marchRow).toContainText('(High)');

  // SI units on request: the same results, converted.
  await page.getByRole('switch', { name: 'SI units' }).click();
  await expect(legend.getByText('Fasting glucose (mmol/L)')).toBeVisible();
  await expect(marchRow).toContainText('5.77');

  await page.goBack();
  await page.goBack();
  await expect(page.getByText('Chart will appear here')).toBeVisible();

  // Delete the scan after the spec's confirmation: its card and its results go.
  const scanCard = fileCard(page, 'september-scan.png');
  await scanCard.getByRole('button', { name: /^Delete/ }).click();
  const confirmDelete = page.getByRole('alertdialog');
  await expect(confirmDelete.getByText('Are you sure you want to delete this lab result?')).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(scanCard).toHaveCount(0);
  await expect(fileCard(page, 'march-panel.pdf')).toHaveCount(1);
});

test('a free user sees the upsell, and a result entered by hand is charted without any file', async ({ page }) => {
  const account = newAccount();
  const registered = await page.request.post('/api/register', { data: account });
  expect(registered.ok()).toBe(true);
  await page.goto('/labs');

  const results = page.getByRole('region', { name: 'Lab Results' });
  await expect(results.getByText('Lab Analysis Feature')).toBeVisible();
  await expect(results.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscription-page');
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByText('No lab results uploaded yet')).toBeVisible();

  await results.getByRole('button', { name: 'Enter a result by hand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter a result by hand' });
  await dialog.getByRole('button', { name: 'Add result' }).click();
  await expect(dialog.getByText('Biomarker is required')).toBeVisible();
  await expect(dialog.getByText('Test date must be a date like 2025-01-31')).toBeVisible();
  await dialog.getByLabel('Biomarker').selectOption({ label: 'TSH' });
  await dialog.getByLabel('Value').fill('2,4');
  await dialog.getByLabel('Test date').fill('2025-02-01');
  await dialog.getByRole('button', { name: 'Add result' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByText('No lab results uploaded yet')).toHaveCount(0);
  await expect(chip(page, 'TSH')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\?biomarkers=TSH$/);
  await expect(page.getByText('Showing 1 biomarker(s) with 1 data point(s)')).toBeVisible();
  await expect(results.getByRole('rowheader', { name: /TSH/ })).toContainText('Added by you');
});

test('a Starter user sees the uploads left and cannot go past the plan', async ({ page, baseURL }) => {
  const { plans } = await signUpPaying(page.request, baseURL!, 'starter');
  const limit = plans.catalogue.tiers.starter.limits.labUploads!;
  const starter = plans.catalogue.tiers.starter.label;
  const pro = plans.catalogue.tiers.pro.label;
  await page.goto('/labs');
  await expect(page.getByText(`Remaining uploads: ${limit} of ${limit}`)).toBeVisible();

  const pdf = await textPdf(PANEL);
  const files = Array.from({ length: 6 }, (_, i) => ({ name: `report-${i + 1}.pdf`, mimeType: 'application/pdf', buffer: pdf }));
  await page.locator('input[type="file"]').setInputFiles(files);
  // Five are kept per selection; the sixth is refused.
  await expect(page.getByRole('alert').filter({ hasText: 'report-6.pdf' })).toContainText('Too many files');
  await page.getByRole('button', { name: 'Upload 5 file(s)' }).click();
  const refused = page.locator('[data-sonner-toast]').filter({ hasText: 'Upload limit reached' });
  await expect(refused).toContainText(`${starter} tier is limited to ${limit} lab uploads`);
  await expect(refused.getByRole('link', { name: `Upgrade to ${pro}` })).toHaveAttribute('href', '/subscription-page');
  await expect(page.getByRole('region', { name: 'Uploaded Files' }).getByText('No files uploaded yet')).toBeVisible();

  const picked = page.getByRole('list', { name: 'Files to upload' });
  for (const name of ['report-5.pdf', 'report-4.pdf', 'report-3.pdf', 'report-2.pdf']) await picked.getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '1 file uploaded' })).toBeVisible();
  await expect(page.getByText(`Remaining uploads: ${limit - 1} of ${limit}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uploaded Files' }).getByRole('heading', { name: 'report-1.pdf' })).toBeVisible();
});

test.describe('accessibility', () => {
  // axe is injected as a script, which the app's Content-Security-Policy would block.
  test.use({ bypassCSP: true });

  test('the labs page with a chart, its chips and a results table has no serious violations', async ({ page }) => {
    const account = newAccount();
    expect((await page.request.post('/api/register', { data: account })).ok()).toBe(true);
    for (const [testDate, value] of [['2024-11-02', 3.1], ['2025-02-01', 2.4]] as const) {
      const added = await page.request.post('/api/labs/results', { data: { biomarker: 'tsh', value, unit: 'uIU/mL', testDate } });
      expect(added.ok(), await added.text()).toBe(true);
    }
    await page.goto('/labs');
    await expect(page.getByRole('figure')).toBeVisible();
    await expect(page.getByText('Showing 1 biomarker(s) with 2 data point(s)')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
});
