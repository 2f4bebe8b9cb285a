import { login, loginOnPhone } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * A questionnaire generated from a skill session keeps its session with the local draft (spec 3
 * §4, §7.1): after a reload, and when the draft is reopened from questionnaire/add, the editor still
 * names the session and its save still sends `?skillSession=`, so the questions get linked.
 */

test('a generated questionnaire restored from its draft still saves with its skill session', async ({ page, course }) => {
  test.slow();
  const courseId = course.courseIds[0];
  await login(page, course.people.manager.username);
  await page.goto(`/lea-manager/${courseId}/skill/generate-questionnaire`);
  const badge = page.getByTestId('editor-skill-session');
  await expect(badge).toHaveText('Session de compétences « Semestre 2 »', { timeout: 30_000 });
  await expect(badge).toHaveAttribute('title', /premier enregistrement relie les questions/);
  const title = page.getByRole('textbox', { name: /^Titre/ }).first();
  await title.fill('Bilan zq généré');
  await expect(page.getByRole('heading', { level: 1, name: 'Bilan zq généré' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('lea_questionnaire_editor_draft') ?? ''), { timeout: 15_000 })
    .toContain('Bilan zq généré');

  // A reload brings the draft back on the generation screen, session and all.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bilan zq généré' })).toBeVisible({ timeout: 30_000 });
  await expect(badge).toContainText('Semestre 2');

  // The same draft opened from "Ajouter un questionnaire" still says where it comes from, and links on save.
  await page.goto(`/lea-manager/${courseId}/questionnaire/add`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bilan zq généré' })).toBeVisible({ timeout: 30_000 });
  await expect(badge).toContainText('Semestre 2');
  await page.screenshot({ path: test.info().outputPath('skill-draft-fr-1280.png'), fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(badge).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('skill-draft-fr-390.png'), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  const saved = page.waitForRequest((request) => request.method() === 'POST' && /\/questionnaire\?skillSession=\d+$/.test(request.url()));
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await saved;
  await expect(page.getByText('Le questionnaire a été enregistré.')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/lea-manager/${courseId}/questionnaire/edit/\\d+$`));
  await expect(badge).toHaveCount(0);
});

test('the skill session badge of a generated draft on a phone, in English', async ({ page, course }) => {
  test.slow();
  const courseId = course.courseIds[0];
  await page.setViewportSize({ width: 390, height: 844 });
  await loginOnPhone(page, course.people.manager.username);
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.goto(`/lea-manager/${courseId}/skill/generate-questionnaire`);
  const badge = page.getByTestId('editor-skill-session');
  await expect(badge).toHaveText('Skill session “Semestre 2”', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Skills – Semestre 2' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('skill-draft-en-390.png'), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(badge).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('skill-draft-en-1280.png'), fullPage: false });
});
