import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { type Locator, type Page } from '@playwright/test';
import { login } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * The manager's questionnaire editor (spec 3 §2.2, §4, §5, issue 6): a questionnaire with every field
 * type, a grid cluster, an open cluster, marks and an interview date is built, refused once for a
 * question without title (which gets selected), saved, and found unchanged after a reload; the
 * apprentice fills and signs it; the manager sees the signature in the dashboard, cancels it and
 * exports the dashboard to xlsx, read back with exceljs. It runs on a course of its own
 * (e2e/fixtures/seed.ts), on the main triad (Lucas Martin's).
 */

const TITLE = `Bilan de fin d'année ${Date.now().toString(36)}`;

/** dd/mm/yyyy of today plus some days (the browser runs in Europe/Paris, like the server's demo). */
function day(offset: number): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  return [date.getDate(), date.getMonth() + 1].map((part) => String(part).padStart(2, '0')).join('/') + `/${date.getFullYear()}`;
}

const selectedBlock = (page: Page) => page.locator('[data-testid="editor-block"][data-selected]');

async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addBlock(page: Page, kind: string): Promise<Locator> {
  await page.getByRole('region', { name: 'Questions' }).getByRole('button', { name: 'Ajouter' }).first().click();
  await page.getByRole('menuitem', { name: kind }).click();
  return selectedBlock(page);
}

/** A field of the given type; choice types keep the default options, renamed. */
async function addField(page: Page, title: string, type: string, options: string[] = []): Promise<Locator> {
  const block = await addBlock(page, 'Une question');
  await block.getByRole('textbox', { name: /^Question/ }).fill(title);
  if (type !== 'Texte court') await pick(page, block, 'Type de réponse', type);
  for (const [index, option] of options.entries()) {
    if (index > 0) await block.getByRole('button', { name: 'Ajouter une option' }).click();
    await block.getByRole('textbox', { name: `Option ${index + 1}`, exact: true }).fill(option);
  }
  return block;
}

async function fillDay(scope: Locator, label: string, value: string): Promise<void> {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Enter');
}

test('the manager builds, saves and reloads a questionnaire; the apprentice signs it; the dashboard cancels and exports', async ({
  page,
  course,
}, testInfo) => {
  test.setTimeout(360_000);
  const courseId = course.courseIds[0];
  const triadId = course.triadIds.apprenti!;
  await login(page, course.people.manager.username);
  await page.goto(`/lea-manager/${courseId}/questionnaire/list`);

  // The add modal: a title and a category, then the editor on questionnaire/add.
  await page.getByRole('button', { name: 'Ajouter un questionnaire' }).click();
  const modal = page.getByRole('dialog', { name: 'Nouveau questionnaire' });
  await modal.getByRole('textbox', { name: 'Titre' }).fill(TITLE);
  await modal.getByRole('combobox', { name: 'Catégorie' }).click();
  await page.getByRole('option', { name: 'Évaluations' }).click();
  await modal.getByRole('button', { name: "Ouvrir l'éditeur" }).click();
  await expect(page).toHaveURL(new RegExp(`/lea-manager/${courseId}/questionnaire/add$`));
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  // Settings: the apprentice signs alone (new questions are hers), dates, interview date, marks.
  const settings = page.getByRole('region', { name: 'Paramètres' });
  await settings.getByRole('button', { name: 'Profils' }).click();
  const signers = settings.getByRole('group', { name: /^Signé par/ });
  await signers.getByRole('checkbox', { name: 'Apprenti', exact: true }).check();
  await signers.getByRole('checkbox', { name: 'Responsable de formation', exact: true }).uncheck();
  await settings.getByRole('button', { name: "Dates d'accès" }).click();
  const allProfiles = settings.getByRole('group', { name: 'Tous les profils' });
  await fillDay(allProfiles, 'Début', day(-1));
  await fillDay(allProfiles, 'Fin', day(30));
  await settings.getByRole('button', { name: 'Relances et date de visite' }).click();
  await settings.getByRole('switch', { name: /Date de visite en entreprise/ }).check();
  await settings.getByRole('textbox', { name: 'Libellé de la date' }).fill('Date de la visite du tuteur');
  await settings
    .getByRole('group', { name: /^Date renseignée par/ })
    .getByRole('checkbox', { name: 'Responsable de formation', exact: true })
    .check();
  await settings.getByRole('button', { name: 'Notes' }).click();
  await settings.getByRole('textbox', { name: 'Note maximale du questionnaire' }).fill('20');

  // Every field type of spec 1 §3.5.
  await addField(page, 'Votre poste', 'Texte court');
  await addField(page, 'Vos missions', 'Texte long');
  await addField(page, 'Votre service', 'Liste déroulante', ['Production', 'Études']);
  const marked = await addField(page, 'Votre satisfaction', 'Choix unique', ['Bonne', 'Moyenne']);
  await marked.getByRole('switch', { name: 'Noter les réponses' }).check();
  await marked.getByRole('textbox', { name: "Note de l'option 1" }).fill('10');
  await marked.getByRole('textbox', { name: "Note de l'option 2" }).fill('5');
  await marked.getByRole('textbox', { name: 'Note maximale' }).fill('10');
  await addField(page, 'Outils utilisés', 'Choix multiple', ['Tableur', 'Messagerie']);
  await addField(page, "Heures d'atelier", 'Nombre');
  await addField(page, 'Justificatif', 'Fichier');
  await addField(page, "Date d'arrivée", 'Date');
  await addField(page, 'Prochain entretien', 'Date et heure');

  // A grid cluster (two columns with marks, two rows) and an open cluster.
  const grid = await addBlock(page, 'Un tableau (groupe en grille)');
  await grid.getByRole('textbox', { name: /^Titre du groupe/ }).fill('Savoir-être');
  await grid.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Acquis');
  await grid.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Non acquis');
  await grid.getByRole('switch', { name: 'Noter les réponses' }).check();
  await grid.getByRole('textbox', { name: "Note de l'option 1" }).fill('5');
  await grid.getByRole('textbox', { name: "Note de l'option 2" }).fill('0');
  await grid
    .getByRole('textbox', { name: /^Intitulé de la ligne/ })
    .first()
    .fill('Ponctualité');
  await grid
    .getByRole('textbox', { name: /^Intitulé de la ligne/ })
    .nth(1)
    .fill('Travail en équipe');
  const open = await addBlock(page, 'Un groupe ouvert (lignes ajoutées par les profils)');
  await open.getByRole('textbox', { name: /^Titre du groupe/ }).fill('Autres activités');
  await expect(
    open.getByRole('group', { name: /^Profils qui ajoutent des lignes/ }).getByRole('checkbox', { name: 'Apprenti', exact: true }),
  ).toBeChecked();

  // A title dragged to the top.
  const heading = await addBlock(page, 'Un titre');
  await heading.getByRole('textbox', { name: /^Texte du titre/ }).fill('Première partie');
  const blocks = page.getByTestId('editor-block');
  await expect(blocks).toHaveCount(12);
  const handle = heading.getByRole('button', { name: 'Déplacer « Première partie »' });
  const target = (await blocks.first().boundingBox())!;
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 40, { steps: 5 });
  await page.mouse.move(target.x + 20, target.y + 5, { steps: 20 });
  await page.mouse.up();
  await expect(blocks.first()).toContainText('Première partie');

  // A question without title: the save is refused and that question gets selected.
  const toggle = (block: Locator) => block.locator('button[aria-expanded]');
  await toggle(blocks.first()).click();
  await expect(selectedBlock(page)).toHaveCount(0);
  await addField(page, '', 'Texte court');
  await toggle(blocks.first()).click();
  await expect(blocks.last()).not.toHaveAttribute('data-selected');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText("Attention, il manque certains droits d'accès ou des titres aux questions !")).toBeVisible();
  await expect(blocks.last()).toHaveAttribute('data-selected', 'true');
  await expect(blocks.last().getByText('Titre manquant')).toBeVisible();
  await expect(page).toHaveURL(/\/questionnaire\/add$/);
  await blocks
    .last()
    .getByRole('textbox', { name: /^Question/ })
    .fill('Un dernier mot');

  // Saved: the edit route with the new id.
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Le questionnaire a été enregistré.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/lea-manager/${courseId}/questionnaire/edit/\\d+$`));
  const questionnaireId = Number(/edit\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByTestId('editor-saved-state')).toHaveText('Enregistré');
  // The edit route mounts the editor anew from the saved model: wait for its blocks.
  await expect(blocks.locator('button[aria-expanded]')).toHaveCount(13);
  await expect(page.getByText("Attention, il manque certains droits d'accès ou des titres aux questions !")).toHaveCount(0);
  const before = await blocks.locator('button[aria-expanded]').allTextContents();
  expect(before).toHaveLength(13);

  // Reloaded: the same blocks, in the same order, with what they hold.
  await page.reload();
  // A reload loads the app, the course access, the options and the model: slower than a click.
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('editor-saved-state')).toHaveText('Enregistré');
  await expect(blocks.locator('button[aria-expanded]')).toHaveCount(13);
  expect(await blocks.locator('button[aria-expanded]').allTextContents()).toEqual(before);
  await expect(page.getByTestId('interview-date-item')).toContainText('Date de la visite du tuteur');
  await toggle(blocks.filter({ hasText: 'Votre satisfaction' })).click();
  const reloaded = selectedBlock(page);
  await expect(reloaded.getByRole('combobox', { name: 'Type de réponse' })).toHaveValue('Choix unique');
  await expect(reloaded.getByRole('textbox', { name: "Note de l'option 1" })).toHaveValue('10');
  await expect(reloaded.getByRole('group', { name: /^Accès/ }).getByRole('checkbox', { name: 'Apprenti', exact: true })).toBeChecked();

  // The apprentice fills and signs.
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await login(page, course.people.apprenti.username);
  await page.goto(`/dashboard/questionnaire/${triadId}/${questionnaireId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('textbox', { name: /^Votre poste/ }).fill('Technicienne de maintenance');
  await page.getByRole('radio', { name: 'Bonne' }).check();
  await page.getByRole('textbox', { name: /^Heures d'atelier/ }).fill('12');
  const controls = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Actions' }) });
  await controls.getByRole('button', { name: 'Signer' }).click();
  await page.getByRole('dialog', { name: 'Signer le questionnaire' }).getByRole('button', { name: 'Signer' }).click();
  await expect(page.getByText('Le questionnaire a bien été signé')).toBeVisible();

  // Back as manager: the check in the dashboard, cancelled.
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await login(page, course.people.manager.username);
  await page.goto(`/lea-manager/${courseId}/dashboard`);
  const cell = page.locator(`tr[data-triad="${triadId}"] td[data-questionnaire="${questionnaireId}"]`);
  const cancel = cell.getByRole('button', { name: "Annuler la signature de l'apprenti" });
  // The dashboard reads every reply of the course: on the embedded database it takes a moment.
  await expect(cancel).toHaveAttribute('data-icon', 'check', { timeout: 30_000 });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Annuler la signature' });
  await dialog.getByRole('button', { name: 'Annuler la signature' }).click();
  await expect(page.getByText('La signature a bien été annulée')).toBeVisible();
  await expect(cell.locator('[data-icon]')).toHaveAttribute('data-icon', 'hourglass-start');

  // The Excel export, opened with exceljs: the questionnaire's column says the reply waits again.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const dir = testInfo.outputPath('xlsx');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('Signatures');
  expect(sheet).toBeDefined();
  const header = (sheet!.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const statusColumn = header.indexOf(`${TITLE} – Apprenti`);
  expect(statusColumn).toBeGreaterThan(0);
  expect(header).toContain('Apprenti');
  const apprenticeColumn = header.indexOf('Apprenti');
  let lucas: ExcelJS.Row | undefined;
  sheet!.eachRow((row) => {
    if (String(row.getCell(apprenticeColumn).value) === 'Lucas Martin') lucas = row;
  });
  expect(lucas).toBeDefined();
  expect(String(lucas!.getCell(statusColumn).value)).toBe('En attente');
});
