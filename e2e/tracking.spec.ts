import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, signUp, signUpOnLanding } from './support/fixtures.ts';

/**
 * The daily heart of the product, as a user lives it: sign up, build a stack from a suggestion
 * and a custom name, save today, rate the day, find it in the history, fill in health stats in
 * either unit system, and watch the profile completion follow.
 *
 * The browser runs in Auckland, far from the server's UTC, so "today" is the user's local day.
 */
const TIME_ZONE = 'Pacific/Auckland';
// bypassCSP: axe is injected as a script, which the app's Content-Security-Policy would block.
test.use({ timezoneId: TIME_ZONE, bypassCSP: true });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

function todayIn(timeZone: string): { iso: string; full: string } {
  const now = new Date();
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const full = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(now);
  return { iso, full };
}

async function completionOnProfile(page: Page) {
  await page.goto('/profile');
  return page.getByRole('progressbar', { name: 'Profile completion' });
}

test('a day of tracking: stack, intake, rating, history, health stats and profile completion', async ({ page }) => {
  const account = await signUpOnLanding(page);
  await page.goto('/');

  // The completion prompt opens for a new profile, without blocking the dashboard, and stays
  // closed once dismissed.
  const prompt = page.getByRole('dialog', { name: 'Complete your profile' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText('0% complete')).toBeVisible();
  await expect(page.getByText('Stack Chat Assistant')).toBeVisible();
  await expect(page.getByText('How are you feeling?')).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);

  const track = page.locator('#track-supplements');
  await expect(track.getByText('No supplements yet')).toBeVisible();
  await expect(track.getByRole('link', { name: 'My History' })).toHaveAttribute('href', '/supplement-history');

  // A supplement from a suggestion, with the dosage rules of the form.
  await track.getByRole('button', { name: 'Add Supplement' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Supplement' });
  const name = dialog.getByRole('combobox', { name: 'Name' });
  // The spec's defaults: 1 mg, 1x daily. The usual amounts are offered; any other can be typed.
  await expect(dialog.getByLabel('Amount')).toHaveValue('1');
  await expect(dialog.getByLabel('Unit')).toHaveValue('mg');
  await expect(dialog.getByLabel('Times', { exact: true })).toHaveValue('1');
  await expect(dialog.getByLabel('How often')).toHaveValue('daily');
  await expect(dialog.getByRole('listbox')).toBeHidden();
  await name.fill('magnes');
  await dialog.getByRole('option', { name: /^Magnesium Glycinate/ }).click();
  await expect(name).toHaveValue('Magnesium Glycinate');
  await expect(dialog.getByRole('listbox')).toBeHidden();
  await dialog.getByLabel('Unit').selectOption('g');
  await expect(dialog.getByLabel('Amount')).toHaveValue('1');
  await dialog.getByLabel('Unit').selectOption('IU');
  await expect(dialog.getByLabel('Amount')).toHaveValue('50');
  expect(await dialog.locator('datalist option').count()).toBe(40);
  await dialog.getByLabel('Unit').selectOption('mg');
  await dialog.getByLabel('Amount').fill('0');
  await dialog.getByRole('button', { name: 'Add Supplement' }).click();
  await expect(dialog.getByText('Amount must be more than 0')).toBeVisible();
  await dialog.getByLabel('Amount').fill('400');
  await dialog.getByLabel('Times', { exact: true }).selectOption('2');
  await dialog.getByRole('button', { name: 'Add Supplement' }).click();
  await expect(page.getByText('Supplement added successfully').last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(track.getByText('400 mg · 2x daily')).toBeVisible();

  // 800 mg of magnesium a day is above the adult upper limit: said plainly, with its source.
  const warnings = track.getByRole('region', { name: 'Intake warnings' });
  await expect(warnings.getByText('Magnesium is above the adult upper limit')).toBeVisible();
  await expect(warnings.getByText('800 mg a day from Magnesium Glycinate; the adult upper limit is 350 mg a day.')).toBeVisible();
  await expect(warnings.getByRole('link', { name: /NIH Office of Dietary Supplements/ })).toHaveAttribute('href', /^https:\/\//);

  // A custom name the reference database does not know.
  await track.getByRole('button', { name: 'Add Supplement' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Supplement' });
  await dialog.getByRole('combobox', { name: 'Name' }).fill('Grandma Qwzx Tonic');
  await expect(dialog.getByText('No matches found. You can use this custom name.')).toBeVisible();
  await dialog.getByLabel('Unit').selectOption('g');
  await dialog.getByLabel('Amount').fill('5');
  await dialog.getByLabel('How often').selectOption('weekly');
  await dialog.getByRole('button', { name: 'Add Supplement' }).click();
  await expect(page.getByText('Supplement added successfully').last()).toBeVisible();
  await expect(track.getByText('5 g · 1x weekly')).toBeVisible();

  // Editing keeps the stored values and changes what was edited.
  await track.getByRole('button', { name: 'Edit Grandma Qwzx Tonic' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Supplement' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('5');
  await expect(dialog.getByLabel('Unit')).toHaveValue('g');
  await dialog.getByLabel('Notes (optional)').fill('with breakfast');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Supplement updated successfully').last()).toBeVisible();
  await expect(track.getByText('5 g · 1x weekly · with breakfast')).toBeVisible();

  // Today: everything is taken by default; the tonic is switched off, then the day is saved.
  const magnesiumSwitch = track.getByRole('switch', { name: 'Magnesium Glycinate taken today' });
  const tonicSwitch = track.getByRole('switch', { name: 'Grandma Qwzx Tonic taken today' });
  await expect(magnesiumSwitch).toBeChecked();
  await expect(tonicSwitch).toBeChecked();
  await tonicSwitch.click();
  await expect(tonicSwitch).not.toBeChecked();
  await track.getByRole('button', { name: 'Save Today' }).click();
  await expect(page.getByText('Your supplement intake has been logged successfully.')).toBeVisible();
  await expect(track.getByText(/^Logged today at/)).toBeVisible();

  // After a reload the switches show today's record; saving again edits it rather than adding.
  await page.reload();
  await expect(magnesiumSwitch).toBeChecked();
  await expect(tonicSwitch).not.toBeChecked();
  await expect(page.getByRole('dialog', { name: 'Complete your profile' })).toHaveCount(0);

  // How the day felt.
  const rating = page.locator('form').filter({ has: page.getByRole('radiogroup', { name: 'Energy' }) });
  await rating.getByRole('radiogroup', { name: 'Energy' }).getByRole('radio', { name: '4' }).check();
  await rating.getByRole('radiogroup', { name: 'Mood' }).getByRole('radio', { name: '3' }).check();
  await rating.getByRole('button', { name: 'Save Rating' }).click();
  await expect(rating.getByText('Rate your energy, mood and sleep from 1 to 5.')).toBeVisible();
  await rating.getByRole('radiogroup', { name: 'Sleep' }).getByRole('radio', { name: '5' }).check();
  await rating.getByLabel('Note (optional)').fill(`Felt focused all afternoon. ${'Steady energy. '.repeat(12)}`);
  await rating.getByRole('button', { name: 'Save Rating' }).click();
  await expect(page.getByText("Today's ratings are saved.")).toBeVisible();

  // The streak counts today.
  await expect(page.getByText('Today is logged.')).toBeVisible();

  // The history opens on today, in the user's time zone.
  await track.getByRole('link', { name: 'My History' }).click();
  await expect(page).toHaveURL(/\/supplement-history$/);
  const today = todayIn(TIME_ZONE);
  const dayHeading = page.getByRole('heading', { level: 2, name: today.full });
  await expect(dayHeading).toBeVisible();
  const todayButton = page.getByRole('button', { name: new RegExp(`${today.full}, today`) });
  await expect(todayButton).toHaveAttribute('aria-pressed', 'true');
  await expect(todayButton).toHaveAccessibleName(/1 supplement logged, notes/);
  await expect(todayButton).toBeInViewport();

  const intake = page.getByRole('list', { name: 'Supplement Intake' });
  await expect(intake.getByText('Magnesium Glycinate')).toBeVisible();
  await expect(intake.getByText('Grandma Qwzx Tonic')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Intake warnings for this day' })).toBeVisible();
  const notes = page.getByRole('list', { name: 'Daily Notes' });
  const note = notes.getByRole('button', { name: /Energy 4\/5, mood 3\/5, sleep 5\/5\. Felt focused/ });
  await expect(note).toContainText('...');
  await note.click();
  const noteDialog = page.getByRole('dialog', { name: 'Note Content' });
  await expect(noteDialog.getByText(/Steady energy\. Steady energy\.\s*$/)).toBeVisible();
  await noteDialog.getByRole('button', { name: 'Close' }).click();

  // Paging months leaves the selected day alone.
  const monthHeading = page.getByRole('heading', { level: 2 }).first();
  const month = await monthHeading.textContent();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(monthHeading).not.toHaveText(month!);
  await expect(dayHeading).toBeVisible();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(monthHeading).toHaveText(month!);
  await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();

  await page.getByRole('link', { name: 'Back to Tracking' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Deleting asks first; the day's record keeps what was logged.
  await track.getByRole('button', { name: 'Delete Grandma Qwzx Tonic' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this supplement?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Supplement deleted successfully').last()).toBeVisible();
  await expect(track.getByText('Grandma Qwzx Tonic')).toHaveCount(0);

  // Profile completion: the logged day is the first step done.
  let progress = await completionOnProfile(page);
  await expect(progress).toHaveAttribute('aria-valuenow', '20');
  await expect(page.getByText('Use the name on your medical documents, so that uploaded lab reports match you.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Phone number (optional)').fill('+1 555 123 4567');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully').last()).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '40');
  await expect(page.getByText('40% complete')).toBeVisible();

  // Health stats: the server's rules come back under the field; good values save.
  await page.getByRole('link', { name: 'Health Stats' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Health Overview' })).toBeVisible();
  await expect(page.getByText(/^No sleep data yet\./)).toBeVisible();
  await expect(page.getByText(/^No heart rate data yet\./)).toBeVisible();
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await page.getByLabel('Weight (lbs)').fill('180.5');
  await page.getByLabel('Feet').fill('5');
  await page.getByLabel('Inches').fill('10');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Ethnicity').selectOption('middle_eastern');
  const tooYoung = `${new Date().getFullYear() - 10}-01-01`;
  await page.getByLabel('Date of birth').fill(tooYoung);
  await page.getByLabel('Hours').fill('7');
  await page.getByLabel('Minutes').fill('30');
  await page.getByLabel('Allergies').fill('None');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('You must be at least 18 years old').first()).toBeVisible();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await page.getByLabel('Date of birth').fill('1990-02-28');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Health stats updated successfully').last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Information' })).toBeVisible();
  await expect(page.getByText('180.5 lbs')).toBeVisible();
  await expect(page.getByText('5 ft 10 in')).toBeVisible();
  await expect(page.getByText('7 h 30 min a night')).toBeVisible();
  await expect(page.getByText('Middle Eastern')).toBeVisible();

  // Cancel leaves everything as it was.
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await expect(page.getByLabel('Weight (lbs)')).toHaveValue('180.5');
  await page.getByLabel('Weight (lbs)').fill('190');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('180.5 lbs')).toBeVisible();

  // Metric display: converted in the browser, stored in the API's units.
  await page.goto('/profile');
  progress = page.getByRole('progressbar', { name: 'Profile completion' });
  await expect(progress).toHaveAttribute('aria-valuenow', '80');
  await page.getByRole('radio', { name: /Metric/ }).check();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Profile updated successfully').last()).toBeVisible();
  await page.goto('/health-stats');
  await expect(page.getByText('81.9 kg', { exact: true })).toBeVisible();
  await expect(page.getByText('178 cm', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('81.9');
  await page.getByLabel('Weight (kg)').fill('80');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Health stats updated successfully').last()).toBeVisible();
  await expect(page.getByText('80 kg', { exact: true })).toBeVisible();
  const stats = await (await page.request.get('/api/health-stats')).json();
  expect(stats).toMatchObject({ weight: 176.4, height: 70, averageSleep: 450, allergies: 'None', dateOfBirth: '1990-02-28' });

  // The dashboard's overview uses the same units.
  await page.goto('/');
  await expect(page.getByText('80 kg', { exact: true })).toBeVisible();
  await expect(page.getByText('7 h 30 min a night')).toBeVisible();
  const me = await (await page.request.get('/api/user')).json();
  expect(me.user).toMatchObject({ username: account.username, name: 'Ada Lovelace', timeZone: TIME_ZONE, unitSystem: 'metric' });
});

test('the daily reminder shows once a day when a stack has nothing logged today', async ({ page }) => {
  await signUp(page);
  // The first dashboard decides with the empty stack it opened with; were its data to arrive only
  // after the supplement below, it would show (and use up) today's reminder before the reload.
  await expect(page.locator('#track-supplements').getByText('No supplements yet')).toBeVisible();
  const origin = new URL(page.url()).origin;
  const added = await page.request.post('/api/supplements', {
    data: { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' },
    headers: { origin },
  });
  expect(added.status()).toBe(200);
  await page.goto('/');
  await expect(page.getByText("You haven't logged your supplements today.")).toBeVisible();
  await page.reload();
  await expect(page.locator('#track-supplements').getByText('Zinc', { exact: true })).toBeVisible();
  await expect(page.getByText("You haven't logged your supplements today.")).toHaveCount(0);
});

test('the Add Supplement dialog has no serious accessibility violations on a phone, and its name field works from the keyboard', async ({ page }) => {
  // The pages themselves, with data, are checked in web-pages.spec.ts.
  await page.setViewportSize({ width: 375, height: 800 });
  await signUp(page);

  await page.goto('/');
  await page.getByRole('dialog', { name: 'Complete your profile' }).getByRole('button', { name: 'Not now' }).click();
  await page.locator('#track-supplements').getByRole('button', { name: 'Add Supplement' }).click();
  await page.getByRole('combobox', { name: 'Name' }).fill('vit');
  await expect(page.getByRole('option').first()).toBeVisible();
  const dialogResults = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(dialogResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The name field works from the keyboard: arrows move through the suggestions, Enter picks one.
  const name = page.getByRole('combobox', { name: 'Name' });
  await name.press('ArrowDown');
  const first = await page.getByRole('option').first().textContent();
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await name.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  expect(first).toContain(await name.inputValue());
  await expect(page.getByRole('dialog', { name: 'Add Supplement' })).toBeVisible();
});

test('the history shows a saved AI chat as a conversation and the Daily Summary', async ({ page }) => {
  await signUp(page);
  const headers = { origin: new URL(page.url()).origin };
  const zinc = await (await page.request.post('/api/supplements', { data: { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' }, headers })).json();
  await page.request.post('/api/supplement-logs', { data: { logs: [{ supplementId: zinc.id, userId: null, takenAt: new Date().toISOString() }] }, headers });
  const conversation = [
    { role: 'user', content: 'Is 50 mg of zinc a day a lot?' },
    { role: 'assistant', content: 'It is above the adult upper limit of 40 mg a day.' },
  ];
  const saved = await page.request.post('/api/chat/save', { data: { content: JSON.stringify(conversation), type: 'chat', tags: ['ai_conversation'] }, headers });
  expect(saved.status()).toBe(200);
  const summary = await page.request.post('/api/assistant/daily-summary', { data: { date: todayIn(TIME_ZONE).iso }, headers });
  expect(summary.status()).toBe(200);
  const summaryText = ((await summary.json()) as { summary: string }).summary;

  await page.goto('/supplement-history');
  await expect(page.getByRole('heading', { level: 2, name: todayIn(TIME_ZONE).full })).toBeVisible();
  const notes = page.getByRole('list', { name: 'Daily Notes' });
  const chat = notes.getByRole('button', { name: /AI Chat.*Is 50 mg of zinc a day a lot\?/ });
  await expect(chat).toBeVisible();
  await chat.click();
  const history = page.getByRole('dialog', { name: 'Conversation History' });
  await expect(history.getByText('You', { exact: true })).toBeVisible();
  await expect(history.getByText('Assistant', { exact: true })).toBeVisible();
  await expect(history.getByText('It is above the adult upper limit of 40 mg a day.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);

  await page.getByRole('button', { name: 'Daily Summary' }).click();
  const summaryDialog = page.getByRole('dialog', { name: 'Daily Summary' });
  await expect(summaryDialog).toContainText(summaryText.slice(0, 60));
});
