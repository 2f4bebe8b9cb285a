import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { login, loginOnPhone } from './fixtures/auth';
import { latestMailTo } from './fixtures/outbox';
import { DEMO_QUESTIONNAIRES, expectNoHorizontalOverflow, pdfText } from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * The signature dashboard's frame (spec 3 §2.2, §4, §9): the full-screen toggle closing the side
 * menu, the server's filter form kept in session storage across a reload, an unlock past the end
 * date, the mail reminder of the filtered triads, remove-filters, the exports, and the phone
 * layout, on a course of each journey's own (e2e/fixtures/seed.ts). The manager's reply of its
 * second triad (Emma Petit) to "Évaluation du premier semestre" changes.
 */

const CLOSED = DEMO_QUESTIONNAIRES.firstTerm;
const EMMA = { name: 'Emma Petit' };

const grid = (page: Page) => page.getByTestId('dashboard-grid');
const triadRows = (page: Page) => grid(page).locator('tr[data-triad]');

async function openDashboard(page: Page, courseId: number): Promise<void> {
  await page.goto(`/lea-manager/${courseId}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord des signatures' })).toBeVisible();
  // The dashboard reads every reply of the course: on the embedded database it takes a moment.
  await expect(grid(page)).toBeVisible({ timeout: 30_000 });
}

async function columnOf(page: Page, title: string): Promise<string> {
  const id = await grid(page).locator('th[data-questionnaire]').filter({ hasText: title }).getAttribute('data-questionnaire');
  if (!id) throw new Error(`no column for ${title}`);
  return id;
}

async function download(page: Page, button: string, dir: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await downloading;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return path;
}

test('the manager filters the dashboard, goes full screen, unlocks, reminds and exports', async ({ page, course }, testInfo) => {
  test.setTimeout(240_000);
  await login(page, course.people.manager.username);
  await openDashboard(page, course.courseIds[0]);
  const menu = page.getByRole('navigation', { name: "Menu de l'espace responsable" });

  // Full screen closes the side menu, leaving it brings it back.
  await expect(menu).toBeVisible();
  await page.getByRole('button', { name: 'Plein écran' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('region', { name: 'Actions' })).toBeHidden();
  await page.getByRole('button', { name: 'Quitter le plein écran' }).click();
  await expect(menu).toBeVisible();

  // The server's filter form: one apprentice left, kept in session storage across a reload.
  expect(await triadRows(page).count()).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Filtrer' }).click();
  const filter = page.getByRole('dialog', { name: 'Filtrer le tableau de bord' });
  await filter.getByRole('textbox', { name: "Nom de l'apprenti" }).fill('Petit');
  await filter.getByRole('button', { name: 'Appliquer' }).click();
  await expect(filter).toHaveCount(0);
  await expect(triadRows(page)).toHaveCount(1);
  await expect(triadRows(page).first()).toContainText(EMMA.name);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('questionnaire-dashboard'))) ?? '{}')).toEqual({ search: 'Petit' });
  await page.reload();
  await expect(grid(page)).toBeVisible({ timeout: 30_000 });
  await expect(triadRows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Filtres actifs' })).toBeVisible();

  // The manager's reply has passed its end date: its lock opens, after a confirmation.
  const closed = await columnOf(page, CLOSED);
  const cell = triadRows(page).first().locator(`td[data-questionnaire="${closed}"]`);
  const unlock = cell.getByRole('button', { name: 'Déverrouiller la réponse du responsable de formation' });
  await expect(unlock).toHaveAttribute('data-icon', 'lock');
  await unlock.click();
  await page.getByRole('dialog', { name: 'Déverrouiller' }).getByRole('button', { name: 'Déverrouiller' }).click();
  await expect(page.getByText('La réponse a bien été déverrouillée')).toBeVisible();
  await expect(cell.locator('[data-profile="4"] [data-icon]')).toHaveAttribute('data-icon', 'lock-open');

  // The reminder goes to the filtered triad's members who still have something to do.
  const remindedAt = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Relancer par e-mail' }).click();
  await page.getByRole('dialog', { name: 'Relancer par e-mail' }).getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText(/e-mails? de relance envoyés?\./)).toBeVisible();
  const mail = await latestMailTo(course.people.apprenti2.email, { since: remindedAt, subject: /questionnaires vous attendent/ });
  expect(mail.text).toContain(DEMO_QUESTIONNAIRES.interview);

  // Remove filters: every triad again, nothing left in session storage.
  await page.getByRole('button', { name: 'Retirer les filtres' }).click();
  await expect(page.getByRole('button', { name: 'Retirer les filtres' })).toHaveCount(0);
  // The rows come back once the unfiltered grid has loaded: counted until they do.
  await expect.poll(() => triadRows(page).count()).toBeGreaterThan(1);
  expect(await page.evaluate(() => sessionStorage.getItem('questionnaire-dashboard'))).toBeNull();

  // The interview dates export and the PDF of a chosen questionnaire.
  const dir = testInfo.outputPath('exports');
  const dates = await download(page, 'Export des dates de visite', dir);
  expect(dates).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(dates);
  const sheet = workbook.getWorksheet('Dates de visite');
  expect(sheet).toBeDefined();
  const header = (sheet!.getRow(1).values as unknown[]).map(String);
  expect(header).toContain('Apprenti');
  // The one demo questionnaire with an interview date has its column.
  expect(header.some((title) => title.startsWith(DEMO_QUESTIONNAIRES.visit))).toBe(true);

  await page.getByRole('button', { name: 'Export PDF des questionnaires' }).click();
  const pdfDialog = page.getByRole('dialog', { name: 'Export PDF des questionnaires' });
  await pdfDialog.getByRole('checkbox', { name: `${DEMO_QUESTIONNAIRES.interview} (Année 1)` }).check();
  const pdf = await download(page, 'Télécharger (1 questionnaire)', dir);
  expect(pdf).toMatch(/\.pdf$/);
  expect(pdfText(pdf)).toContain(DEMO_QUESTIONNAIRES.interview);
});

test('the dashboard scrolls inside its grid on a phone', async ({ browser, course }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  try {
    await loginOnPhone(page, course.people.manager.username);
    await openDashboard(page, course.courseIds[0]);
    await expectNoHorizontalOverflow(page);
    const widths = await grid(page).evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    await page.screenshot({ path: test.info().outputPath('dashboard-390.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
