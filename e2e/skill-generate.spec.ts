import { login, loginOnPhone } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * A questionnaire generated from a skill session (spec 3 §2.1 generate-questionnaire, issue 14 §5):
 * the manager opens "Générer un questionnaire" from the skills area, finds the editor pre-filled
 * for the current session (one title block per category, one rating question per skill), saves
 * it, and finds it in the questionnaire list; then the same screen on a phone.
 */

test('the manager generates a questionnaire from the current skill session and saves it', async ({ page, course }) => {
  test.slow();
  const courseId = course.courseIds[0];
  await login(page, course.people.manager.username);
  await page.goto(`/lea-manager/${courseId}/skill`);
  await expect(page.getByRole('heading', { level: 1, name: 'Compétences de la formation' })).toBeVisible();
  await page.getByRole('link', { name: /Générer un questionnaire/ }).click();
  await expect(page).toHaveURL(new RegExp(`/lea-manager/${courseId}/skill/generate-questionnaire$`));

  // The current session (the open one) is picked; the editor holds its categories and skills.
  await expect(page.getByRole('combobox', { name: 'Session de compétences' })).toHaveValue('Semestre 2');
  await expect(page.getByRole('heading', { level: 1, name: 'Compétences – Semestre 2' })).toBeVisible();
  const blocks = page.locator('[data-testid="editor-block"]');
  await expect(blocks.filter({ hasText: 'Travailler en mode projet' })).toHaveCount(1);
  expect(await blocks.count()).toBeGreaterThan(3);
  await expect(page.getByTestId('editor-saved-state')).toHaveText('Modifications non enregistrées');

  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Le questionnaire a été enregistré.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/lea-manager/${courseId}/questionnaire/edit/\\d+$`));
  await expect(page.getByTestId('editor-saved-state')).toHaveText('Enregistré');

  await page.goto(`/lea-manager/${courseId}/questionnaire/list`);
  await expect(page.getByText('Compétences – Semestre 2').first()).toBeVisible({ timeout: 30_000 });
});

test('the generation screen on a phone, in English', async ({ page, course }) => {
  test.slow();
  const courseId = course.courseIds[0];
  await page.setViewportSize({ width: 390, height: 844 });
  await loginOnPhone(page, course.people.manager.username);
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.goto(`/lea-manager/${courseId}/skill/generate-questionnaire`);
  await expect(page.getByRole('heading', { level: 1, name: 'Skills – Semestre 2' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Skill session' })).toHaveValue('Semestre 2');
  // The other session can be picked: the editor follows.
  await page.getByRole('combobox', { name: 'Skill session' }).click();
  await page.getByRole('option', { name: 'Semestre 1' }).click();
  // The generated questionnaire is not saved yet: leaving it asks first.
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skills – Semestre 1' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('skill-generate-en-390.png'), fullPage: false });
});
