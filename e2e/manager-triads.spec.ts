import { type Page } from '@playwright/test';
import { expect, test } from './fixtures/seed';
import { chooseOption, createCrewWithTriad, crewCard, openTriadList, textField, triadCard } from './manager-helpers';

/**
 * The manager's triad list (spec 3 §2.2, §4, §5): a new crew, a triad added through the wizard
 * (a server error lands on its field and step), edited in tabs, a contract and a secondary user;
 * then the delete rules: a crew holding triads cannot go, a signed triad warns, removals confirm.
 * Each journey runs on a course of its own (e2e/fixtures/seed.ts), a copy of the demo's.
 */

const CREW = 'Groupe e2e - alternance 2026';
const APPRENTICE = { firstName: 'Inès', lastName: 'Garnier', email: 'ines.garnier.e2e@example.com' };
const TUTOR = { firstName: 'Paul', lastName: 'Lemaire', email: 'paul.lemaire.e2e@example.com' };
const COMPANY = 'Atelier e2e du Rhône';
const APPRENTICE_NAME = `${APPRENTICE.firstName} ${APPRENTICE.lastName}`;

async function fillPerson(page: Page, role: string, person: { firstName: string; lastName: string; email: string }) {
  await textField(page, `Nom (${role})`).fill(person.lastName);
  await textField(page, `Prénom (${role})`).fill(person.firstName);
  await textField(page, `Adresse e-mail (${role})`).fill(person.email);
}

const next = (page: Page) => page.getByRole('button', { name: 'Suivant' }).click();
const save = (page: Page) => page.getByRole('button', { name: 'Enregistrer' }).click();

test('the manager creates a crew, adds a triad through the wizard, edits it, adds a contract and a secondary user', async ({
  page,
  course,
}) => {
  // Five screens and a dozen saves: a long journey.
  test.slow();
  await openTriadList(page, course.people.manager.username);

  // A crew: saved, listed empty, deletable.
  await page.getByRole('link', { name: 'Ajouter un groupe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un groupe' })).toBeVisible();
  await textField(page, 'Titre').fill(CREW);
  await save(page);
  await expect(page.getByText('Le groupe a été enregistré')).toBeVisible();
  await expect(page).toHaveURL(/\/lea-manager\/\d+\/triad$/);
  const crew = crewCard(page, CREW);
  await expect(crew.getByText('Aucun trinôme dans ce groupe.')).toBeVisible();
  await expect(crew.getByRole('button', { name: 'Supprimer le groupe' })).toBeEnabled();

  // The wizard: a step is left only when valid.
  await page.getByRole('link', { name: 'Ajouter un trinôme', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un trinôme' })).toBeVisible();
  await chooseOption(page, 'Groupe', CREW);
  await next(page);
  await next(page);
  await expect(page.getByText('Ce champ est obligatoire').first()).toBeVisible();
  await expect(textField(page, 'Nom (apprenti)')).toHaveAttribute('aria-invalid', 'true');
  await fillPerson(page, 'apprenti', APPRENTICE);
  await next(page);
  // The tutor named with the apprentice's address: only the server can tell.
  await fillPerson(page, 'tuteur pédagogique', { ...TUTOR, email: APPRENTICE.email });
  await next(page);
  await next(page);
  await save(page);
  await expect(page.getByText('Le formulaire contient des erreurs')).toBeVisible();
  const tutorEmail = textField(page, 'Adresse e-mail (tuteur pédagogique)');
  await expect(tutorEmail).toBeVisible();
  await expect(tutorEmail).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Cette personne occupe déjà un autre rôle dans le trinôme')).toBeVisible();
  await tutorEmail.fill(TUTOR.email);
  await next(page);
  await next(page);
  await save(page);
  await expect(page).toHaveURL(/\/lea-manager\/\d+\/triad$/);
  const triad = triadCard(crew, APPRENTICE_NAME);
  await expect(triad).toBeVisible();
  await expect(triad.getByText(`${TUTOR.firstName} ${TUTOR.lastName}`)).toBeVisible();
  await expect(crew.getByRole('button', { name: 'Supprimer le groupe' })).toBeDisabled();

  // Editing shows tabs.
  await triad.getByRole('link', { name: 'Modifier le trinôme' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le trinôme' })).toBeVisible();
  await page.getByRole('tab', { name: 'Tuteur' }).click();
  await expect(textField(page, 'Prénom (tuteur pédagogique)')).toHaveValue(TUTOR.firstName);
  await textField(page, 'Prénom (tuteur pédagogique)').fill('Pauline');
  await save(page);
  await expect(page).toHaveURL(/\/lea-manager\/\d+\/triad$/);
  await expect(triad.getByText(`Pauline ${TUTOR.lastName}`)).toBeVisible();

  // A contract with a new company (the company tab).
  await triad.getByRole('link', { name: '0 contrat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contrats du trinôme' })).toBeVisible();
  await expect(page.getByText(`Trinôme de ${APPRENTICE_NAME}`)).toBeVisible();
  await page.getByRole('link', { name: 'Ajouter un contrat' }).click();
  await textField(page, 'Numéro de contrat').fill('E2E-2026-001');
  await textField(page, 'Date de début').fill('01/09/2026');
  await textField(page, 'Date de fin').fill('31/08/2028');
  await next(page);
  await page.getByRole('radio', { name: 'Créer une nouvelle entreprise' }).check();
  await textField(page, 'Raison sociale').fill(COMPANY);
  await save(page);
  await expect(page).toHaveURL(/\/triad\/contract\/\d+$/);
  const row = page.getByRole('row').filter({ hasText: 'E2E-2026-001' });
  await expect(row).toContainText(COMPANY);
  await expect(row).toContainText('01/09/2026');

  // A secondary user, picked by name.
  await page.getByRole('link', { name: 'Retour aux trinômes' }).click();
  await expect(triad.getByRole('link', { name: '1 contrat' })).toBeVisible();
  await triad.getByRole('link', { name: 'Ajouter un utilisateur secondaire' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un utilisateur secondaire' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Utilisateur' }).fill('Catherine');
  await page.getByRole('option', { name: /Catherine/ }).click();
  await save(page);
  await expect(page).toHaveURL(/\/lea-manager\/\d+\/triad$/);
  await expect(triad.getByText('Secondaire : Catherine Martin')).toBeVisible();
});

test('delete rules: a crew with triads stays, a signed triad warns, removals and deletions confirm', async ({ page, course }) => {
  test.slow();
  const courseId = await openTriadList(page, course.people.manager.username);
  const crewTitle = 'Groupe e2e - suppressions';
  const apprentice = { firstName: 'Noé', lastName: 'Vidal', email: 'noe.vidal.e2e@example.com' };
  const tutor = { firstName: 'Sarah', lastName: 'Morel', email: 'sarah.morel.e2e@example.com' };
  await createCrewWithTriad(page, courseId, crewTitle, apprentice, tutor);
  await page.reload();
  const crew = crewCard(page, crewTitle);
  const triad = triadCard(crew, 'Noé Vidal');
  // A reload starts the app again (access check, menu, list): roomier than a screen change.
  await expect(triad).toBeVisible({ timeout: 30_000 });
  await expect(crew.getByRole('button', { name: 'Supprimer le groupe' })).toBeDisabled();

  // The demo triad has a signed questionnaire: red trash and a warning; cancelled here.
  const signed = triadCard(page, 'Lucas Martin');
  await signed.getByRole('button', { name: 'Supprimer le trinôme' }).click();
  const warning = page.getByRole('dialog', { name: 'Supprimer le trinôme' });
  await expect(warning.getByText(/un questionnaire de ce trinôme a déjà été signé/)).toBeVisible();
  await warning.getByRole('button', { name: 'Annuler' }).click();
  await expect(warning).toBeHidden();
  await expect(signed).toBeVisible();

  // Removing the tutor asks first.
  await triad.getByRole('button', { name: 'Retirer Sarah Morel du trinôme' }).click();
  const removal = page.getByRole('dialog', { name: 'Retirer un membre' });
  await expect(removal.getByText('Voulez-vous vraiment retirer Sarah Morel (Tuteur pédagogique) de ce trinôme ?')).toBeVisible();
  await removal.getByRole('button', { name: 'Retirer' }).click();
  await expect(page.getByText('Le membre a été retiré du trinôme')).toBeVisible();
  await expect(triad.getByText('Sarah Morel')).toHaveCount(0);

  // The triad goes (no warning: nothing signed), then its crew can go.
  await triad.getByRole('button', { name: 'Supprimer le trinôme' }).click();
  const deletion = page.getByRole('dialog', { name: 'Supprimer le trinôme' });
  await expect(deletion.getByText(/déjà été signé/)).toHaveCount(0);
  await deletion.getByRole('button', { name: 'Supprimer' }).click();
  await expect(triad).toHaveCount(0);
  await expect(crew.getByText('Aucun trinôme dans ce groupe.')).toBeVisible();
  await crew.getByRole('button', { name: 'Supprimer le groupe' }).click();
  await page.getByRole('dialog', { name: 'Supprimer le groupe' }).getByRole('button', { name: 'Supprimer' }).click();
  await expect(crew).toHaveCount(0);
});
