import { mkdir, readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect as baseExpect, type Download, type Page } from '@playwright/test';
import { login, loginOnPhone } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * Issue 13 §3, brief A: the trainings list's page actions. The administrator adds a test training
 * (a course of the school year and two test triads come with it), generates one more test triad
 * on its course, then downloads the registrations and finds the test triads' members in it. The
 * test training is a row of its own (« Formation de test n »), which no other journey lists.
 */

const SHOTS = process.env.LEA_E2E_SHOTS ?? 'test-results/admin-trainings';

async function workbookRows(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path()) as string)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((value) => (value == null ? '' : String(value)))),
  );
  return rows;
}

/** The page's transitions (a modal opening) have ended: for a screenshot that shows it whole. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));

const called = (page: Page, path: string) =>
  page.waitForResponse((response) => response.request().method() === 'GET' && response.url().includes(path), { timeout: 30_000 });

test('the administrator adds a test training, generates a test triad on its course and downloads the registrations', async ({
  page,
  course,
}) => {
  test.slow();
  await mkdir(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.admin.username, course.password);
  await page.goto('/admin/training');
  await expect(page.getByRole('heading', { name: 'Formations', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exporter les inscriptions' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/trainings-fr-1280.png`, fullPage: true });

  // Add test: asked first, then the training, its course and two test triads.
  await page.getByRole('button', { name: 'Ajouter une formation de test' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ajouter une formation de test' });
  await expect(confirm).toContainText("un parcours de l'année scolaire en cours");
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/test-training-confirm-fr-1280.png` });
  const generated = called(page, '/admin/training/generate-training-test');
  await confirm.getByRole('button', { name: 'Valider' }).click();
  const answer = (await (await generated).json()) as { hasError: boolean; message: string };
  baseExpect(answer.hasError).toBe(false);
  const title = /« (Formation de test \d+) »/.exec(answer.message)![1]!;
  await expect(page.getByText(answer.message)).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.first()).toBeVisible();
  await expect(row.filter({ hasText: /TEST-\d+/ }).first()).toBeVisible();

  // Generate test triads: the course is picked first.
  await page.getByRole('button', { name: 'Générer des trinômes de test' }).click();
  const picker = page.getByRole('dialog', { name: 'Générer des trinômes de test' });
  await picker.getByRole('combobox', { name: 'Parcours de formation' }).click();
  await picker.getByRole('combobox', { name: 'Parcours de formation' }).fill(title);
  await page.getByRole('option', { name: new RegExp(`^${title} — ${title} \\d{4}-\\d{4}`) }).click();
  await page.screenshot({ path: `${SHOTS}/test-triads-fr-1280.png` });
  const triad = called(page, '/admin/training/generate-triad-test?trainingCourse=');
  await picker.getByRole('button', { name: 'Valider' }).click();
  baseExpect(((await (await triad).json()) as { hasError: boolean }).hasError).toBe(false);
  await expect(page.getByText(/Un trinôme de test a été ajouté au parcours « Formation de test \d+ \d{4}-\d{4} »/)).toBeVisible();

  // Export registrations: a real workbook, the test triads' members in it.
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Exporter les inscriptions' }).click();
  const file = await download;
  baseExpect(file.suggestedFilename()).toMatch(/^lea-inscriptions-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const rows = await workbookRows(file);
  baseExpect(rows[0]).toEqual([
    'Formation',
    'Parcours',
    'Années',
    'Groupe',
    'Trinôme',
    'Profil',
    'Nom',
    'Prénom',
    'E-mail',
    'Actif',
    'Test',
    'Début du contrat',
    'Fin du contrat',
  ]);
  const mine = rows.filter((line) => line[0] === title);
  // Three test triads (two with the training, one generated), three members each.
  baseExpect(mine).toHaveLength(9);
  baseExpect(new Set(mine.map((line) => line[4])).size).toBe(3);
  baseExpect(mine.every((line) => line[10] === 'oui' && line[8]!.endsWith('@lea.invalid'))).toBe(true);
  await expect(page.getByText(/Fichier « lea-inscriptions-.*\.xlsx » téléchargé/)).toBeVisible();
});

test('the trainings page actions read in English on a phone', async ({ page, course }) => {
  await mkdir(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await loginOnPhone(page, course.people.admin.username, course.password);
  await page.goto('/admin/training');
  await expect(page.getByRole('heading', { name: 'Trainings', level: 1 })).toBeVisible();
  for (const name of ['Add a test training', 'Generate test triads', 'Export registrations']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/trainings-en-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Generate test triads' }).click();
  const picker = page.getByRole('dialog', { name: 'Generate test triads' });
  await expect(picker.getByRole('combobox', { name: 'Training course' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/test-triads-en-390.png` });
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(picker).toBeHidden();
  // And the French page on a phone.
  await page.evaluate(() => localStorage.setItem('lea_locale', 'fr'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Exporter les inscriptions' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/trainings-fr-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Export registrations' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/trainings-en-1280.png`, fullPage: true });
});
