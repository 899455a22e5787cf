import { expect, test } from '@playwright/test';
import { acceptCookies, signUp } from './support/fixtures.ts';

/**
 * Medications beside supplements, as a user meets them (product.md, Medications and
 * interactions): warfarin then vitamin K2 brings up their interaction before and after adding,
 * and a fish allergy brings up a warning for fish oil; neither stops the user adding it.
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page.context());
});

test('warfarin then vitamin K2 shows their interaction; a fish allergy warns about fish oil', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  const prompt = page.getByRole('dialog', { name: 'Complete your profile' });
  await prompt.getByRole('button', { name: 'Not now' }).click();

  // A medication, in its own section, marked as one.
  const medications = page.locator('#medications');
  await expect(medications.getByText('No medications added.', { exact: false })).toBeVisible();
  await medications.getByRole('button', { name: 'Add Medication' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Medication' });
  await dialog.getByLabel('Name').fill('Warfarin');
  await dialog.getByLabel('Strength (optional)').fill('5 mg');
  await dialog.getByLabel('How and when (optional)').fill('Every evening');
  await dialog.getByRole('button', { name: 'Add Medication' }).click();
  await expect(page.getByText('Medication added successfully').last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const list = medications.getByRole('list', { name: 'Medications' });
  await expect(list.getByText('Warfarin')).toBeVisible();
  await expect(list.getByText('5 mg · Every evening')).toBeVisible();
  // Kept out of the supplements: the stack's checklist is still empty.
  await expect(page.locator('#track-supplements').getByText('No supplements yet')).toBeVisible();

  // Vitamin K2: the interaction shows in the dialog before adding, and adding still works.
  const track = page.locator('#track-supplements');
  await track.getByRole('button', { name: 'Add Supplement' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Supplement' });
  await dialog.getByRole('combobox', { name: 'Name' }).fill('vitamin k2');
  await dialog.getByRole('option', { name: /^Vitamin K2 \(MK-7\)/ }).click();
  const before = dialog.getByRole('region', { name: 'Before you add this' });
  await expect(before.getByText('Vitamin K2 (MK-7) (Vitamin K) with Warfarin')).toBeVisible();
  await expect(before.getByText('Major', { exact: true })).toBeVisible();
  await expect(before.getByText(/Warfarin works by blocking vitamin K/)).toBeVisible();
  await expect(before.getByText(/not medical advice/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Supplement' }).click();
  await expect(page.getByText('Supplement added successfully').last()).toBeVisible();

  // On the stack page: severity, what happens, what to do and the source.
  const card = page.locator('#interactions');
  const interaction = card.getByRole('list', { name: 'Interactions' }).getByRole('listitem').filter({ hasText: 'Warfarin' });
  await expect(interaction).toHaveCount(1);
  await expect(interaction.getByText(/What happens: Warfarin works by blocking vitamin K/)).toBeVisible();
  await expect(interaction.getByText(/What to do: Do not start or stop vitamin K on your own/)).toBeVisible();
  await expect(interaction.getByRole('link', { name: /Office of Dietary Supplements, Vitamin K/ })).toHaveAttribute('href', 'https://ods.od.nih.gov/factsheets/VitaminK-HealthProfessional/');
  await expect(card.getByText(/not medical advice/)).toBeVisible();

  // A fish allergy in the health profile.
  await page.goto('/health-stats');
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await page.getByLabel('Allergies').fill('Fish, penicillin');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Health stats updated successfully').last()).toBeVisible();

  // Fish oil: warned on adding, not refused; its bleeding risk with warfarin shows too.
  await page.goto('/');
  await track.getByRole('button', { name: 'Add Supplement' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Supplement' });
  await dialog.getByRole('combobox', { name: 'Name' }).fill('fish oil');
  await dialog.getByRole('option', { name: /^Fish Oil \(Omega-3\)/ }).click();
  await expect(dialog.getByText('Fish Oil (Omega-3) may contain fish, which your health profile lists as an allergy')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Supplement' }).click();
  await expect(page.getByText('Supplement added successfully').last()).toBeVisible();
  await expect(track.getByText('Fish Oil (Omega-3)')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Allergy warnings' }).getByText(/may contain fish/)).toBeVisible();
  await expect(card.getByText(/High doses of fish oil/)).toBeVisible();
});
