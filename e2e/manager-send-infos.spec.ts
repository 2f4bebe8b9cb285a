import { login } from './fixtures/auth';
import { latestMailTo, linksIn } from './fixtures/outbox';
import { expect, test } from './fixtures/seed';
import { createCrewWithTriad, openTriadList } from './manager-helpers';

/**
 * Send user infos (spec 3 §2.2, §5; docs/api/manager.md): the manager sends a welcome e-mail to a
 * person the triad form created without a password; it arrives in the SMTP server of the run; the
 * new user sets a password from its link and signs in with the username the mail gives.
 */

const CREW = 'Groupe e2e - bienvenue';
const NEWCOMER = { firstName: 'Camille', lastName: 'Roche', email: 'camille.roche.e2e@example.com' };
const TUTOR = { firstName: 'Marc', lastName: 'Aubert', email: 'marc.aubert.e2e@example.com' };
const PASSWORD = 'Camille-Roche-e2e-2026!-Carnet';

test('a welcome e-mail reaches the new user, who sets a password from its link and signs in', async ({ page, course }) => {
  test.slow();
  const courseId = await openTriadList(page, course.people.manager.username);
  await createCrewWithTriad(page, courseId, CREW, NEWCOMER, TUTOR);

  await page.getByRole('link', { name: 'Envoyer les identifiants' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Envoyer les identifiants' })).toBeVisible();
  const welcome = page.getByRole('button', { name: "Envoyer l'e-mail de bienvenue" });
  const newPassword = page.getByRole('button', { name: 'Envoyer un nouveau mot de passe' });
  await expect(welcome).toBeDisabled();
  await expect(newPassword).toBeDisabled();

  const crew = page.getByRole('region', { name: CREW, exact: true });
  const row = crew.getByTestId('send-infos-user').filter({ hasText: NEWCOMER.email });
  await expect(row.getByText('Jamais connecté')).toBeVisible();
  await expect(row.getByText('0 e-mail de bienvenue')).toBeVisible();
  await crew.getByRole('checkbox', { name: `${NEWCOMER.firstName} ${NEWCOMER.lastName}` }).check();
  await expect(page.getByText('1 utilisateur sélectionné')).toBeVisible();
  await expect(welcome).toBeEnabled();
  await expect(newPassword).toBeEnabled();

  const sentAt = new Date(Date.now() - 1000);
  await welcome.click();
  await expect(page.getByText("L'e-mail de bienvenue a été envoyé")).toBeVisible();
  await expect(row.getByText('1 e-mail de bienvenue')).toBeVisible();
  await expect(welcome).toBeDisabled();

  const mail = await latestMailTo(NEWCOMER.email, { since: sentAt });
  expect(mail.text).toContain(NEWCOMER.email);
  const link = linksIn(mail).find((href) => href.includes('/login/new-password/'));
  expect(link, `new-password link in: ${linksIn(mail).join(', ')}`).toBeDefined();
  expect(new URL(link!).origin).toBe(new URL(page.url()).origin);

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Votre mot de passe a bien été modifié, vous pouvez vous connecter')).toBeVisible();

  // The username of an account the triad form created is its e-mail address.
  await login(page, NEWCOMER.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByText(`${TUTOR.firstName} ${TUTOR.lastName}`).first()).toBeVisible();
});
