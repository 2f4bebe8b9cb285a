import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, loginOnPhone } from './fixtures/auth';
import { switchLanguage } from './fixtures/language';
import { DEMO_APPRENTICE_NAME, openTriadOf, tinyPdf } from './fixtures/questionnaire';
import { seedCourse, type SeededCourse } from './fixtures/seed';

/**
 * Documents and notes of the main triad of a course of the file's own (spec 2 §2, §5, §8, e2e/fixtures/seed.ts): the apprentice adds a document with a
 * file and a note, finds them in the list, on the home documents block and in the timeline; the
 * tutor reads them in French and English without edit or delete; on a phone the author deletes them.
 */

const DOC_TITLE = 'Planning des examens blancs';
const NOTE_TITLE = 'Penser au dossier de fin d’année';
const NOTE_TEXT = 'Rassembler les comptes rendus de visite avant le mois de mai.';

const item = (page: Page, title: string) => page.getByTestId('document-item').filter({ hasText: title });
const tabs = (page: Page, name: string) => page.getByRole('navigation', { name });
/** An input of the server form by its label, the required star aside. */
const textbox = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: new RegExp(`^${label}\\s*\\*?$`) });

async function openDocuments(page: Page, tabBar = 'Onglets', link = 'Documents'): Promise<void> {
  await tabs(page, tabBar).getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(/\/dashboard\/document(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
}

// The journeys follow each other on one course: the tutor reads what the apprentice wrote, the phone deletes it.
test.describe.configure({ mode: 'serial' });

let course: SeededCourse;
test.beforeAll(async () => {
  course = await seedCourse();
});

test('the apprentice adds a document with a file and a note, and finds them in the list, the home block and the timeline', async ({
  page,
}) => {
  await login(page, course.people.apprenti.username);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await openDocuments(page);
  await expect(page.getByRole('tab', { name: 'Général', selected: true })).toBeVisible();

  // A document: title, an uploaded file, the category of the current tab, shown on the home page.
  await page.getByRole('link', { name: 'Nouveau document' }).click();
  await expect(page).toHaveURL(/\/dashboard\/document\/add\/doc\?category=general$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau document' })).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Ce champ est obligatoire').first()).toBeVisible();
  await textbox(page, 'Titre').fill(DOC_TITLE);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choisir un fichier' }).click();
  await (await chooser).setFiles(tinyPdf('examens-blancs.pdf'));
  await expect(page.getByText('examens-blancs.pdf')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Catégorie/ })).toHaveValue('Général');
  await page.getByLabel("Afficher sur la page d'accueil").check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le document a bien été enregistré')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/document\?category=general$/);
  const doc = item(page, DOC_TITLE);
  await expect(doc).toBeVisible();
  await expect(doc.getByText('Lucas Martin', { exact: false })).toBeVisible();
  const download = doc.getByRole('link', { name: `Télécharger « ${DOC_TITLE} »` });
  const file = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');

  // A note: title and text, listed under the Notes tab.
  await page.getByRole('link', { name: 'Nouvelle note' }).click();
  await expect(page).toHaveURL(/\/dashboard\/document\/add\/note$/);
  await textbox(page, 'Titre').fill(NOTE_TITLE);
  await textbox(page, 'Texte').fill(NOTE_TEXT);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('La note a bien été enregistrée')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/document\?category=note$/);
  await expect(page.getByRole('tab', { name: 'Notes', selected: true })).toBeVisible();
  await expect(item(page, NOTE_TITLE).getByText(NOTE_TEXT)).toBeVisible();

  // The home page: the document in the documents block, both in the timeline.
  await tabs(page, 'Onglets').getByRole('link', { name: 'Accueil' }).click();
  const block = page.getByRole('region', { name: 'Documents de la formation' });
  await expect(block.getByText(DOC_TITLE)).toBeVisible();
  await expect(block.getByRole('link', { name: `Télécharger « ${DOC_TITLE} »` })).toBeVisible();
  const timeline = page.getByTestId('timeline-card');
  await expect(timeline.getByText(NOTE_TITLE, { exact: false })).toBeVisible();
  await expect(timeline.getByText(DOC_TITLE, { exact: false })).toBeVisible();
});

test('the tutor reads them, with download but without edit or delete, in French and English', async ({ page }) => {
  await login(page, course.people.tuteur.username);
  await openTriadOf(page, DEMO_APPRENTICE_NAME);
  await openDocuments(page);
  const seen = item(page, DOC_TITLE);
  await expect(seen.getByRole('link', { name: `Télécharger « ${DOC_TITLE} »` })).toBeVisible();
  await expect(seen.getByRole('button', { name: /^Modifier/ })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page).toHaveURL(/category=note$/);
  await expect(item(page, NOTE_TITLE).getByText(NOTE_TEXT)).toBeVisible();
  await expect(item(page, NOTE_TITLE).getByRole('button')).toHaveCount(0);

  // In English: tabs, actions and the same items.
  await switchLanguage(page, 'English');
  await expect(page.getByRole('tab', { name: 'Notes', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(item(page, DOC_TITLE).getByRole('link', { name: `Download “${DOC_TITLE}”` })).toBeVisible();
  await expect(item(page, DOC_TITLE).getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New document' })).toBeVisible();
  await switchLanguage(page, 'Français');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the author deletes the note and the document after confirming', async ({ page }) => {
    await loginOnPhone(page, course.people.apprenti.username);
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await page.goto('/dashboard/document?category=note');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    // The add actions come first on a phone, and nothing is wider than the screen.
    await expect(page.getByRole('link', { name: 'Nouvelle note' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await item(page, NOTE_TITLE)
      .getByRole('button', { name: `Supprimer « ${NOTE_TITLE} »` })
      .click();
    const confirmNote = page.getByRole('dialog', { name: 'Supprimer la note' });
    await expect(confirmNote.getByText(`Voulez-vous vraiment supprimer « ${NOTE_TITLE} » ?`)).toBeVisible();
    await confirmNote.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('La note a été supprimée')).toBeVisible();
    await expect(item(page, NOTE_TITLE)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Général' }).click();
    await item(page, DOC_TITLE)
      .getByRole('button', { name: `Supprimer « ${DOC_TITLE} »` })
      .click();
    await page.getByRole('dialog', { name: 'Supprimer le document' }).getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Le document a été supprimé')).toBeVisible();
    await expect(item(page, DOC_TITLE)).toHaveCount(0);
  });
});
