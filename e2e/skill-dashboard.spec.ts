import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { login, loginOnPhone } from './fixtures/auth';
import { DEMO_APPRENTICE_NAME } from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * The manager's skill dashboard (spec 3 §2.2, §4): reached from the side menu of a copy of the demo
 * course, filtered with the server's form (one triad, the closed session), full screen, exported
 * to xlsx and read back, and a reminder e-mailed to whoever still has skills of the open session to
 * rate; then in English on a phone.
 */

const grid = (page: Page) => page.getByTestId('dashboard-grid');
const triadRows = (page: Page) => grid(page).locator('tr[data-triad]');

test('the manager opens the skill dashboard, filters it and exports it', async ({ page, course }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.manager.username);
  await page.goto(`/lea-manager/${course.courseIds[0]}`);
  const menu = page.getByRole('navigation', { name: "Menu de l'espace responsable" });
  await menu.getByRole('link', { name: 'Tableau des compétences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau des compétences' })).toBeVisible();
  await expect(grid(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('skill-dashboard-session')).toHaveText('Session : Semestre 2');
  expect(await triadRows(page).count()).toBeGreaterThan(0);
  // The demo triad's ratings show as levels.
  const demo = triadRows(page).filter({ hasText: DEMO_APPRENTICE_NAME });
  await expect(demo.locator('[data-level]').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('skill-dashboard-1280.png'), fullPage: false });

  // The reminder asks first, then says how many e-mails went.
  await page.getByRole('button', { name: 'Relancer par e-mail' }).click();
  await page.getByRole('dialog', { name: 'Relancer par e-mail' }).getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText(/^\d+ e-mail\(s\) de relance envoyé\(s\)$/)).toBeVisible();

  // Full screen closes the side menu, leaving it brings it back.
  await page.getByRole('button', { name: 'Plein écran' }).click();
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Quitter le plein écran' }).click();
  await expect(menu).toBeVisible();

  // The server's filter form: the apprentice's name and the closed session.
  await page.getByRole('button', { name: 'Filtrer' }).click();
  const filter = page.getByRole('dialog', { name: 'Filtrer le tableau de bord' });
  await filter.getByRole('textbox', { name: "Nom de l'apprenti" }).fill(DEMO_APPRENTICE_NAME.split(' ').at(-1) ?? '');
  await filter.getByRole('combobox', { name: 'Session de compétences' }).click();
  await page.getByRole('option', { name: 'Semestre 1' }).click();
  await filter.getByRole('button', { name: 'Appliquer' }).click();
  await expect(filter).toHaveCount(0);
  await expect(page.getByTestId('skill-dashboard-session')).toHaveText('Session : Semestre 1');
  await expect(triadRows(page)).toHaveCount(1);
  await expect(triadRows(page).first()).toContainText(DEMO_APPRENTICE_NAME);

  // The Excel export of the filtered dashboard, read back.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  const file = await downloading;
  const dir = testInfo.outputPath('exports');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  expect(path).toMatch(/lea-tableau-competences-\d+-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet('Semestre 1');
  expect(sheet).toBeDefined();
  expect((sheet!.getRow(1).values as unknown[]).map(String)).toContain('Apprenti');
  expect(sheet!.rowCount).toBe(2);
  const cells = (sheet!.getRow(2).values as unknown[]).map(String);
  expect(cells).toContain(DEMO_APPRENTICE_NAME);
  expect(cells.some((cell) => ['Acquis', 'En cours d’acquisition', 'Non acquis'].includes(cell))).toBe(true);

  // Remove filters: the current session again.
  await page.getByRole('button', { name: 'Retirer les filtres' }).click();
  await expect(page.getByTestId('skill-dashboard-session')).toHaveText('Session : Semestre 2');
});

test('the skill dashboard in English on a phone', async ({ page, course }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginOnPhone(page, course.people.manager.username);
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.goto(`/lea-manager/${course.courseIds[0]}/skill-dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Skill dashboard' })).toBeVisible();
  await expect(grid(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('skill-dashboard-session')).toHaveText('Session: Semestre 2');
  await expect(page.getByRole('button', { name: 'Excel export' })).toBeVisible();
  await expect(page.getByText('Acquired', { exact: true }).first()).toBeVisible();
  // The page does not scroll sideways: the grid scrolls inside its frame.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('skill-dashboard-en-390.png'), fullPage: false });
});
