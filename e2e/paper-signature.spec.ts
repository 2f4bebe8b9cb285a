import { writeFileSync } from 'node:fs';
import { login, loginOnPhone } from './fixtures/auth';
import {
  callApi,
  DEMO_QUESTIONNAIRES,
  expectIcon,
  expectNoHorizontalOverflow,
  openQuestionnaire,
  openTriadOf,
  pdfText,
  PROFILE_LABELS,
  questionnaireIds,
  tinyPdf,
} from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * Paper signatures on record (issue 20 §3): the apprenticeship master signed the printed
 * "Accueil en entreprise"; the manager records it with the scan and the day, the reply counts as
 * signed, and the booklet's PDF says "signature sur papier, enregistrée par …". On a course of the
 * journey's own.
 */

const QUESTIONNAIRE = DEMO_QUESTIONNAIRES.welcome;
const today = () => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date());

test('the manager records the master’s paper signature and the booklet prints it', async ({ page, course }, testInfo) => {
  await login(page, course.people.manager.username);
  await openTriadOf(page);
  await page.goto('/dashboard/questionnaires');
  await openQuestionnaire(page, QUESTIONNAIRE);
  const signatories = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Signataires' }) });
  await expect(signatories.getByRole('button', { name: `Enregistrer la signature papier : ${PROFILE_LABELS[2]}` })).toHaveCount(0);

  await signatories.getByRole('button', { name: `Enregistrer la signature papier : ${PROFILE_LABELS[3]}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Enregistrer une signature sur papier' });
  await expect(dialog).toBeVisible();
  // Nothing attached: the dialog says what is missing and records nothing.
  await dialog.getByRole('button', { name: 'Enregistrer la signature' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Joignez la page signée');
  await dialog.locator('input[type=file]').setInputFiles(tinyPdf('page-signee.pdf'));
  // A day typed in the future is refused as such, not replaced by another one.
  const day = dialog.getByRole('textbox', { name: /Date de la signature/ });
  await day.fill('01/01/2099');
  await dialog.getByRole('button', { name: 'Enregistrer la signature' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('La date de signature ne peut pas être dans le futur');
  await day.fill(today());
  await dialog.getByRole('button', { name: 'Enregistrer la signature' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('La signature sur papier est enregistrée')).toBeVisible();

  const manager = `${course.people.manager.firstName} ${course.people.manager.lastName}`;
  await expect(signatories.getByText(`Signature sur papier du ${today()}, enregistrée par ${manager}`)).toBeVisible();
  await expect(signatories.getByRole('button', { name: /Enregistrer la signature papier/ })).toHaveCount(0);
  await expectIcon(signatories.getByRole('button', { name: "Annuler la signature du maître d'apprentissage" }), 'check');

  const { triadId } = questionnaireIds(page);
  const booklet = await callApi(page, `/app/triad/pdf/${triadId}`);
  expect(booklet.status()).toBe(200);
  const file = testInfo.outputPath('booklet.pdf');
  writeFileSync(file, Buffer.from(((await booklet.json()) as { data: string }).data, 'base64'));
  const text = pdfText(file).replace(/\s+/g, ' ');
  expect(text).toContain(`Signature sur papier du ${today()}`);
  expect(text).toContain(`enregistrée par ${manager}`);
});

test('the paper signature dialog on a phone, in English', async ({ page, course }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginOnPhone(page, course.people.manager.username);
  await openTriadOf(page);
  await page.goto('/dashboard/questionnaires');
  await openQuestionnaire(page, QUESTIONNAIRE);
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.reload();
  await page.getByRole('button', { name: /^Record the paper signature: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a signature given on paper' });
  await expect(dialog.getByText('Scan or photo of the signed page').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Record the signature' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath('paper-signature-en-390.png') });
});
