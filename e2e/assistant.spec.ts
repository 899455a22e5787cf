import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, newAccount, signUp } from './support/fixtures.ts';

/**
 * The assistant as users meet it, against the built app with the built-in assistant (no AI
 * model configured): a question on /ask (as a visitor and signed in) and on the dashboard, the
 * answer streaming in, the conversation saved to the history as "AI Chat", a daily summary, and
 * the monthly limit of the free tier.
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});
// Files the service worker fetches would pass by the routes that hold them.
test.use({ serviceWorkers: 'block' });

/** On the dashboard, the profile-completion prompt is set aside so it covers nothing. */
async function dismissCompletionPrompt(page: Page) {
  const prompt = page.getByRole('dialog', { name: 'Complete your profile' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
}

type Watch = { lengths: number[]; cursorSeen: boolean; inputDisabledSeen: boolean };

/**
 * Records, from inside the page, the length of the newest answer at every DOM change, so the
 * test can tell that the text grew piece by piece rather than appearing at once; and whether
 * the cursor and the disabled input were seen while it did.
 */
async function watchAnswers(page: Page, inputLabel: string) {
  await page.evaluate((label) => {
    const watch: Watch = { lengths: [], cursorSeen: false, inputDisabledSeen: false };
    (window as unknown as { __watch: Watch }).__watch = watch;
    new MutationObserver(() => {
      const answers = document.querySelectorAll('li[data-role="assistant"]');
      const last = answers[answers.length - 1];
      if (last) watch.lengths.push(last.textContent?.length ?? 0);
      if (document.querySelector('[data-testid="chat-cursor"]')) watch.cursorSeen = true;
      const input = [...document.querySelectorAll('textarea')].find((element) => element.labels?.[0]?.textContent === label);
      if (input?.disabled) watch.inputDisabledSeen = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, inputLabel);
}

async function watched(page: Page): Promise<Watch> {
  return page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
}

/** The answer grew through at least three different lengths before it was whole. */
function expectStreamed(watch: Watch) {
  const distinct = [...new Set(watch.lengths.filter((length) => length > 0))];
  expect(distinct.length, `answer lengths seen: ${distinct.join(', ')}`).toBeGreaterThanOrEqual(3);
  expect(distinct).toEqual([...distinct].sort((a, b) => a - b));
}

test('a visitor asks on /ask: the answer streams in, general and not medical advice; Clear Chat empties the chat', async ({ page }) => {
  // The Markdown reader is held back until the question has been sent (below).
  let releaseReader!: () => void;
  const readerHeld = new Promise<void>((resolve) => (releaseReader = resolve));
  await page.route('**/assets/markdown-*.js', async (route) => {
    await readerHeld;
    await route.continue();
  });
  await page.goto('/ask');
  // Visitors see the public header.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome! What would you like to know?' })).toBeVisible();
  await expect(page.getByText(/not medical advice/).first()).toBeVisible();

  const question = page.getByLabel('Your question');
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await question.fill('   ');
  await expect(send).toBeDisabled();
  // Enter on a blank message sends nothing.
  await question.press('Enter');
  await expect(page.getByRole('list', { name: 'Conversation' })).toHaveCount(0);

  await watchAnswers(page, 'Your question');
  await question.fill('What is magnesium for?');
  await question.press('Enter');
  const conversation = page.getByRole('list', { name: 'Conversation' });
  // However late the reader comes, the answer is never shown as raw Markdown that reflows once
  // the reader arrives: it waits for the reader.
  const rawAnswer = conversation.locator('li[data-role="assistant"]').filter({ hasText: /not medical advice/ });
  await Promise.race([rawAnswer.waitFor(), page.waitForTimeout(2000)]);
  await expect(conversation.getByText(/\*\*|\]\(/)).toHaveCount(0);
  releaseReader();
  await expect(conversation.locator('li[data-role="user"]')).toContainText('You');
  await expect(conversation.locator('li[data-role="user"]')).toContainText('What is magnesium for?');
  const answer = conversation.locator('li[data-role="assistant"]');
  await expect(answer).toContainText('StackLab Assistant');
  await expect(answer).toContainText(/not medical advice/);
  await expect(send).toBeDisabled(); // the box is empty again
  await expect(answer.locator('strong, a').first()).toBeVisible();
  expectStreamed(await watched(page));
  // Links in answers are real links, and external ones open in a new tab.
  for (const link of await answer.getByRole('link').all()) {
    await expect(link).toHaveAttribute('href', /^(https?:|mailto:|\/)/);
  }

  await page.getByRole('button', { name: 'Clear Chat' }).click();
  await expect(conversation).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome! What would you like to know?' })).toBeVisible();
});

test('signed in, /ask answers from the user’s own records, labelled with the username; Shift+Enter makes a new line', async ({ page }) => {
  const account = await signUp(page);
  await page.goto('/ask');
  const question = page.getByLabel('Your question');
  await question.fill('What am I taking');
  await question.press('Shift+Enter');
  await question.pressSequentially(', and how much?');
  await expect(question).toHaveValue('What am I taking\n, and how much?');
  await question.fill('What am I taking, and how much?');
  await page.getByRole('button', { name: 'Send' }).click();

  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.locator('li[data-role="user"]')).toContainText(account.username);
  // A new account has an empty stack, and the built-in assistant says so rather than invent one.
  await expect(conversation.locator('li[data-role="assistant"]')).toContainText(/stack is empty|not added any supplements/i);
});

test('the dashboard assistant streams with a cursor, saves the conversation as "AI Chat", and a day with logs gets a daily summary', async ({ page }) => {
  await signUp(page);
  // A supplement taken today, through the API the dashboard itself uses.
  const supplement = await (
    await page.request.post('/api/supplements', { data: { name: 'Magnesium', dosage: '200 mg', frequency: '1x daily' } })
  ).json();
  expect((await page.request.post('/api/supplement-logs', { data: { logs: [{ supplementId: supplement.id, takenAt: new Date().toISOString() }] } })).ok()).toBe(true);

  await page.goto('/');
  await dismissCompletionPrompt(page);
  const panel = page.getByRole('region', { name: 'Stack Chat Assistant' });
  await expect(panel.getByText('How are you feeling?')).toBeVisible();
  // Empty, the chat box is small, so that the rest of the day is not pushed below a blank screen.
  const box = panel.getByTestId('chat-box');
  expect((await box.boundingBox())!.height).toBeLessThan(200);

  const input = page.getByLabel('Message to the assistant');
  await watchAnswers(page, 'Message to the assistant');
  await input.fill('What am I taking, and how much?');
  await input.press('Enter');
  const answer = panel.locator('li[data-role="assistant"]');
  await expect(answer).toContainText(/Magnesium/);
  await expect(answer).toContainText(/not medical advice/);
  // With a conversation in it, it takes 60% of the viewport's height on a desktop.
  const boxHeight = (await box.boundingBox())!.height;
  const viewportHeight = page.viewportSize()!.height;
  expect(Math.abs(boxHeight - viewportHeight * 0.6)).toBeLessThan(2);
  await expect(panel.getByText('Saved to your')).toBeVisible();
  const watch = await watched(page);
  expectStreamed(watch);
  expect(watch.cursorSeen).toBe(true);
  expect(watch.inputDisabledSeen).toBe(true);
  await expect(input).toBeEnabled();
  await expect(page.locator('[data-testid="chat-cursor"]')).toHaveCount(0);

  await panel.getByRole('link', { name: 'history' }).click();
  await expect(page).toHaveURL(/\/supplement-history$/);
  const notes = page.getByRole('list', { name: 'Daily Notes' });
  const chat = notes.getByRole('button').filter({ hasText: 'AI Chat' });
  await expect(chat).toContainText('What am I taking, and how much?');
  await chat.click();
  const dialog = page.getByRole('dialog', { name: 'Conversation History' });
  await expect(dialog).toContainText('What am I taking, and how much?');
  await expect(dialog).toContainText(/Magnesium/);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The day has logs and no summary yet: the assistant writes one, and the badge appears.
  await expect(page.getByRole('button', { name: 'Daily Summary', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Write a daily summary' }).click();
  await expect(page.getByRole('button', { name: 'Daily Summary', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a daily summary' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Daily Summary', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Daily Summary' })).toContainText(/Magnesium/i);
});

test('answers give lab values in the units of the labs switch, also after a reload', async ({ page }) => {
  const account = newAccount();
  expect((await page.request.post('/api/register', { data: account })).ok()).toBe(true);
  const added = await page.request.post('/api/labs/results', { data: { biomarker: 'ldl', value: 128, unit: 'mg/dL', referenceHigh: 99, testDate: '2025-06-01' } });
  expect(added.ok(), await added.text()).toBe(true);

  const askLdl = async () => {
    const question = page.getByLabel('Your question');
    await question.fill('What is my LDL level?');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/query') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.getByRole('list', { name: 'Conversation' }).locator('li[data-role="assistant"]').last();
    await expect(answer).toContainText(/not medical advice/);
    return { answer, body: (await sent).postDataJSON() as { labUnits?: string } };
  };

  // A US-units profile reads labs in conventional units until the switch says otherwise.
  await page.goto('/ask');
  const conventional = await askLdl();
  expect(conventional.body.labUnits).toBe('conventional');
  await expect(conventional.answer).toContainText('128 mg/dL');

  await page.goto('/labs');
  const si = page.getByRole('switch', { name: 'SI units' });
  await expect(si).not.toBeChecked();
  await si.click();
  await expect(si).toBeChecked();

  // A new page load: the switch is remembered, and the assistant answers in its units.
  await page.goto('/ask');
  const converted = await askLdl();
  expect(converted.body.labUnits).toBe('si');
  await expect(converted.answer).toContainText('3.32 mmol/L');
  await expect(converted.answer).not.toContainText('128 mg/dL');
  await page.reload();
  await page.goto('/labs');
  await expect(page.getByRole('switch', { name: 'SI units' })).toBeChecked();
});

test('at the free tier’s monthly limit, /ask shows "Usage Limit Reached" and the dashboard opens the limit dialog', async ({ page }) => {
  await signUp(page);

  // Test-only seeding, done the way a user would: the free tier's monthly allowance (read from
  // the plan catalogue, 100) is used up by asking through the API, ten questions at a time.
  const { catalogue } = await (await page.request.get('/api/plans')).json();
  const limit: number = catalogue.tiers.free.limits.aiMessagesPerMonth;
  expect(limit).toBeGreaterThan(0);
  for (let asked = 0; asked < limit; asked += 10) {
    const batch = Array.from({ length: Math.min(10, limit - asked) }, () =>
      page.request.post('/api/query', { data: { messages: [{ role: 'user', content: 'What is my streak?' }] } }),
    );
    for (const response of await Promise.all(batch)) expect(response.status()).toBe(200);
  }
  expect((await (await page.request.get('/api/user')).json()).user.aiInteractionsCount).toBe(limit);

  await page.goto('/ask');
  // The questions asked through the API are restored as the conversation so far.
  const conversation = page.getByRole('list', { name: 'Conversation' });
  const questions = conversation.locator('li[data-role="user"]');
  const answers = conversation.locator('li[data-role="assistant"]');
  await expect(questions.first()).toContainText('What is my streak?');
  const [asked, answered] = [await questions.count(), await answers.count()];
  await page.getByLabel('Your question').fill('How is my vitamin D doing?');
  await page.getByRole('button', { name: 'Send' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Usage Limit Reached' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/monthly chat limit of 100 messages/);
  await expect(notice.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/subscription-page');
  // The question stays; the empty answer is removed.
  await expect(questions).toHaveCount(asked + 1);
  await expect(questions.last()).toContainText('How is my vitamin D doing?');
  await expect(answers).toHaveCount(answered);

  await page.goto('/');
  await dismissCompletionPrompt(page);
  const input = page.getByLabel('Message to the assistant');
  await input.fill('I feel tired today');
  await input.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Usage limit reached' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/monthly chat limit/);
  await expect(dialog.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/subscription-page');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('li[data-role="assistant"]')).toHaveCount(0);
  // Nothing was saved for a refused question.
  await page.goto('/supplement-history');
  await expect(page.getByText('No notes for this day.')).toBeVisible();
});

test.describe('accessibility', () => {
  // axe is injected as a script, which the app's Content-Security-Policy would block.
  test.use({ bypassCSP: true, viewport: { width: 375, height: 740 } });

  async function seriousViolations(page: Page): Promise<string[]> {
    const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }

  test('on a phone, /ask and the dashboard chat work from the keyboard with no serious axe violations', async ({ page }) => {
    await signUp(page);
    await page.goto('/ask');
    await page.getByLabel('Your question').focus();
    await page.keyboard.type('What is my streak?');
    await page.keyboard.press('Enter');
    await expect(page.locator('li[data-role="assistant"]')).toContainText(/not medical advice/);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing spills sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto('/');
    await dismissCompletionPrompt(page);
    const input = page.getByLabel('Message to the assistant');
    await input.focus();
    await page.keyboard.type('I slept badly, how is my streak?');
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Stack Chat Assistant' });
    await expect(panel.locator('li[data-role="assistant"]')).toContainText(/not medical advice/);
    // Focus comes back to the message box once the answer is in.
    await expect(input).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
