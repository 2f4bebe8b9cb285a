import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { QualiopiReportResponse } from '@lea/shared';
import { type Page } from '@playwright/test';
import { login, loginOnPhone } from './fixtures/auth';
import { callApi, expectNoHorizontalOverflow, pdfText } from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * The Qualiopi follow-up report (issue 20 §5) on a course of the journey's own (e2e/fixtures/seed.ts):
 * the manager opens it from the menu, picks the last twelve months, reads the figures of the demo
 * (Léa Moreau's company visit and late evaluation, Hugo Durand's on-time one, Lucas Martin's
 * absences) and every row as the API counts it, downloads the workbook and the PDF;
 * then the page in English on a phone.
 */

/** A day of Europe/Paris `offset` days from now, as YYYY-MM-DD. */
const parisDay = (offset = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + offset * 86_400_000));
const shown = (day: string) => day.split('-').reverse().join('/');
/** The last twelve months, today included (the page's own rule). */
function lastTwelveMonths(): { from: string; to: string } {
  const to = parisDay();
  const [year, month, date] = to.split('-').map(Number) as [number, number, number];
  const back = new Date(Date.UTC(year - 1, month - 1, date));
  if (back.getUTCDate() !== date) back.setUTCDate(0);
  back.setUTCDate(back.getUTCDate() + 1);
  return { from: back.toISOString().slice(0, 10), to };
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

async function typeDay(page: Page, label: string, day: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(shown(day));
  await input.press('Tab');
  await expect(input).toHaveValue(shown(day));
}

test('the manager reads the Qualiopi report of the last twelve months and downloads it', async ({ page, course }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.manager.username);
  const courseId = course.courseIds[0];
  await page.goto(`/lea-manager/${courseId}`);
  await page.getByRole('navigation', { name: "Menu de l'espace responsable" }).getByRole('link', { name: 'Suivi Qualiopi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suivi Qualiopi' })).toBeVisible();
  // The course's years first.
  await expect(page.getByRole('textbox', { name: 'Du', exact: true })).toHaveValue('01/09/2025');
  await expect(page.getByRole('textbox', { name: 'Au', exact: true })).toHaveValue('31/08/2027');

  const period = lastTwelveMonths();
  await typeDay(page, 'Du', period.from);
  await typeDay(page, 'Au', period.to);
  const table = page.getByRole('table', { name: 'Suivi des apprentis' });
  const lea = page.getByTestId(`qualiopi-row-${course.triadIds.apprenti4}`);
  // The manager signed Léa's first-term evaluation after its window closed; her tutor's visit was 25 days ago.
  await expect(lea).toContainText(shown(parisDay(-25)), { timeout: 30_000 });
  const cells = (row: typeof lea) => row.getByRole('cell');
  await expect(cells(lea).nth(2)).toContainText('1');
  await expect(cells(lea).nth(5)).toHaveText('1');
  await expect(cells(page.getByTestId(`qualiopi-row-${course.triadIds.apprenti3}`)).nth(4)).toHaveText('1');

  // Every row and the totals as the API counts them.
  const response = await callApi(page, `/app/lea-manager/${courseId}/qualiopi?from=${period.from}&to=${period.to}`);
  expect(response.status()).toBe(200);
  const report = (await response.json()) as QualiopiReportResponse;
  expect(report.rows.map((row) => row.apprentice)).toEqual(['Lucas Martin', 'Emma Petit', 'Hugo Durand', 'Chloé Lefebvre', 'Léa Moreau']);
  await expect(table.locator('tbody tr')).toHaveCount(report.rows.length);
  for (const row of report.rows) {
    const counts = row.questionnaires;
    const line = cells(page.getByTestId(`qualiopi-row-${row.triadId}`));
    await expect(line.nth(0)).toContainText(row.apprentice ?? '');
    await expect(line.nth(2)).toContainText(String(row.visits.length));
    for (const [index, value] of [counts.expected, counts.onTime, counts.late, counts.missing, counts.pending].entries())
      await expect(line.nth(3 + index)).toHaveText(String(value));
    await expect(line.nth(8)).toContainText(`${row.absences.count} ·`);
    await expect(line.nth(9)).toHaveText(String(row.absenceAlerts));
    await expect(line.nth(10)).toHaveText(String(row.reminders));
  }
  const totals = page.getByTestId('qualiopi-totals').getByRole('cell');
  await expect(totals.nth(0)).toHaveText(`Total : ${report.totals.apprentices} apprentis`);
  await expect(totals.nth(5)).toHaveText(String(report.totals.questionnaires.late));
  expect(report.totals.questionnaires.late).toBeGreaterThanOrEqual(1);
  expect(report.totals.visits).toBe(1);
  expect(report.rows.find((row) => row.apprentice === 'Lucas Martin')?.absences.count).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('qualiopi-fr-1280.png'), fullPage: true });

  // The workbook: the summary's rows and totals as on screen.
  const xlsx = await download(page, 'Classeur xlsx', testInfo.outputPath('downloads'));
  expect(xlsx).toMatch(new RegExp(`suivi-qualiopi-bts-sio-2025-2027-${period.from}-${period.to}\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx);
  const summary = workbook.getWorksheet('Synthèse');
  const values = (index: number) => (summary?.getRow(index).values as unknown[]).slice(1);
  expect(values(1).slice(0, 2)).toEqual(['Groupe', 'Apprenti']);
  expect(values(6)[1]).toBe('Léa Moreau');
  expect(values(6)[10]).toBe(1);
  expect(values(7)[0]).toBe('Total');
  expect(values(7)[10]).toBe(report.totals.questionnaires.late);
  expect(workbook.getWorksheet('Détail des questionnaires')?.rowCount).toBe(report.totals.questionnaires.expected + 1);

  // The PDF: the cover and a page per apprentice.
  const pdf = await download(page, 'Rapport PDF', testInfo.outputPath('downloads'));
  const text = pdfText(pdf);
  for (const expected of ['Suivi des apprentis : BTS SIO 2025-2027', 'Indicateur 12', 'Indicateur 13', 'Léa Moreau', 'Signé en retard'])
    expect(text).toContain(expected);
});

test('the Qualiopi report in English on a phone scrolls inside its table', async ({ browser, course }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  try {
    await loginOnPhone(page, course.people.manager.username);
    await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
    await page.goto(`/lea-manager/${course.courseIds[0]}/qualiopi`);
    await expect(page.getByRole('heading', { level: 1, name: 'Qualiopi follow-up' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Follow-up of the apprentices' });
    await expect(table.getByRole('cell', { name: /Léa Moreau/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'xlsx workbook' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'PDF report' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // The nearest box around the table that scrolls sideways is wider inside than on screen.
    const widths = await table.evaluate((element) => {
      let box = element.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      return { scroll: box?.scrollWidth ?? 0, client: box?.clientWidth ?? 0 };
    });
    expect(widths.scroll).toBeGreaterThan(widths.client);
    await page.screenshot({ path: test.info().outputPath('qualiopi-en-390.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
