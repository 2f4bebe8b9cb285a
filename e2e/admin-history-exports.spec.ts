import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect as baseExpect, type Download, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login, loginOnPhone } from './fixtures/auth';
import { expect, test } from './fixtures/seed';
import { DEMO_COURSE } from './manager-helpers';

/**
 * Issues 13 §6–9 and 17 §5–6: the manager reads the course's mails (the demo's refused new-password
 * mail shows its SMTP answer and is sent again), the course's sign-ins and downloads its exports;
 * the administrator reads the live statistics, the history, downloads the exports and reads the news.
 */

/** The rows of a downloaded workbook's first sheet, as texts. */
async function workbookRows(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path()) as string)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((value) => (value == null ? '' : String(value)))),
  );
  return rows;
}

async function openCourseArea(page: Page, manager: string): Promise<void> {
  await login(page, manager);
  await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
  await page
    .locator('.mantine-Accordion-item')
    .filter({ hasText: DEMO_COURSE })
    .getByRole('link', { name: 'Paramètres de la formation' })
    .click();
  await expect(page).toHaveURL(/\/lea-manager\/\d+$/);
}

const managerMenu = (page: Page) => page.getByRole('navigation', { name: "Menu de l'espace responsable" });
const adminMenu = (page: Page) => page.getByRole('navigation', { name: "Menu de l'administration" });

test('the manager resends a refused mail, reads the sign-ins and downloads the course’s contracts', async ({ page, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCourseArea(page, course.people.manager.username);

  await managerMenu(page).getByRole('link', { name: 'E-mails' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
  const refused = page.getByRole('row').filter({ hasText: 'ancienne.adresse@example.org' });
  await expect(refused).toContainText('Échec');
  await expect(refused).toContainText('550 5.1.1');
  await expect(page.getByRole('row').filter({ hasText: 'Bienvenue sur le livret électronique' })).toContainText('Envoyé');
  await refused.getByRole('button', { name: /Renvoyer l'e-mail à ancienne.adresse@example.org/ }).click();
  await expect(page.getByText("L'e-mail a été renvoyé")).toBeVisible();
  await expect(refused).toContainText('Envoyé');
  await expect(refused.getByRole('button')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Échec' }).click();
  await expect(page.getByText('Aucun e-mail')).toBeVisible();

  await managerMenu(page).getByRole('link', { name: 'Connexions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Historique des connexions' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: course.people.manager.lastName }).first()).toContainText('Connexion');

  await managerMenu(page).getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Télécharger/ })).toHaveCount(4);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger « Contrats »' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lea-contrats-\d+-toutes-annees\.xlsx$/);
  const rows = await workbookRows(file);
  baseExpect(rows[0]!.slice(0, 5)).toEqual(['Diplôme', 'Formation', 'Groupe', "Nom de l'apprenti", "Prénom de l'apprenti"]);
  baseExpect(rows.length).toBeGreaterThan(1);
  baseExpect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set([DEMO_COURSE]));
});

test('the administrator reads the statistics, the history and the news, and downloads the summary table', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, DEMO_ACCOUNTS.admin);
  await page.goto('/admin');
  await expect(page.getByLabel('Chiffres clés')).toContainText('Utilisateurs');
  await expect(page.getByRole('heading', { name: 'Taux de remplissage annuel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Le tableau de suivi s’exporte' })).toBeVisible();
  await expect(page.getByText('Journée portes ouvertes')).toHaveCount(0);

  await adminMenu(page).getByRole('link', { name: 'Statistiques' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiques' })).toBeVisible();
  await expect(page.getByText('Utilisateurs par profil')).toBeVisible();
  const stats = page.waitForResponse((response) => response.url().includes('/admin/statistic?archive=1'));
  await page.getByLabel('Inclure les formations archivées').check();
  baseExpect((await stats).status()).toBe(200);

  await adminMenu(page).getByRole('link', { name: 'Historique' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Historique' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Connexion', exact: true }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Connexion');
  const historyFile = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter (xlsx)' }).click();
  const historyRows = await workbookRows(await historyFile);
  baseExpect(historyRows[0]).toEqual(['Date', 'Type', 'Action', 'Utilisateur', 'Connecté par', 'Adresse IP', 'Navigateur']);
  baseExpect(historyRows.slice(1).every((row) => row[1] === 'Connexion')).toBe(true);

  await adminMenu(page).getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('button', { name: /^Télécharger/ })).toHaveCount(7);
  const summary = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger « Tableau récapitulatif »' }).click();
  const summaryRows = await workbookRows(await summary);
  baseExpect(summaryRows[0]![0]).toBe('Diplôme');
  baseExpect(summaryRows.some((row) => row[1] === DEMO_COURSE)).toBe(true);

  // The news' management screen (the entity's list), not a news item called "manage".
  await adminMenu(page).getByRole('link', { name: 'Actualités', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/news\/manage$/);
  await expect(page.getByRole('row').filter({ hasText: 'Journée portes ouvertes' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Date de publication' })).toBeVisible();

  await adminMenu(page).getByRole('link', { name: 'Lire les actualités' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Actualités' })).toBeVisible();
  await expect(page.getByText('Journée portes ouvertes')).toBeVisible();
  await expect(page.getByText('À venir')).toBeVisible();
  await page.getByRole('link', { name: 'Maintenance programmée' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance programmée' })).toBeVisible();
  await expect(page.getByText('Une mise à jour du serveur aura lieu samedi matin.')).toBeVisible();
});

test('an apprentice reads the published news only', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginOnPhone(page, DEMO_ACCOUNTS.apprentice);
  await page.goto('/dashboard/news');
  await expect(page.getByRole('heading', { level: 1, name: 'Actualités' })).toBeVisible();
  await expect(page.getByText('Tutoriel : signer un questionnaire')).toBeVisible();
  await expect(page.getByText('Journée portes ouvertes')).toHaveCount(0);
  await page.getByRole('link', { name: 'Tutoriel : signer un questionnaire' }).click();
  await expect(page.getByText('Complétez les réponses, partagez le brouillon puis signez.')).toBeVisible();
});
