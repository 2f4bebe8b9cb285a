import { DEMO_PASSWORD, login, loginForm } from './fixtures/auth';
import { latestMailTo, linksIn } from './fixtures/outbox';
import { expect, test } from './fixtures/seed';

/**
 * Forgotten password, from the request to the new password (spec 1 §2.5, §5.4). It changes the
 * password of Léa Moreau (apprenti4) of a course of the journey's own (e2e/fixtures/seed.ts).
 */
/** 64 characters: lower and upper case, digits and special characters, and nothing common. */
const NEW_PASSWORD = 'Lea-Moreau-e2e-2026!-carnet-de-bord-Numerique#Rhone-Alpes-42xyzw';

test('a reset link sets a new password once, and the old one stops working', async ({ page, course }) => {
  const account = course.people.apprenti4;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/login\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  const askedAt = new Date();
  await page.getByLabel("Nom d'utilisateur").fill(account.username);
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.getByText("Si ce compte existe, un e-mail de réinitialisation vient d'être envoyé")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const mail = await latestMailTo(account.email, { since: new Date(askedAt.getTime() - 1000) });
  const link = linksIn(mail).find((href) => href.includes('/login/new-password/'));
  expect(link, `reset link in: ${linksIn(mail).join(', ')}`).toBeDefined();
  expect(new URL(link!).origin).toBe(new URL(page.url()).origin);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  const password = page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true });
  const confirmation = page.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true });
  const confirm = page.getByRole('button', { name: 'Confirmer' });

  // Too weak: the strength message on the password field.
  await password.fill('faible');
  await confirmation.fill('faible');
  await confirm.click();
  await expect(page.getByText(/^Veuillez saisir un mot de passe comportant 12 caractères minimum/).first()).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  // Strong but not confirmed: the mismatch message on the confirmation field only.
  await password.fill(NEW_PASSWORD);
  await confirmation.fill(`${NEW_PASSWORD.slice(0, -1)}Z`);
  await confirm.click();
  await expect(page.getByText('Les deux mots de passe doivent être identiques')).toBeVisible();
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await expect(confirmation).toHaveAttribute('aria-invalid', 'true');

  await confirmation.fill(NEW_PASSWORD);
  await expect(page.getByText('Les deux mots de passe doivent être identiques')).toHaveCount(0);
  await confirm.click();
  await expect(page.getByText('Votre mot de passe a bien été modifié, vous pouvez vous connecter')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password is refused…
  await loginForm.username(page).fill(account.username);
  await loginForm.password(page).fill(DEMO_PASSWORD);
  await loginForm.submit(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Identifiants erronés' })).toBeVisible();

  // …the new one opens the account.
  await login(page, account.username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The link is used up: reopening it ends on the expired-link notice, and the password is unchanged.
  await page.goto(link!);
  await password.fill('Autre-Mot-De-Passe-2026!');
  await confirmation.fill('Autre-Mot-De-Passe-2026!');
  await confirm.click();
  await expect(page.getByText('Ce lien de réinitialisation a expiré.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/new-password\//);
  await page.getByRole('button', { name: 'Demander un nouveau lien' }).click();
  await expect(page).toHaveURL(/\/login\/reset-password$/);
});
