import { type Page, expect, test } from '@playwright/test';
import { E2E } from './support/ports.ts';
import { acceptCookies, signUp } from './support/fixtures.ts';

/**
 * Daily use, as a user lives it: yesterday filled in this morning from the dashboard's date
 * switcher and from the history, the reminder put away by the save, the questions on /ask still
 * there after a reload, and the trial told the same way on every screen.
 *
 * The browser runs in Auckland, far from the server's UTC, so "yesterday" is the user's.
 */
const TIME_ZONE = 'Pacific/Auckland';
test.use({ timezoneId: TIME_ZONE });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

const SAVED = 'Your supplement intake has been logged successfully.';

function dayIn(offset: number) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + offset, 12));
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date);
  return {
    iso: date.toISOString().slice(0, 10),
    short: format({ weekday: 'short', month: 'short', day: 'numeric' }),
    full: format({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
  };
}

async function addSupplement(page: Page, name: string, dosage: string) {
  const response = await page.request.post('/api/supplements', { data: { name, dosage, frequency: '1x daily' }, headers: { origin: E2E.appUrl } });
  expect(response.status()).toBe(200);
}

async function dismissCompletionPrompt(page: Page) {
  const prompt = page.getByRole('dialog', { name: 'Complete your profile' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
}

const streakOf = async (page: Page) => ((await (await page.request.get('/api/supplement-streak')).json()) as { currentStreak: number }).currentStreak;

test('fills in yesterday from the dashboard date switcher and the day before from the history', async ({ page }) => {
  await signUp(page);
  await addSupplement(page, 'Magnesium', '200 mg');
  await addSupplement(page, 'Zinc', '50 mg');
  const yesterday = dayIn(-1);
  const before = dayIn(-2);

  await page.goto('/');
  await dismissCompletionPrompt(page);
  const track = page.locator('#track-supplements');
  await expect(page.getByRole('button', { name: 'Next day' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByLabel('Logging for')).toHaveValue(yesterday.iso);
  await expect(track.getByText(yesterday.full)).toBeVisible();

  // Yesterday: magnesium only, and a rating.
  await track.getByRole('switch', { name: `Zinc taken on ${yesterday.short}` }).click();
  await track.getByRole('button', { name: `Save ${yesterday.short}` }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(track.getByText('This day is logged. Saving again updates its record.')).toBeVisible();
  await expect(track.getByRole('switch', { name: `Zinc taken on ${yesterday.short}` })).not.toBeChecked();
  for (const scale of ['Energy', 'Mood', 'Sleep']) await page.getByRole('radiogroup', { name: scale }).getByRole('radio', { name: '4' }).check();
  await page.getByRole('button', { name: 'Save Rating' }).click();
  await expect(page.getByText(`The ratings for ${yesterday.short} are saved.`)).toBeVisible();
  expect(await streakOf(page)).toBe(1);

  // Back to today: nothing logged yet, the rating form is empty.
  await page.getByRole('button', { name: 'Back to today' }).click();
  await expect(track.getByRole('button', { name: 'Save Today' })).toBeVisible();

  // The day before, from the history: both supplements, then one removed again.
  await page.goto(`/supplement-history?date=${before.iso}`);
  await expect(page.getByRole('heading', { name: before.full })).toBeVisible();
  const change = page.getByRole('region', { name: 'Change this day' });
  await change.getByRole('button', { name: `Save ${before.short}` }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  const intake = page.getByRole('list', { name: 'Supplement Intake' });
  await expect(intake.getByRole('listitem')).toHaveCount(2);
  expect(await streakOf(page)).toBe(2);
  await intake.getByRole('button', { name: 'Remove Zinc from this day' }).click();
  await expect(intake.getByRole('listitem')).toHaveCount(1);
  await expect(intake.getByText('Magnesium')).toBeVisible();
  await expect(change.getByRole('switch', { name: `Zinc taken on ${before.short}` })).not.toBeChecked();

  // Yesterday in the history shows what the dashboard saved, with its rating.
  if (yesterday.iso.slice(0, 7) !== before.iso.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: new RegExp(`, ${yesterday.full}`) }).click();
  await expect(page.getByRole('heading', { name: yesterday.full })).toBeVisible();
  await expect(intake.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Daily Notes' }).getByText('Rating')).toBeVisible();

  // No future day: the day row and the switcher stop at today.
  await page.goto('/');
  await expect(page.getByLabel('Logging for')).toHaveAttribute('max', dayIn(0).iso);
});

test('saving today puts the daily reminder away: one toast, not two', async ({ page }) => {
  await signUp(page);
  await addSupplement(page, 'Magnesium', '200 mg');
  await page.goto('/');
  const reminder = page.getByText("You haven't logged your supplements today.");
  await expect(reminder).toBeVisible();
  // Pointer on the reminder holds it open (sonner pauses on hover); the save is pressed from the keyboard.
  await reminder.hover();
  await page.locator('#track-supplements').getByRole('button', { name: 'Save Today' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(reminder).toHaveCount(0);
});

test('/ask shows earlier questions after a reload, and Clear Chat clears them for good', async ({ page }) => {
  await signUp(page);
  await page.goto('/ask');
  await page.getByLabel('Your question').fill('What am I taking?');
  await page.getByRole('button', { name: 'Send' }).click();
  const conversation = page.getByRole('region', { name: 'Chat messages' });
  await expect(conversation.getByText('Your stack is empty')).toBeVisible();
  // The answer is kept once it has streamed to its end; a reload before that would lose it.
  await expect.poll(async () => (await (await page.request.get('/api/query/history')).json()).length).toBe(1);

  await page.reload();
  await expect(conversation.getByText('What am I taking?')).toBeVisible();
  await expect(conversation.getByText('Your stack is empty')).toBeVisible();

  await page.getByRole('button', { name: 'Clear Chat' }).click();
  await expect(page.getByText('Welcome! What would you like to know?')).toBeVisible();
  await expect.poll(async () => (await (await page.request.get('/api/query/history')).json()).length).toBe(0);
  await page.reload();
  await expect(page.getByText('Welcome! What would you like to know?')).toBeVisible();
  await expect(conversation.getByText('What am I taking?')).toHaveCount(0);
});

test('the trial reads the same on the plan page and the account card, with what buying does to it', async ({ page }) => {
  await signUp(page);
  const running = '28 days left in your free trial';
  const detail = /Your 28-day free trial started when you signed up and ends on \w+ \d{1,2}, \d{4}\./;
  const purchase = /Buying a plan now: it starts today and you are charged today\. The 28 days left in your free trial are not added to it\./;

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Account Status' });
  await expect(card.getByText(running, { exact: true })).toBeVisible();
  await expect(card.getByText(detail)).toBeVisible();
  await expect(card.getByText(purchase)).toBeVisible();
  const cardEnd = (await card.getByText(detail).textContent())!;

  await page.goto('/subscription');
  await expect(page.getByText(running, { exact: true })).toBeVisible();
  await expect(page.getByText(detail)).toHaveText(cardEnd);
  await expect(page.getByText(purchase)).toBeVisible();
  await expect(page.getByText('Trial not started')).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByText('Trial not started')).toHaveCount(0);
});
