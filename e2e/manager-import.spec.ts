import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { expect, test, type SeededCourse } from './fixtures/seed';
import { crewCard, openTriadList } from './manager-helpers';

/**
 * Triad import and update (spec 3 §2.2, §5, §8; docs/api/manager.md): the samples of docs/samples
 * — the file with errors is refused line by line and column by column and changes nothing, the
 * clean one applies — then the current triads exported as the update file and sent back. Each
 * journey imports into a course of its own, with the samples' demo addresses turned into its people's.
 */

const SAMPLES = join(import.meta.dirname, '..', 'docs', 'samples');
const CLEAN = join(SAMPLES, 'lea-import-trinomes.xlsx');
const WITH_ERRORS = join(SAMPLES, 'lea-import-trinomes-erreurs.xlsx');
/** The crew the clean sample creates (one of its three triads goes there). */
const NEW_CREW = 'Promotion 2026 - groupe C';

/**
 * The sample as the seeded course's manager would write it: the addresses of demo people become
 * those of the course's own people (same names), so that the import attaches them and no one else.
 */
async function sampleFor(course: SeededCourse, sample: string): Promise<string> {
  const own = new Map(Object.values(course.people).map((person) => [person.email.replace(`.${course.tag}@`, '@'), person.email]));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(sample);
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string' && own.has(cell.value)) cell.value = own.get(cell.value)!;
      }),
    ),
  );
  const dir = test.info().outputPath('samples');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, basename(sample));
  await workbook.xlsx.writeFile(file);
  return file;
}

/** Chooses the file of the import form through the file chooser, as a user would. */
async function chooseFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choisir un fichier' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText(file.split('/').at(-1)!, { exact: true })).toBeVisible();
}

const triadCount = (page: Page) => page.getByTestId('manager-triad').count();

test('a file with errors is reported by line and column and changes nothing; the clean sample applies', async ({ page, course }) => {
  test.slow();
  await openTriadList(page, course.people.manager.username);
  await expect(page.getByTestId('manager-triad').first()).toBeVisible();
  const before = await triadCount(page);

  await page.getByRole('link', { name: 'Importer des trinômes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importer des trinômes' })).toBeVisible();
  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le fichier modèle' }).click();
  expect((await template).suggestedFilename()).toBe('lea-trinomes-modele-import.xlsx');

  await chooseFile(page, await sampleFor(course, WITH_ERRORS));
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const report = page.getByTestId('import-errors');
  await expect(report.getByText("Erreurs d'import")).toBeVisible();
  await expect(report.getByText("Aucune ligne n'a été importée")).toBeVisible();
  const lines = (await report.getByRole('listitem').allTextContents()).map((text) => /^Erreur ligne \d+ colonne [A-Z]+/.exec(text)?.[0]);
  expect(lines).toEqual([
    'Erreur ligne 3 colonne D',
    'Erreur ligne 4 colonne B',
    'Erreur ligne 5 colonne F',
    'Erreur ligne 5 colonne G',
    'Erreur ligne 6 colonne N',
    'Erreur ligne 7 colonne A',
  ]);

  // Nothing was written, not even the file's valid line.
  await page.getByRole('link', { name: 'Retour aux trinômes' }).click();
  await expect(page.getByTestId('manager-triad').first()).toBeVisible();
  expect(await triadCount(page)).toBe(before);
  await expect(crewCard(page, NEW_CREW)).toHaveCount(0);

  await page.getByRole('link', { name: 'Importer des trinômes' }).click();
  await chooseFile(page, await sampleFor(course, CLEAN));
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const summary = page.getByTestId('import-success');
  await expect(summary.getByText('3 trinômes créés')).toBeVisible();
  await expect(summary.getByText('Merci, les trinômes de la formation sont à jour.')).toBeVisible();

  await page.getByRole('link', { name: 'Retour aux trinômes' }).click();
  await expect(crewCard(page, NEW_CREW)).toBeVisible();
  await expect(page.getByTestId('manager-triad')).toHaveCount(before + 3);
});

test('the update exports the current triads, and the exported file goes back in as an update', async ({ page, course }) => {
  test.slow();
  await openTriadList(page, course.people.manager.username);
  await expect(page.getByTestId('manager-triad').first()).toBeVisible();
  const count = await triadCount(page);

  await page.getByRole('link', { name: 'Mettre à jour les trinômes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mettre à jour les trinômes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Télécharger le fichier modèle' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter les données actuelles' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lea-trinomes-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const saved = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(saved);

  await chooseFile(page, saved);
  await page.getByRole('button', { name: 'Mettre à jour', exact: true }).click();
  const summary = page.getByTestId('import-success');
  await expect(summary.getByText(count > 1 ? `${count} trinômes mis à jour` : `${count} trinôme mis à jour`)).toBeVisible();
  await expect(summary.getByText('0 trinôme créé')).toBeVisible();
});
