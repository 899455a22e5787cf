import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, signUpPaying } from './support/fixtures.ts';
import { scannedPng, textPdf } from './support/reports.ts';

/**
 * Reviewing what the reader could not settle alone (product.md, Labs), on a phone and on a
 * desktop: a report with a row the catalogue does not know and a value no one can have. The
 * user sees the page beside the review with the row outlined, matches the unknown row, keeps
 * another as their own biomarker, confirms the unlikely value, and finds all of them charted; a
 * value printed as a limit keeps its sign. On a scan, the user types a value OCR could not read.
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

const REPORT = [
  'Lakeside Clinical Laboratory',
  'Sample collected on: 14/03/2025',
  'Test   Result   Unit   Reference',
  'Glucose Fasting   95   mg/dL   70 - 99',
  'C-Reactive Protein   < 0.5   mg/L   0 - 5.0',
  'Haemoglobin   135   g/dL   13.0 - 17.0',
  'Ferritine serique   85   ng/mL   30 - 400',
  'Zonulin   48.5   ng/mL   0 - 55',
];

const fileCard = (page: Page, fileName: string) =>
  page.getByRole('region', { name: 'Uploaded Files' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: fileName }) });

/** A Pro user at this width uploads one report and waits until it is read. */
async function uploadAndRead(page: Page, baseURL: string, width: number, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.setViewportSize({ width, height: width < 640 ? 800 : 900 });
  await signUpPaying(page.request, baseURL, 'pro');
  await page.goto('/labs');
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
  const card = fileCard(page, file.name);
  await expect(card.getByText('Needs review')).toBeVisible({ timeout: 90_000 });
  return card;
}

for (const width of [375, 1280]) {
  test(`at ${width} px: an unknown row and an unlikely value are reviewed beside the page and charted`, async ({ page, baseURL }) => {
    const card = await uploadAndRead(page, baseURL!, width, { name: 'lakeside.pdf', mimeType: 'application/pdf', buffer: await textPdf(REPORT) });
    await expect(card.getByText(/2 results, 2 not reviewed\. 3 rows need your decision\./)).toBeVisible();

    await card.getByRole('button', { name: 'Review results' }).click();
    const review = page.getByRole('dialog', { name: 'Review results' });
    const decisions = review.getByRole('region', { name: 'Needs your decision' });
    await expect(decisions.getByRole('article')).toHaveCount(3);

    // The page is beside (or, on a phone, above) the review; selecting a row outlines it there.
    await expect(review.getByRole('img', { name: 'Page 1 of lakeside.pdf' })).toBeVisible();
    const hb = decisions.getByRole('article', { name: /Hemoglobin 135 g\/dL/ });
    await hb.click();
    await expect(review.getByTestId('row-highlight')).toBeVisible();
    await expect(hb.getByRole('alert')).toHaveText(/135 g\/dL is far outside what is possible for Hemoglobin/);

    // Confirming the file waits for the decisions.
    await review.getByRole('button', { name: 'Confirm results' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Some rows need your decision' })).toBeVisible();

    // The unlikely value: saving it unchanged needs the box ticked.
    await hb.getByRole('button', { name: 'Confirm value' }).click();
    await expect(hb.getByText('Correct the value, or tick the box to confirm your report prints it.')).toBeVisible();
    await hb.getByLabel('My report prints 135 g/dL').check();
    await hb.getByRole('button', { name: 'Confirm value' }).click();
    await expect(decisions.getByRole('article')).toHaveCount(2);

    // The unknown name matched to a catalogue biomarker through the search.
    const ferritine = decisions.getByRole('article', { name: /Ferritine serique 85 ng\/mL/ });
    await ferritine.getByRole('searchbox', { name: 'Search biomarkers for Ferritine serique' }).fill('ferrit');
    await ferritine.getByLabel('Biomarker', { exact: true }).selectOption({ label: 'Ferritin' });
    await expect(ferritine.getByLabel('Unit', { exact: true })).toHaveValue('ng/mL');
    await ferritine.getByRole('button', { name: 'Save match' }).click();
    await expect(decisions.getByRole('article')).toHaveCount(1);

    // Another kept as the user's own biomarker, as printed.
    const zonulin = decisions.getByRole('article', { name: /Zonulin 48\.5 ng\/mL/ });
    await zonulin.getByRole('button', { name: 'Keep as my own' }).click();
    await expect(zonulin.getByLabel('Name', { exact: true })).toHaveValue('Zonulin');
    await expect(zonulin.getByLabel('Unit', { exact: true })).toHaveValue('ng/mL');
    await zonulin.getByRole('button', { name: 'Keep as my own biomarker' }).click();
    await expect(decisions).toHaveCount(0);

    // On a phone the results are cards: value, range, flag and buttons all on screen.
    if (width < 640) {
      const glucose = review.getByRole('article', { name: /Fasting glucose 95 mg\/dL/ });
      await expect(glucose).toContainText('Range 70 - 99');
      await expect(glucose).toContainText('Normal');
      const button = await glucose.getByRole('button', { name: 'Correct Fasting glucose' }).boundingBox();
      expect(button!.x + button!.width).toBeLessThanOrEqual(width);
      await expect(review.getByRole('article', { name: 'CRP < 0.5 mg/L' })).toContainText('Normal');
    } else {
      await expect(review.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /CRP/ }) })).toContainText('< 0.5');
      await expect(review.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Zonulin/ }) })).toContainText('0 - 55');
    }

    await review.getByRole('button', { name: 'Confirm results' }).click();
    await expect(review).toHaveCount(0);
    await expect(card.getByText(/5 results, all reviewed\./)).toBeVisible();

    // Charted like any other biomarker.
    const chips = page.getByRole('group', { name: 'Biomarkers to chart' });
    for (const name of ['Hemoglobin', 'Ferritin', 'Zonulin']) await expect(chips.getByRole('button', { name, exact: true })).toBeEnabled();
    await chips.getByRole('button', { name: 'Zonulin', exact: true }).click();
    await expect(page).toHaveURL(/biomarkers=[^&]*Zonulin/);
    await expect(page.getByRole('heading', { name: 'Biomarker History' })).toBeVisible();

    // The limit on its biomarker's page, with its sign.
    await page.goto('/labs/biomarkers/crp');
    await expect(page.getByText('< 0.5').filter({ visible: true }).first()).toBeVisible();
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px: a value OCR could not read waits for the user to type it from the report`, async ({ page, baseURL }) => {
    const scan = scannedPng(['Lakeside Clinical Laboratory', 'Sample collected on: 14/03/2025', 'Glucose Fasting   92   mg/dL   70 - 99', 'HbA1c   aa   mmol/mol   20 - 42']);
    const card = await uploadAndRead(page, baseURL!, width, { name: 'scan.png', mimeType: 'image/png', buffer: scan });
    await expect(card.getByText(/1 result, 1 not reviewed\. 1 row needs your decision\./)).toBeVisible();

    await card.getByRole('button', { name: 'Review results' }).click();
    const review = page.getByRole('dialog', { name: 'Review results' });
    const hba1c = review.getByRole('region', { name: 'Needs your decision' }).getByRole('article', { name: 'HbA1c' });
    await expect(hba1c).toContainText('Value not read');
    await hba1c.click();
    await expect(review.getByTestId('row-highlight')).toBeVisible();

    await hba1c.getByRole('button', { name: 'Save value' }).click();
    await expect(hba1c.getByText('Value must be a number')).toBeVisible();
    await hba1c.getByLabel('HbA1c value').fill('36');
    await hba1c.getByLabel('Unit', { exact: true }).selectOption('mmol/mol');
    const save = await hba1c.getByRole('button', { name: 'Save value' }).boundingBox();
    expect(save!.x + save!.width).toBeLessThanOrEqual(width);
    await hba1c.getByRole('button', { name: 'Save value' }).click();
    await expect(review.getByRole('region', { name: 'Needs your decision' })).toHaveCount(0);
    // Saved as a result: a card on a phone, a table row on a desktop.
    const saved = width < 640 ? review.getByRole('article', { name: /HbA1c 36 mmol\/mol/ }) : review.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /HbA1c/ }) });
    await expect(saved).toContainText('36');

    await review.getByRole('button', { name: 'Confirm results' }).click();
    await expect(card.getByText(/2 results, all reviewed\./)).toBeVisible();
  });
}
