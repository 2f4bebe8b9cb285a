import { type Page } from '@playwright/test';
import { login } from './fixtures/auth';
import {
  callApi,
  DEMO_APPRENTICE_NAME,
  DEMO_QUESTIONNAIRES,
  expectIcon,
  openTriadOf,
  questionnaireIds,
  questionnaireRow,
  statusIcon,
} from './fixtures/questionnaire';
import { expect, seedCourse, test } from './fixtures/seed';

/**
 * The course manager's actions on the status icons (spec 2 §4, spec 3 §4, docs/api/questionnaires.md
 * "Manager actions"): unlocking a reply whose window has ended, cancelling a signature; refused to
 * the apprentice, in the page and in the API, on the main triad of a course of the journey's own
 * (e2e/fixtures/seed.ts).
 */

// Signed by the apprentice and the master; the journey's copy has its window ended (neither signed).
const CLOSED = DEMO_QUESTIONNAIRES.welcome;
const SIGNED = DEMO_QUESTIONNAIRES.interview;

async function confirmIn(page: Page, title: string, confirm: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toHaveCount(0);
}

test('the manager unlocks a closed reply and cancels a signature; the apprentice cannot', async ({ page }) => {
  const course = await seedCourse({ closedWindows: [CLOSED] });
  await login(page, course.people.manager.username);
  await openTriadOf(page, DEMO_APPRENTICE_NAME);
  await page.goto('/dashboard/questionnaires');

  // The window of "Accueil en entreprise" has ended: the apprentice's lock opens.
  const closed = questionnaireRow(page, CLOSED);
  const unlock = closed.getByRole('button', { name: "Déverrouiller la réponse de l'apprenti" });
  await expectIcon(unlock, 'lock');
  await unlock.click();
  await confirmIn(page, 'Déverrouiller', 'Déverrouiller');
  await expect(page.getByText('La réponse a bien été déverrouillée')).toBeVisible();
  await expectIcon(statusIcon(closed, 1), 'lock-open');
  await expect(closed.getByRole('button', { name: "Déverrouiller la réponse de l'apprenti" })).toHaveCount(0);

  // The tutor's signature of "Entretien d'intégration" goes back to a shared draft.
  const signed = questionnaireRow(page, SIGNED);
  const cancel = signed.getByRole('button', { name: 'Annuler la signature du tuteur pédagogique' });
  await expectIcon(cancel, 'check');
  await cancel.click();
  await confirmIn(page, 'Annuler la signature', 'Annuler la signature');
  await expect(page.getByText('La signature a bien été annulée')).toBeVisible();
  await expectIcon(statusIcon(signed, 2), 'hourglass-start');
  await expect(signed.getByRole('button', { name: /Annuler la signature/ })).toHaveCount(0);

  // The questionnaire page agrees: the tutor is no longer a signatory who signed.
  await signed.getByRole('link', { name: SIGNED, exact: true }).click();
  const signatories = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Signataires' }) });
  await expectIcon(statusIcon(signatories, 2), 'hourglass-start');
  await expect(signatories.getByText(/^Signé le/)).toHaveCount(0);
  const { triadId } = questionnaireIds(page);

  // The apprentice sees the same icons, none of them a button, and the API refuses the action.
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, course.people.apprenti.username);
  await page.goto('/dashboard/questionnaires');
  const closedForApprentice = questionnaireRow(page, CLOSED);
  await expectIcon(statusIcon(closedForApprentice, 1), 'lock-open');
  await expectIcon(statusIcon(closedForApprentice, 3), 'lock');
  await expect(closedForApprentice.getByRole('button')).toHaveCount(0);
  const signedForApprentice = questionnaireRow(page, SIGNED);
  await expectIcon(statusIcon(signedForApprentice, 2), 'hourglass-start');
  await expect(signedForApprentice.getByRole('button')).toHaveCount(0);

  const closedHref = await closedForApprentice.getByRole('link', { name: CLOSED, exact: true }).getAttribute('href');
  const closedId = Number(/\/(\d+)$/.exec(closedHref ?? '')?.[1]);
  const refused = await callApi(page, `/app/questionnaire/unlock/${triadId}/${closedId}?profile=3`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 403 });
});
