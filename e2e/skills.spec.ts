import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { login, loginOnPhone } from './fixtures/auth';
import { DEMO_APPRENTICE_NAME, openTriadOf } from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * The skills module of a course of the journey's own (spec 2 §2, issue 14): the apprentice rates in
 * the open session, meets the closed one's lock, attaches a justification file, reads the history,
 * exports the grid (PDF, xlsx) and the radar (PNG, SVG); the tutor and the master rate in their columns.
 */

const SAMPLES = join(import.meta.dirname, '..', 'docs', 'samples');
const INCIDENTS = 'Répondre aux incidents et aux demandes d’assistance et d’évolution';
const PROJECT = 'Travailler en mode projet';

async function openSkills(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Onglets' }).getByRole('link', { name: 'Compétences', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/skills$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compétences' })).toBeVisible();
}

const row = (page: Page, name: string) => page.locator('[data-testid^="skill-"]').filter({ hasText: name });

test('the apprentice rates, meets the lock, justifies, reads the history and exports', async ({ page, course }) => {
  test.slow();
  await login(page, course.people.apprenti.username);
  await openSkills(page);
  await expect(page.getByRole('tab', { name: 'Semestre 2' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Échelle de notation')).toBeVisible();
  await expect(page.getByText(/Dernière mise à jour le/)).toBeVisible();

  // The open session: pick a level, save, see it kept after a reload.
  const project = row(page, PROJECT);
  await project.getByRole('button', { name: 'Apprenti : niveau 2' }).click();
  await expect(page.getByText('Modifications non enregistrées')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les compétences ont été enregistrées')).toBeVisible();
  await page.reload();
  await expect(row(page, PROJECT).getByRole('button', { name: 'Apprenti : niveau 2' })).toHaveAttribute('aria-pressed', 'true');
  // The tutor's and the master's levels stand beside the apprentice's own.
  await expect(row(page, PROJECT).getByLabel("Maître d'apprentissage : 4")).toBeVisible();

  // The history of that skill shows the change.
  await row(page, PROJECT).getByRole('button', { name: 'Historique' }).click();
  await expect(
    row(page, PROJECT)
      .getByRole('list', { name: 'Historique' })
      .getByText(/Lucas Martin \(Apprenti\) : 2/),
  ).toBeVisible();

  // A justification file on a skill that needs one.
  await row(page, INCIDENTS).getByRole('button', { name: 'Justificatifs' }).click();
  const modal = page.getByRole('dialog', { name: new RegExp('Justificatifs de') });
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'rapport-incident.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(modal.getByText('rapport-incident.pdf')).toBeVisible();
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les justificatifs ont été enregistrés')).toBeVisible();
  await expect(row(page, INCIDENTS).getByRole('link', { name: 'rapport-incident.pdf' })).toBeVisible();

  // Exports of the grid: a PDF and an xlsx holding the skills and the levels.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await xlsx.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const lines = sheet
    .getSheetValues()
    .flatMap((values) => (Array.isArray(values) ? [Array.from(values.slice(1), (cell) => cell ?? null)] : []));
  expect(lines.find((line) => line[2] === PROJECT)).toEqual([
    'Semestre 2',
    'Support et mise à disposition de services informatiques',
    PROJECT,
    2,
    null,
    4,
  ]);

  // The closed session: locked, with its message.
  await page.getByRole('tab', { name: 'Semestre 1' }).click();
  await expect(page.getByText('Cette session est fermée : les évaluations sont verrouillées').first()).toBeVisible();
  await row(page, PROJECT).getByRole('button', { name: 'Apprenti : niveau 1' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cette session est fermée' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);

  // The radar, exported as PNG and SVG.
  await page.getByRole('link', { name: 'Voir les statistiques' }).click();
  await expect(page).toHaveURL(/\/dashboard\/skills\/stats$/);
  await expect(page.getByTestId('skill-radar').locator('svg.recharts-surface')).toBeVisible();
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PNG' }).click()]);
  expect(
    readFileSync((await png.path())!)
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
  expect(readFileSync((await svg.path())!, 'utf8')).toContain('<svg');
});

test('the tutor and the master rate in their own columns; the apprentice sees them', async ({ page, course }) => {
  test.slow();
  for (const [username, title, level] of [
    ['tuteur', 'Tuteur pédagogique', 3],
    ['maitre', "Maître d'apprentissage", 1],
  ] as const) {
    await login(page, course.people[username].username);
    await openTriadOf(page, DEMO_APPRENTICE_NAME);
    await openSkills(page);
    await page.getByRole('button', { name: 'Suivante' }).click();
    await expect(row(page, 'Communiquer avec les utilisateurs').getByRole('button', { name: 'Apprenti : niveau 1' })).toHaveCount(0);
    await row(page, 'Communiquer avec les utilisateurs')
      .getByRole('button', { name: `${title} : niveau ${level}` })
      .click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Les compétences ont été enregistrées')).toBeVisible();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
  await login(page, course.people.apprenti.username);
  await openSkills(page);
  await page.getByRole('button', { name: 'Suivante' }).click();
  const communicate = row(page, 'Communiquer avec les utilisateurs');
  await expect(communicate.getByLabel('Tuteur pédagogique : 3')).toBeVisible();
  await expect(communicate.getByLabel("Maître d'apprentissage : 1")).toBeVisible();
});

test('the manager sets the levels (labels trimmed) and imports skills from the samples', async ({ page, course }) => {
  test.slow();
  await login(page, course.people.manager.username);
  await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
  await page
    .locator('.mantine-Accordion-item')
    .filter({ hasText: 'BTS SIO 2025-2027' })
    .getByRole('link', { name: 'Paramètres de la formation' })
    .click();
  await page
    .getByRole('navigation', { name: "Menu de l'espace responsable" })
    .getByRole('link', { name: 'Compétences', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compétences de la formation' })).toBeVisible();

  // Levels: 4 by the demo, lowered to 3: the fourth label goes.
  await page.getByRole('link', { name: /Niveaux/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Niveaux de compétence' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Nombre de niveaux' }).click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('La configuration a été enregistrée')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Expert')).toHaveCount(0);
  await expect(page.getByText('Acquis', { exact: true })).toBeVisible();

  // Import: the file with errors is reported by line and column, the clean sample applies.
  await page.goBack();
  await page.getByRole('link', { name: /Importer/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importer des compétences' })).toBeVisible();
  const choose = async (file: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choisir un fichier' }).click();
    await (await chooser).setFiles(join(SAMPLES, file));
  };
  await choose('modele_import_competences-erreurs.xlsx');
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const report = page.getByTestId('import-errors');
  await expect(report.getByText("Aucune ligne n'a été importée")).toBeVisible();
  const lines = (await report.getByRole('listitem').allTextContents()).map((text) => /^Erreur ligne \d+ colonne [A-Z]+/.exec(text)?.[0]);
  expect(lines).toEqual(['Erreur ligne 3 colonne D', 'Erreur ligne 4 colonne F']);
  await choose('modele_import_competences.xlsx');
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByTestId('import-success').getByText('4 compétences créées')).toBeVisible();

  // RNCP blocks: the XML flow, then the CSV variant, of certification RNCP35340.
  for (const [file, message] of [
    ['rncp-export-fiches.xml', '2 bloc(s) et 6 compétence(s) importés'],
    ['rncp-export-blocs.csv', '2 bloc(s) et 5 compétence(s) importés'],
  ] as const) {
    await page.goto(page.url().replace(/\/skill\/.*$/, '/skill/france-competence'));
    await expect(page.getByRole('heading', { level: 1, name: 'Blocs de compétences RNCP' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Export RNCP (XML ou CSV)').click();
    await (await chooser).setFiles(join(SAMPLES, file));
    await expect(
      page.getByRole('textbox', { name: 'Certification' }).or(page.getByRole('combobox', { name: 'Certification' })),
    ).toHaveValue(/RNCP35340/);
    await page.getByRole('button', { name: 'Importer les blocs' }).click();
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Voir les catégories' }).click();
  await expect(page.getByText('RNCP35340BC02')).toBeVisible();
});

test('the skills screen in English and on a phone', async ({ page, course }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await loginOnPhone(page, course.people.apprenti.username);
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.goto('/dashboard/skills');
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();
  // Under 991 px the actions fold under one button.
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('link', { name: 'See statistics' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('skills-en-390.png'), fullPage: false });
  await page.getByRole('link', { name: 'See statistics' }).click();
  await expect(page.getByTestId('skill-radar').locator('svg.recharts-surface')).toBeVisible();
  // Numbered axes with their legend on a phone.
  await expect(page.getByText('Legend')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('skills-stats-en-390.png'), fullPage: true });
});
