import { expect, test } from '@playwright/test';
import { acceptCookies, addMorningVitaminD3, signUp } from './support/fixtures.ts';

/**
 * The daily loop with a real dose (product.md, Tracking, "Doses" and "Schedules"): a new user adds
 * "Vitamin D3, 5000 IU, every morning" (refused before doses grew), finds it due in Today, and
 * marks it taken with one tap, on a phone and on a desk.
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, timezoneId: 'America/Denver' });

    test('add Vitamin D3, 5000 IU, every morning; see it due today; mark it taken', async ({ page }) => {
      await signUp(page);
      await addMorningVitaminD3(page);
      const track = page.locator('#track-supplements');

      // Due in Today, not yet taken; the card fits the screen.
      const today = page.getByRole('region', { name: 'Today' });
      const due = today.getByRole('list', { name: 'Due today' }).getByRole('listitem').filter({ hasText: 'Vitamin D3' });
      await expect(due).toContainText('5000 IU · Morning');
      await expect(today.getByText('0 of 1 taken')).toBeVisible();
      const box = (await today.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);

      // One tap marks the dose, through the same intake as "Save Today".
      await due.getByRole('button', { name: 'Mark taken Vitamin D3' }).click();
      await expect(page.getByText('Vitamin D3 marked as taken').last()).toBeVisible();
      await expect(due.getByText(/Taken at \d{1,2}:\d{2}/)).toBeVisible();
      await expect(today.getByText('1 of 1 taken')).toBeVisible();
      await expect(page.getByText('Today is logged.')).toBeVisible();

      // The record holds after a reload, and the day's checklist agrees.
      await page.reload();
      await expect(due.getByText(/Taken at/)).toBeVisible();
      await expect(track.getByText(/^Logged today at/)).toBeVisible();
      await expect(track.getByRole('switch', { name: 'Vitamin D3 taken today' })).toBeChecked();

      // Undo is one tap too.
      await due.getByRole('button', { name: 'Undo Vitamin D3' }).click();
      await expect(due.getByRole('button', { name: 'Mark taken Vitamin D3' })).toBeVisible();
      await expect(today.getByText('0 of 1 taken')).toBeVisible();
    });
  });
}
