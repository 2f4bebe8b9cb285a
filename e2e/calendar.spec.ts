import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { login, loginOnPhone } from './fixtures/auth';
import { expect, seedCourse, test, type SeededCourse } from './fixtures/seed';

/**
 * Absences and planning (issue 15) on a course of the journey's own: the manager adds an absence from the calendar's
 * right-click menu, copies and pastes it, and reads it in the list; the apprentice justifies it and announces one in
 * advance; the manager accepts the justification and the calendar shows it justified.
 */

const pad = (n: number) => String(n).padStart(2, '0');
/** The month the calendar opens on: the browser's, in Europe/Paris (the runner's clock may be on UTC, a day behind at 23:00). */
const [YEAR, MONTH] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()).split('-');
/** A day of the current month view, as YYYY-MM-DD. */
const dayOfMonth = (date: number) => `${YEAR}-${MONTH}-${pad(date)}`;
/** Two days of the current month view (the 10th and the 20th: always in the month shown). */
const FIRST = dayOfMonth(10);
const SECOND = dayOfMonth(20);

async function rightClickDay(page: Page, day: string) {
  await page
    .locator(`[data-day="${day}"]`)
    .first()
    .click({ button: 'right', position: { x: 20, y: 60 } });
}

test.describe.configure({ mode: 'serial' });

let course: SeededCourse;
test.beforeAll(async () => {
  course = await seedCourse();
});

test('the manager adds an absence from the right-click menu, copies and pastes it', async ({ page }) => {
  await login(page, course.people.manager.username);
  await page.goto(`/lea-manager/${course.courseIds[0]}/absence`);
  await expect(page.getByRole('heading', { level: 1, name: 'Absences et planning de la formation' })).toBeVisible();
  await expect(page.getByTestId('event-calendar')).toBeVisible();
  await page.getByTestId('calendar-triad').click();
  await page.getByRole('option', { name: /Martin Lucas/ }).click();

  await rightClickDay(page, FIRST);
  await page.getByRole('menuitem', { name: 'Ajouter une absence' }).click();
  const form = page.getByRole('dialog', { name: 'Ajouter une absence' });
  await expect(form.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Absence enregistrée')).toBeVisible();
  await expect(form).toBeHidden();
  const absences = page.locator('[data-event-id]').filter({ hasText: 'Absence' });
  const before = await absences.count();
  expect(before).toBeGreaterThan(0);

  await absences.first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Copier' }).click();
  await rightClickDay(page, SECOND);
  await page.getByRole('menuitem', { name: 'Coller' }).click();
  await expect(page.getByText('Événement copié')).toBeVisible();
  await expect(absences).toHaveCount(before + 1);
  await page.screenshot({ path: test.info().outputPath('calendar-manager-fr-1280.png'), fullPage: true });
});

test('the manager moves the pasted absence by dragging it to another day', async ({ page }) => {
  const target = dayOfMonth(25);
  await login(page, course.people.manager.username);
  await page.goto(`/lea-manager/${course.courseIds[0]}/absence`);
  await expect(page.getByTestId('event-calendar')).toBeVisible();
  await page.getByTestId('calendar-triad').click();
  await page.getByRole('option', { name: /Martin Lucas/ }).click();
  const event = page.locator(`[data-day="${SECOND}"] [data-event-id]`).filter({ hasText: 'Absence' }).first();
  await expect(event).toBeVisible();
  const from = (await event.boundingBox())!;
  const to = (await page.locator(`[data-day="${target}"]`).first().boundingBox())!;
  const moved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/absence\/move\/\d+$/.test(response.url()));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  await expect(page.locator(`[data-day="${target}"] [data-event-id]`).filter({ hasText: 'Absence' })).toHaveCount(1);
});

test('the apprentice justifies the absence and announces one; the manager accepts the justification', async ({ page }) => {
  await login(page, course.people.apprenti.username);
  await page.goto('/dashboard/timetable/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Absences et planning' })).toBeVisible();
  await page.getByRole('link', { name: 'Liste des absences' }).click();
  await expect(page).toHaveURL(/\/dashboard\/timetable\/list\/absence$/);
  const row = page.getByTestId('absence-table').getByRole('row').filter({ hasText: 'Non justifiée' }).first();
  await row.getByRole('button', { name: 'Justifier' }).click();
  const justify = page.getByRole('dialog', { name: "Justifier l'absence" });
  await justify.getByRole('textbox', { name: /Commentaire/ }).fill('Certificat médical');
  await justify.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Justificatif envoyé').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('calendar-list-fr-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'Retour au calendrier' }).click();
  await page.getByRole('button', { name: 'Annoncer une absence' }).click();
  await expect(page.getByRole('dialog', { name: 'Annoncer une absence' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Annoncer une absence' }).getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Ce champ est obligatoire').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await login(page, course.people.manager.username);
  await page.goto('/dashboard/training-course-list');
  await page.goto(`/lea-manager/${course.courseIds[0]}/absence`);
  await page.getByTestId('calendar-triad').click();
  await page.getByRole('option', { name: /Martin Lucas/ }).click();
  const pending = page.locator('[data-event-id]').filter({ hasText: 'Absence' }).first();
  await pending.dblclick();
  const edit = page.getByRole('dialog', { name: "Modifier l'absence" });
  await expect(edit.getByTestId('justifications')).toBeVisible();
  const accept = edit.getByRole('button', { name: 'Accepter' });
  if (await accept.count()) {
    await accept.first().click();
    await expect(page.getByText('Justificatif traité')).toBeVisible();
  }
});

test('the calendar in English on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginOnPhone(page, course.people.apprenti.username);
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.goto('/dashboard/timetable/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Absences and planning' })).toBeVisible();
  await expect(page.getByTestId('event-calendar')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('calendar-apprentice-en-390.png'), fullPage: true });
});

test('the manager deletes several plannings at once from the planning list', async ({ page }) => {
  // The list's count (all pages) as the server answers it after an action.
  const countAfter = async (action: () => Promise<unknown>) => {
    const listed = page.waitForResponse((response) => response.request().method() === 'GET' && /\/planning\/list\b/.test(response.url()));
    await action();
    return ((await (await listed).json()) as { count: number }).count;
  };
  await login(page, course.people.manager.username);
  const before = await countAfter(() => page.goto(`/lea-manager/${course.courseIds[0]}/absence/planning`));
  const rows = page.getByRole('table', { name: 'Planning' }).getByRole('row');
  await expect(rows.nth(2)).toBeVisible();
  const deleteSelection = page.getByRole('button', { name: /^Supprimer la sélection/ });
  await expect(deleteSelection).toBeDisabled();
  await rows.nth(1).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  await expect(deleteSelection).toHaveText('Supprimer la sélection (2)');
  await deleteSelection.click();
  const after = await countAfter(() => page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click());
  expect(after).toBe(before - 2);
  await expect(page.getByText('2 planning(s) supprimé(s)')).toBeVisible();
  await expect(deleteSelection).toBeDisabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('planning-multi-select-fr-390.png'), fullPage: true });
});

/** A planning file of the import model (xlsx), one row per event. */
async function planningFile(name: string, rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planning');
  sheet.addRow(['Type', 'Titre', 'Date', 'Heure de début', 'Heure de fin', 'Heures', 'Matière', 'Intervenant', 'Salle', 'Groupe']);
  for (const row of rows) sheet.addRow(row);
  const dir = test.info().outputPath('imports');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

test('the manager imports a crew planning: a bad file is reported by line and column, the good one reaches the apprentice', async ({
  page,
}) => {
  const day = dayOfMonth(15);
  const [year, month, date] = day.split('-');
  const french = `${date}/${month}/${year}`;
  const crew = 'Promotion 2025 - groupe A';
  await login(page, course.people.manager.username);
  await page.goto(`/lea-manager/${course.courseIds[0]}/absence/planning`);
  const importFile = async (file: string) => {
    await page.getByRole('link', { name: 'Importer un planning' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choisir un fichier' }).click();
    await (await chooser).setFiles(file);
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
  };
  await importFile(
    await planningFile('planning-errors.xlsx', [
      ['Formation', 'Cours importé', french, '08:30', '12:30', '', 'Réseaux', 'M. Dupont', 'B12', crew],
      ['Formation', 'Cours perdu', french, '13:30', '17:30', '', '', '', '', 'Groupe inconnu'],
    ]),
  );
  const report = page.getByTestId('import-errors');
  await expect(report.getByText("Aucune ligne n'a été importée")).toBeVisible();
  await expect(report.getByRole('listitem').first()).toContainText(/^Erreur ligne 3 colonne J/);
  await page.screenshot({ path: test.info().outputPath('planning-import-errors-fr-1280.png'), fullPage: true });

  await page.goto(`/lea-manager/${course.courseIds[0]}/absence/planning`);
  await importFile(
    await planningFile('planning.xlsx', [
      ['Formation', 'Cours importé', french, '08:30', '12:30', '', 'Réseaux', 'M. Dupont', 'B12', crew],
    ]),
  );
  await expect(page.getByTestId('import-success').getByText('1 événement créé')).toBeVisible();

  // The apprentice of the crew finds it in the month of his calendar.
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await login(page, course.people.apprenti.username);
  await page.goto('/dashboard/timetable/calendar');
  await expect(page.getByTestId('event-calendar')).toBeVisible();
  await expect(page.locator(`[data-day="${day}"]`).first()).toContainText('Cours importé');
});
