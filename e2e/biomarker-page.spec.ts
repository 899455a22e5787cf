import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { acceptCookies, newAccount, signUpPaying } from './support/fixtures.ts';
import { textPdf } from './support/reports.ts';

/**
 * A biomarker's own page (`/labs/biomarkers/:biomarker`), reached from the labs page's results
 * and trends: its chart with the reference range and the user's target, and every reading with
 * the report it came from. The user's own biomarkers have one too; an unknown one is not found;
 * the page draws complete from its document and fits a phone.
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

const REPORT = [
  'Lakeside Clinical Laboratory',
  'Sample collected on: 14/03/2025',
  'Test   Result   Unit   Reference',
  'Glucose Fasting   104   mg/dL   70 - 99',
  'Zonulin   48.5   ng/mL   0 - 55',
];

/** The report uploaded and read, Zonulin kept as the user's own biomarker, and confirmed, through the API the labs page uses. */
async function uploadReport(request: APIRequestContext, baseURL: string): Promise<string> {
  const headers = { origin: baseURL };
  const uploaded = await request.post('/api/labs', { multipart: { file: { name: 'lakeside.pdf', mimeType: 'application/pdf', buffer: await textPdf(REPORT) } }, headers });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const fileId = ((await uploaded.json()) as { id: string }).id;
  await expect.poll(async () => ((await (await request.get(`/api/labs/${fileId}`)).json()) as { status: string }).status, { timeout: 90_000 }).toBe('needs_review');
  const { reviewRows } = (await (await request.get(`/api/labs/${fileId}/results`)).json()) as { reviewRows: { id: string; name: string }[] };
  const zonulin = reviewRows.find((row) => row.name === 'Zonulin');
  expect(zonulin, JSON.stringify(reviewRows)).toBeDefined();
  expect((await request.post(`/api/labs/review-rows/${zonulin!.id}/own`, { data: { name: 'Zonulin', unit: 'ng/mL' }, headers })).status()).toBe(201);
  expect((await request.post(`/api/labs/${fileId}/confirm`, { data: {}, headers })).ok()).toBe(true);
  return fileId;
}

async function addGlucoseByHand(request: APIRequestContext, baseURL: string, value: number, testDate: string) {
  const added = await request.post('/api/labs/results', {
    data: { biomarker: 'glucose-fasting', value, unit: 'mg/dL', referenceLow: 70, referenceHigh: 99, testDate },
    headers: { origin: baseURL },
  });
  expect(added.status(), await added.text()).toBe(201);
}

const readingRow = (page: Page, date: string) => page.getByRole('table', { name: /^Readings of / }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: date }) });

test("a biomarker's page from the labs page: chart, range, target, and every reading with its report", async ({ page, baseURL }) => {
  await signUpPaying(page.request, baseURL!, 'pro');
  const fileId = await uploadReport(page.request, baseURL!);
  await addGlucoseByHand(page.request, baseURL!, 92, '2025-06-02');
  const target = await page.request.put('/api/labs/targets', { data: { biomarker: 'glucose-fasting', low: 75, high: 95, unit: 'mg/dL' }, headers: { origin: baseURL! } });
  expect(target.ok(), await target.text()).toBe(true);

  // From the results entered by hand: the name opens the biomarker's page.
  await page.goto('/labs');
  await page.getByRole('region', { name: 'Lab Results' }).getByRole('link', { name: 'Fasting glucose' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/labs\/biomarkers\/glucose-fasting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fasting glucose' })).toBeVisible();
  await expect(page.getByText('Metabolic · 2 reading(s)')).toBeVisible();

  const history = page.getByRole('region', { name: 'Biomarker History' });
  await expect(history.getByRole('figure', { name: /Line chart in mg\/dL: Fasting glucose/ })).toBeVisible();
  await expect(history.getByText('Reference range: 70 to 99 mg/dL (from your report)')).toBeVisible();
  await expect(history.getByText('Your target: 75 to 95 mg/dL')).toBeVisible();

  // Newest first, as printed; the report's reading links to the report.
  const rows = page.getByRole('table', { name: 'Readings of Fasting glucose' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Jun 2, 2025');
  await expect(readingRow(page, 'Jun 2, 2025')).toContainText(/92\s*mg\/dL\s*70 - 99\s*Normal\s*Added by you/);
  await expect(readingRow(page, 'Mar 14, 2025')).toContainText(/104\s*mg\/dL\s*70 - 99\s*High\s*lakeside\.pdf/);
  await expect(readingRow(page, 'Mar 14, 2025').getByRole('link', { name: 'lakeside.pdf' })).toHaveAttribute('href', `/api/labs/${fileId}/file`);

  // Opened from its address, the page draws from its document: no call for its readings or its chart.
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/labs/biomarkers/') || pathname === '/api/labs/series') asked.push(pathname);
  });
  await page.reload();
  await expect(readingRow(page, 'Mar 14, 2025')).toBeVisible();
  await expect(history.getByRole('figure', { name: /Line chart in mg\/dL: Fasting glucose/ })).toBeVisible();
  expect(asked).toEqual([]);

  // From the trends: the user's own biomarker, charted, names its page too.
  await page.getByRole('link', { name: 'Back to Biomarker Trends' }).click();
  await page.getByRole('group', { name: 'Biomarkers to chart' }).getByRole('button', { name: 'Zonulin', exact: true }).click();
  await page.getByRole('region', { name: 'Ranges and targets' }).getByRole('link', { name: 'Zonulin' }).click();
  await expect(page).toHaveURL(/\/labs\/biomarkers\/own%3A[0-9a-f-]{36}$/i);
  await expect(page.getByRole('heading', { level: 1, name: 'Zonulin' })).toBeVisible();
  await expect(page.getByText('Other · 1 reading(s)')).toBeVisible();
  await expect(readingRow(page, 'Mar 14, 2025')).toContainText(/48\.5\s*ng\/mL\s*0 - 55/);
  await expect(page.getByRole('region', { name: 'Biomarker History' }).getByRole('figure', { name: /Zonulin/ })).toBeVisible();
});

test('an unknown biomarker is not found, with the way back to the labs page', async ({ page }) => {
  expect((await page.request.post('/api/register', { data: newAccount() })).ok()).toBe(true);
  await page.goto('/labs/biomarkers/no-such-marker');
  await expect(page.getByRole('heading', { level: 1, name: 'Biomarker not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Biomarker Trends' }).click();
  await expect(page).toHaveURL(/\/labs$/);
});

test("at 375 px the biomarker's page fits the phone, each reading a card", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  expect((await page.request.post('/api/register', { data: newAccount() })).ok()).toBe(true);
  await addGlucoseByHand(page.request, baseURL!, 104, '2025-03-14');
  await addGlucoseByHand(page.request, baseURL!, 92, '2025-06-02');
  await page.goto('/labs/biomarkers/glucose-fasting');
  await expect(page.getByRole('heading', { level: 1, name: 'Fasting glucose' })).toBeVisible();
  await expect(page.getByRole('figure', { name: /Line chart in mg\/dL: Fasting glucose/ })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Readings of Fasting glucose' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(/Jun 2, 2025\s*92 mg\/dL\s*Normal/);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
});
