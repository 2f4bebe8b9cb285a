import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { login } from './fixtures/auth';
import { DEMO_APPRENTICE_NAME, openTriadOf } from './fixtures/questionnaire';
import { expect, seedCourse, test, type SeededCourse } from './fixtures/seed';
import { chooseOption, textField } from './manager-helpers';

/**
 * Lessons, useful links, gradebooks and attestations (issue 16 §2–§5, spec 2 §2, spec 3 §2.1–2.2):
 * the manager adds a lesson to a subject (the `set` query picks it) and a link (http or https only);
 * triad members read the lessons grouped by subject, open one with its picture and attachment,
 * follow links in a new tab, and download a gradebook and an attendance certificate as PDFs.
 */

async function openManagerArea(page: Page, manager: string, courseId: number): Promise<void> {
  await login(page, manager);
  await page.goto(`/lea-manager/${courseId}`);
  await expect(page.getByRole('navigation', { name: "Menu de l'espace responsable" })).toBeVisible();
}

const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: "Menu de l'espace responsable" }).getByRole('link', { name, exact: true });

test.describe.serial('lessons and useful links of a course of its own', () => {
  let course: SeededCourse;
  test.beforeAll(async () => {
    course = await seedCourse();
  });

  test('the manager adds a lesson to a subject chosen by the set query', async ({ page }) => {
    const courseId = course.courseIds[0];
    await openManagerArea(page, course.people.manager.username, courseId);

    // The lessons, grouped by subject in the units' order.
    await menuLink(page, 'Cours').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cours' })).toBeVisible();
    const networks = page.getByRole('region', { name: 'Réseaux' });
    await expect(networks.getByRole('listitem')).toHaveText(['Adressage IPv4 et sous-réseaux', 'Routage statique']);
    await expect(page.getByRole('region', { name: 'Bases de données' }).getByText('Aucun cours dans cette matière')).toBeVisible();

    // "Add a lesson" of a subject opens the engine's form with that subject chosen (the set query).
    await page.getByRole('link', { name: 'Ajouter un cours à Systèmes' }).click();
    await expect(page).toHaveURL(/\/lesson\/add\?set=/);
    await expect(page.getByRole('combobox', { name: /^Matière/ })).toHaveValue(/Systèmes$/);
    await textField(page, 'Titre').fill('Sauvegardes et restauration');
    await textField(page, 'Lien (http ou https)').fill('javascript:alert(1)');
    // Adding is a wizard (the lesson, then its attachments); the server's refusal reopens the first step.
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Merci de saisir une adresse web commençant par http:// ou https://')).toBeVisible();
    await textField(page, 'Lien (http ou https)').fill('https://doc.ubuntu-fr.org/sauvegarde');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le cours a été enregistré')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/lea-manager/${courseId}/lesson$`));
    await expect(page.getByRole('region', { name: 'Systèmes' }).getByRole('listitem')).toHaveText([
      'Gestion des comptes sous Linux',
      'Sauvegardes et restauration',
    ]);

    // Subjects grouped by unit; a unit holding subjects cannot be deleted.
    await menuLink(page, 'Matières et unités').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Matières et unités' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Unités' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: /^Supprimer Bloc 1/ })).toBeDisabled();
  });

  test('the manager adds a useful link, http or https only', async ({ page }) => {
    await openManagerArea(page, course.people.manager.username, course.courseIds[0]);
    await menuLink(page, 'Liens utiles').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Liens utiles' })).toBeVisible();
    await page.getByRole('link', { name: 'Ajouter un lien' }).click();
    await textField(page, 'Nom').fill('France Travail');
    await textField(page, 'Adresse (http ou https)').fill('ftp://francetravail.fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Merci de saisir une adresse web commençant par http:// ou https://')).toBeVisible();
    await textField(page, 'Adresse (http ou https)').fill('https://www.francetravail.fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le lien a été enregistré')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Liens utiles' }).getByText('France Travail')).toBeVisible();
  });

  test('the apprentice reads the lessons by subject, opens one, and follows a useful link in a new tab', async ({ page }) => {
    await login(page, course.people.apprenti.username);
    await page.goto('/dashboard/lessons');
    await expect(page.getByRole('heading', { level: 1, name: 'Cours' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Systèmes' }).getByRole('listitem')).toHaveText([
      'Gestion des comptes sous Linux',
      'Sauvegardes et restauration',
    ]);
    await page.getByRole('link', { name: 'Voir le cours Adressage IPv4 et sous-réseaux' }).click();
    await expect(page).toHaveURL(/\/dashboard\/lesson\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Adressage IPv4 et sous-réseaux' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Activité réalisée' })).toBeVisible();
    await expect(page.getByText('192.168.10.0/24')).toBeVisible();
    const picture = page.getByRole('img', { name: 'schema-reseau.png' });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    const link = page.getByRole('link', { name: /Sous-réseau/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger TD adressage IPv4.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('TD adressage IPv4.pdf');
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.getByRole('button', { name: 'Retour aux cours' }).click();
    await expect(page).toHaveURL(/\/dashboard\/lessons$/);

    // Useful links open in a new tab, without a handle on this page.
    await page.goto('/dashboard/weblinks');
    const open = page.getByRole('link', { name: 'Ouvrir France Travail dans un nouvel onglet' });
    await expect(open).toHaveAttribute('href', 'https://www.francetravail.fr');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', /noopener/);
    // The logo is decorative (empty alt): the link's name says where it goes.
    const logo = page.getByRole('listitem').filter({ hasText: 'Onisep : le BTS SIO' }).locator('img');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  });
});

test('a tutor downloads a gradebook and an attendance certificate as PDFs', async ({ page }) => {
  await login(page, 'tuteur');
  await openTriadOf(page, DEMO_APPRENTICE_NAME);
  await page.goto('/dashboard/gradebook');
  await expect(page.getByRole('heading', { level: 1, name: 'Carnets de notes' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Carnets de notes' });
  const empty = page.getByText("Aucun carnet de notes : aucun questionnaire noté n'a encore été signé");
  await expect(table.or(empty)).toBeVisible();
  if (await table.isVisible()) {
    const [gradebook] = await Promise.all([
      page.waitForEvent('download'),
      table
        .getByRole('button', { name: /^Télécharger le carnet de notes/ })
        .first()
        .click(),
    ]);
    expect(gradebook.suggestedFilename()).toMatch(/^carnet-de-notes-lucas-martin-\d{4}-[12]\.pdf$/);
  }

  await page.goto('/dashboard/attestations');
  await expect(page.getByRole('heading', { level: 1, name: 'Attestations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Membres du trinôme' })).toBeVisible();
  await expect(page.getByText('Lucas Martin').first()).toBeVisible();
  await chooseOption(page, 'Année', '2026');
  await chooseOption(page, 'Mois', 'février');
  const [attestation] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le PDF' }).click(),
  ]);
  expect(attestation.suggestedFilename()).toBe('attestation-presence-lucas-martin-2026-02.pdf');
  expect(
    readFileSync(await attestation.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});
