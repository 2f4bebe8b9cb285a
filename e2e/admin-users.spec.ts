import { type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login, loginOnPhone } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * Issue 13 §1: the administrator's users screen. Every account a journey writes is its own: a new
 * user with a fresh name, or the people of a seeded course (decision 023).
 */

const tag = () => Math.random().toString(36).slice(2, 8);

async function signedInUsername(page: Page): Promise<string> {
  const response = await page.request.get('/api/fr/app/user/me', {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('lea_token') ?? localStorage.getItem('lea_token'))}`,
    },
  });
  return ((await response.json()) as { username: string }).username;
}

/** Searches the list through the search modal (kept for the session). */
async function searchUsers(page: Page, text: string, labels = { open: 'Rechercher', field: /Nom, prénom/, submit: 'Rechercher' }) {
  await page.getByRole('button', { name: labels.open, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(labels.field).fill(text);
  await dialog.getByRole('button', { name: labels.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function addUser(page: Page, lastName: string, firstName: string, email: string) {
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Ajouter un utilisateur' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/add$/);
  await page.getByRole('textbox', { name: /^Nom/ }).first().fill(lastName);
  await page.getByRole('textbox', { name: /^Prénom/ }).fill(firstName);
  await page.getByRole('textbox', { name: /^Adresse e-mail/ }).fill(email);
  await page.getByRole('button', { name: 'Suivant' }).click();
  // The role step: one role only, ticking one unticks the others.
  const admin = page.getByRole('checkbox', { name: 'Administrateur' });
  const user = page.getByRole('checkbox', { name: 'Utilisateur', exact: true });
  await expect(user).toBeChecked();
  await admin.check();
  await expect(user).not.toBeChecked();
  await user.check();
  await expect(admin).not.toBeChecked();
  await page.getByRole('button', { name: /^(Enregistrer|Save)$/ }).click();
  await expect(page.getByText("L'utilisateur a été enregistré").last()).toBeVisible();
  // A saved form returns to the list.
  await expect(page).toHaveURL(/\/admin\/users$/);
}

test.describe.configure({ mode: 'serial' });
// Each journey goes through several screens and forms: more than the default minute on a busy machine.
test.slow();

test('the administrator creates a user with the wizard, edits it in tabs, switches to it and back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = `Essai${tag()}`;
  await login(page, DEMO_ACCOUNTS.admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Utilisateurs' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Utilisateurs', level: 1 })).toBeVisible();

  await addUser(page, name, 'Claire', `${name.toLowerCase()}@example.com`);
  await searchUsers(page, name);
  await expect(page.getByText('1 utilisateur', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${name.toLowerCase()}@example.com`);

  // The search stays for the session: back from the edit form, the list is still filtered.
  await row.getByRole('link', { name: `Modifier « Claire ${name} »` }).click();
  await expect(page).toHaveURL(/\/admin\/users\/edit\/\d+$/);
  await expect(page.getByRole('tab', { name: 'Identité' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('textbox', { name: /^Prénom/ }).fill('Clara');
  await page.getByRole('button', { name: /^(Enregistrer|Save)$/ }).click();
  await expect(page.getByText("L'utilisateur a été enregistré").last()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText('1 utilisateur', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Clara');

  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Se connecter en tant que « Clara ${name} »` })
    .click();
  const banner = page.getByRole('status').filter({ hasText: 'Retour à mon compte' });
  await expect(banner).toBeVisible();
  expect(await signedInUsername(page)).toBe(`${name.toLowerCase()}@example.com`);
  await banner.getByRole('button', { name: 'Retour à mon compte' }).click();
  await expect(banner).toHaveCount(0);
  expect(await signedInUsername(page)).toBe(DEMO_ACCOUNTS.admin);

  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.getByText(/^\d+ utilisateurs$/)).toBeVisible();
});

test('deleting a signer is refused with the reason and offers deactivation; two accounts merge', async ({ page, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tutor = course.people.tuteur;
  await login(page, DEMO_ACCOUNTS.admin);
  await page.goto('/admin/users');
  await searchUsers(page, tutor.email);
  const row = page.getByRole('row').filter({ hasText: tutor.email });
  await row.getByRole('button', { name: `Supprimer « ${tutor.firstName} ${tutor.lastName} »` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  const refusal = page.getByRole('dialog', { name: 'Suppression impossible' });
  await expect(refusal).toContainText('a signé');
  await refusal.getByRole('button', { name: 'Désactiver le compte' }).click();
  await expect(page.getByText('Le compte a été désactivé')).toBeVisible();
  await row.getByRole('button', { name: `Autres actions pour « ${tutor.firstName} ${tutor.lastName} »` }).click();
  await expect(page.getByRole('menuitem', { name: 'Réactiver le compte' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Two accounts of one person: the second is folded into the first.
  const name = `Double${tag()}`;
  await addUser(page, name, 'Paul', `${name.toLowerCase()}@example.com`);
  await addUser(page, name, 'Paul', `${name.toLowerCase()}.ancien@example.com`);
  await page.getByRole('button', { name: 'Fusionner deux comptes' }).click();
  const merge = page.getByRole('dialog', { name: "Fusionner deux comptes d'une même personne" });
  await merge.getByLabel('Compte conservé', { exact: true }).fill(name.toLowerCase());
  await page.getByRole('option', { name: new RegExp(`\\(${name.toLowerCase()}@example\\.com\\)`) }).click();
  await merge.getByLabel('Compte fusionné puis supprimé', { exact: true }).fill(`${name.toLowerCase()}.ancien`);
  await page.getByRole('option', { name: new RegExp(`${name.toLowerCase()}\\.ancien@`) }).click();
  await merge.getByRole('button', { name: 'Fusionner' }).click();
  await expect(page.getByText('Les deux comptes ont été fusionnés')).toBeVisible();
  await searchUsers(page, name);
  await expect(page.getByText('1 utilisateur', { exact: true })).toBeVisible();
});

test('on a phone, in English, the list, its search modal and the last password e-mail', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginOnPhone(page, DEMO_ACCOUNTS.admin);
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await searchUsers(page, 'sophie.laurent@', { open: 'Search', field: /Last name, first name/, submit: 'Search' });
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^More actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Last password e-mail' }).click();
  await expect(page.getByRole('dialog')).toContainText(/No password e-mail|Subject/);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.evaluate(() => localStorage.setItem('lea_locale', 'fr'));
});
