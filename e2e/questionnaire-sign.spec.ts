import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { login, loginOnPhone } from './fixtures/auth';
import {
  callApi,
  DEMO_QUESTIONNAIRES,
  expectIcon,
  expectNoHorizontalOverflow,
  fillWelcomeMasterPart,
  openQuestionnaire,
  openTriadOf,
  pdfText,
  questionnaireIds,
  questionnaireRow,
  renderFirstPage,
  statusIcon,
  tinyPdf,
} from './fixtures/questionnaire';
import { expect, test, type SeededCourse } from './fixtures/seed';

/**
 * Filling and signing a questionnaire (spec 1 §2.9, §4.4, §4.5, §5.5, §7.3, §8.1), on "Accueil en
 * entreprise" of the demo triad: signed by the apprentice (a file and a short text) and the
 * apprenticeship master (a unique and a multiple choice, and a cluster of a number, a short text
 * and a date-time). The triad is the main one of a course of the journey's own (e2e/fixtures/seed.ts).
 */

const TITLE = DEMO_QUESTIONNAIRES.welcome;
const REFERENT = "Nom de votre référent dans l'entreprise";
const SAFETY = 'Attestation de formation à la sécurité signée';
const REFERENT_NAME = 'Claire Dupont-Lemaire';
const ATTESTATION = 'attestation-securite.pdf';

const block = (page: Page, title: string) => page.locator('[data-progress-block]').filter({ hasText: title });
const referentInput = (page: Page) => page.getByRole('textbox', { name: new RegExp(`^${REFERENT}`) });
const controls = (page: Page) => page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Actions' }) });

/** Records the saves the page sends (PUT /app/questionnaire/save/...). */
function recordSaves(page: Page): string[] {
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/app/questionnaire/save/')) saves.push(request.url());
  });
  return saves;
}

/**
 * The apprenticeship master fills its part on a phone (390 px), saves a private draft and signs;
 * the questionnaire page must be usable there: no horizontal scroll, the sign button reachable.
 */
async function masterFillsOnPhone(browser: Browser, course: SeededCourse): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  try {
    await loginOnPhone(page, course.people.maitre.username);
    await openTriadOf(page);
    await page.goto('/dashboard/questionnaires');
    await openQuestionnaire(page, TITLE);
    await expectNoHorizontalOverflow(page);
    // The apprentice's private draft stays with the apprentice.
    await expect(page.getByText(REFERENT_NAME)).toHaveCount(0);
    await expect(page.getByText(ATTESTATION)).toHaveCount(0);

    await fillWelcomeMasterPart(page);

    const sign = controls(page).getByRole('button', { name: 'Signer' });
    await sign.scrollIntoViewIfNeeded();
    await expect(sign).toBeInViewport();
    await expect(sign).toBeEnabled();
    await expectNoHorizontalOverflow(page);

    await controls(page).getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await expect(page.getByText('Le brouillon a bien été enregistré')).toBeVisible();

    // Decision 013: without comments, co-signers sign their own parts in any order.
    await expect(controls(page).getByRole('button', { name: 'Partager le brouillon' })).toHaveCount(0);
    await sign.click();
    await page.getByRole('dialog', { name: 'Signer le questionnaire' }).getByRole('button', { name: 'Signer' }).click();
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByText('Le questionnaire a bien été signé')).toBeVisible();
  } finally {
    await context.close();
  }
}

test('the apprentice fills, saves a private draft, signs with the keyboard and exports the PDF', async ({
  page,
  browser,
  course,
}, testInfo) => {
  // The longest front-office journey (two sessions, a PDF): 60 s is too short on a loaded 2-core machine.
  test.setTimeout(150_000);
  await login(page, course.people.apprenti.username);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  // Nothing filled in yet: the to-do says Complete, not Sign (issue 11 §3).
  await page.getByRole('link', { name: `Compléter : ${TITLE}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const saves = recordSaves(page);

  // Signing with the attestation missing: the field says so, no dialog, nothing is sent or kept.
  await referentInput(page).fill(REFERENT_NAME);
  await controls(page).getByRole('button', { name: 'Signer' }).click();
  await expect(block(page, SAFETY).getByText('Ce champ est obligatoire')).toBeVisible();
  await expect(page.getByText('Ce champ est obligatoire')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(saves).toHaveLength(0);
  await page.reload();
  await expect(referentInput(page)).toHaveValue('');

  // A private draft: a notice, the page stays, and a reload shows the answers.
  await referentInput(page).fill(REFERENT_NAME);
  await block(page, SAFETY).locator('input[type=file]').setInputFiles(tinyPdf(ATTESTATION));
  await expect(block(page, SAFETY).getByRole('link', { name: ATTESTATION })).toBeVisible();
  const url = page.url();
  await controls(page).getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page.getByText('Le brouillon a bien été enregistré')).toBeVisible();
  expect(page.url()).toBe(url);
  await page.reload();
  await expect(referentInput(page)).toHaveValue(REFERENT_NAME);
  await expect(block(page, SAFETY).getByRole('link', { name: ATTESTATION })).toBeVisible();

  await masterFillsOnPhone(browser, course);

  // Signing with the keyboard only: the focused Sign button, Enter, then Enter on the dialog's confirmation.
  await page.reload();
  await expect(referentInput(page)).toHaveValue(REFERENT_NAME);
  await controls(page).getByRole('button', { name: 'Signer' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Signer le questionnaire' });
  await expect(dialog.getByRole('button', { name: 'Signer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByText('Le questionnaire a bien été signé')).toBeVisible();
  const row = questionnaireRow(page, TITLE);
  await expectIcon(statusIcon(row, 1), 'check');
  await expectIcon(statusIcon(row, 3), 'check');
  await expect(page.getByRole('link', { name: new RegExp(`^(Signer|Compléter) : ${TITLE}$`) })).toHaveCount(0);

  // Signed: the apprentice's answers are read-only text, only the export is left.
  await openQuestionnaire(page, TITLE);
  await expect(referentInput(page)).toHaveCount(0);
  await expect(page.getByRole('group', { name: new RegExp(`^${REFERENT}`) })).toContainText(REFERENT_NAME);
  await expect(block(page, SAFETY).getByRole('button', { name: 'Choisir un fichier' })).toHaveCount(0);
  await expect(block(page, SAFETY).getByRole('link', { name: ATTESTATION })).toBeVisible();
  await expect(controls(page).getByText('Vous avez signé ce questionnaire.')).toBeVisible();
  await expect(controls(page).getByRole('button', { name: /Signer|Enregistrer le brouillon/ })).toHaveCount(0);
  const signatories = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Signataires' }) });
  await expectIcon(statusIcon(signatories, 1), 'check');
  await expectIcon(statusIcon(signatories, 3), 'check');
  await expect(signatories.getByText(/^Signé le \d{2}\/\d{2}\/\d{4}$/)).toHaveCount(2);

  // The PDF: the answers and the apprentice's signature box, read back with poppler.
  const downloading = page.waitForEvent('download');
  await controls(page).getByRole('button', { name: 'Exporter en PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfDir = testInfo.outputPath('pdf');
  mkdirSync(pdfDir, { recursive: true });
  const pdfFile = join(pdfDir, 'accueil-en-entreprise.pdf');
  await download.saveAs(pdfFile);
  const text = pdfText(pdfFile);
  expect(text).toContain(REFERENT_NAME);
  expect(text).toContain(ATTESTATION);
  // The master's signed answers: the number and the date-time came back from the server as typed.
  expect(text).toContain('Lyon 7e');
  expect(text).toContain('35,5');
  expect(text).toMatch(/15\/\d{2}\/\d{4} 14:30/);
  expect(text).toContain('Signatures');
  expect(text).toMatch(/Lucas Martin[\s\S]*Signé électroniquement le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(text).toMatch(/Empreinte : [0-9a-f]{16}/);
  expect(text.match(/Signé électroniquement le/g)).toHaveLength(2);
  renderFirstPage(pdfFile, join(pdfDir, 'page'));

  // A save after the signature is refused by the server (the signature is checked before the version).
  const { triadId, questionnaireId } = questionnaireIds(page);
  const late = await callApi(page, `/app/questionnaire/save/${triadId}/${questionnaireId}`, {
    method: 'PUT',
    data: { draft: 1, profile: 1, version: 2, answers: [] },
  });
  expect(late.status()).toBe(409);
  expect(await late.json()).toMatchObject({ message: 'Attention le questionnaire a déjà été signé !' });
});
