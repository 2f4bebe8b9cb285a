import { type Page } from '@playwright/test';
import { login } from './fixtures/auth';
import { DEMO_QUESTIONNAIRES, openQuestionnaire } from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * Issue 12 §7: a long-text answer is written in the rich-text editor (Mantine's Tiptap, simple
 * type); its formatting is saved as HTML, comes back after a reload, and the server keeps nothing
 * of the shared allow-list's outside. On "Entretien d'intégration" of a course of the journey's own.
 */

const QUESTION = 'Décrivez vos premières missions';
const block = (page: Page) => page.locator('[data-progress-block]').filter({ hasText: QUESTION });
const editor = (page: Page) => block(page).getByRole('textbox', { name: new RegExp(`^${QUESTION}`) });

test('the apprentice writes a formatted answer, saves it and finds it formatted after a reload', async ({ page, course }) => {
  await login(page, course.people.apprenti.username, course.password);
  await page.goto('/dashboard/questionnaires');
  await openQuestionnaire(page, DEMO_QUESTIONNAIRES.interview);

  const box = editor(page);
  await expect(box).toHaveCSS('min-height', '150px');
  await box.click();
  await page.keyboard.press('Control+B');
  await page.keyboard.type('Accueil');
  await page.keyboard.press('Control+B');
  await page.keyboard.type(' très soigné');
  await page.keyboard.press('Enter');
  await block(page).getByRole('button', { name: 'Liste à puces' }).click();
  await page.keyboard.type('Maintenance du parc');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Support de niveau 1');
  await expect(box.locator('strong')).toHaveText('Accueil');

  const saved = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/app/questionnaire/save/'));
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  const body = (await saved).postDataJSON() as { answers: { value: unknown }[] };
  expect(body.answers.map((answer) => answer.value)).toContain(
    '<p><strong>Accueil</strong> très soigné</p><ul><li><p>Maintenance du parc</p></li><li><p>Support de niveau 1</p></li></ul>',
  );
  await expect(page.getByText('Le brouillon a bien été enregistré')).toBeVisible();

  await page.reload();
  await expect(editor(page).locator('strong')).toHaveText('Accueil');
  await expect(editor(page).locator('ul > li')).toHaveText(['Maintenance du parc', 'Support de niveau 1']);
});
