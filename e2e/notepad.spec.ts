import { type Locator, type Page } from '@playwright/test';
import { login } from './fixtures/auth';
import { DEMO_APPRENTICE_NAME, openTriadOf } from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * The notepad of the main triad of a course of the journey's own (spec 2 §2, e2e/fixtures/seed.ts): the apprentice writes, pins and edits a note; the
 * tutor reads it and may only pin it (edit and delete are the author's); the apprentice deletes it.
 */

const TITLE = 'Points à revoir avec le tuteur';
const EDITED_TITLE = 'Points à revoir avant la visite';
const TEXT = 'Préparer la démonstration du déploiement des postes.';

/** A note's card inside a scope (the page or a section), by its title (the two titles do not contain each other). */
const card = (scope: Page | Locator, title: string) => scope.getByTestId('note-card').filter({ hasText: title });
/** A section of the page: the block under its heading. */
const section = (page: Page, heading: string) => page.getByRole('heading', { level: 2, name: heading }).locator('xpath=..');
/** An input of the note form by its label, the required star aside. */
const field = (scope: Locator, label: string) => scope.getByRole('textbox', { name: new RegExp(`^${label}\\s*\\*?$`) });

async function openNotepad(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Onglets' }).getByRole('link', { name: 'Bloc-notes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/notepad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bloc-notes' })).toBeVisible();
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('the apprentice writes a note, the tutor pins it, its author deletes it', async ({ page, course }) => {
  await login(page, course.people.apprenti.username);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await openNotepad(page);

  // An empty title is refused in the form: nothing is sent, nothing is added.
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/app/notepad/add')) saves.push(request.url());
  });
  await page.getByRole('button', { name: 'Ajouter une note' }).click();
  const addForm = page.getByRole('dialog', { name: 'Ajouter une note' });
  await field(addForm, 'Texte').fill(TEXT);
  await addForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(addForm.getByText('Ce champ est obligatoire')).toBeVisible();
  await expect(field(addForm, 'Titre')).toHaveAttribute('aria-invalid', 'true');
  expect(saves).toEqual([]);

  await field(addForm, 'Titre').fill(TITLE);
  await addForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('La note a été enregistrée')).toBeVisible();
  await expect(addForm).toBeHidden();
  const note = card(page, TITLE);
  await expect(note).toBeVisible();
  await expect(note.getByText(TEXT)).toBeVisible();
  await expect(note.getByText('Apprenti', { exact: true })).toBeVisible();

  // Pinned, the note moves to the pinned section.
  await note.getByRole('button', { name: 'Épingler' }).click();
  await expect(card(section(page, 'Notes épinglées'), TITLE)).toBeVisible();
  await expect(note.getByRole('button', { name: 'Désépingler' })).toBeVisible();

  await note.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('dialog', { name: 'Modifier la note' });
  await expect(field(editForm, 'Titre')).toHaveValue(TITLE);
  await field(editForm, 'Titre').fill(EDITED_TITLE);
  await editForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editForm).toBeHidden();
  const edited = card(page, EDITED_TITLE);
  await expect(edited).toBeVisible();
  await expect(card(page, TITLE)).toHaveCount(0);
  await expect(card(section(page, 'Notes épinglées'), EDITED_TITLE)).toBeVisible();

  // The tutor sees the note, cannot edit or delete it, but may unpin and pin it.
  await logout(page);
  await login(page, course.people.tuteur.username);
  await openTriadOf(page, DEMO_APPRENTICE_NAME);
  await openNotepad(page);
  const seen = card(page, EDITED_TITLE);
  await expect(seen).toBeVisible();
  await expect(seen.getByText(TEXT)).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  await seen.getByRole('button', { name: 'Désépingler' }).click();
  await expect(card(section(page, 'Autres notes'), EDITED_TITLE)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Notes épinglées' })).toHaveCount(0);
  await seen.getByRole('button', { name: 'Épingler' }).click();
  await expect(card(section(page, 'Notes épinglées'), EDITED_TITLE)).toBeVisible();

  // The author deletes it after confirming.
  await logout(page);
  await login(page, course.people.apprenti.username);
  await openNotepad(page);
  await card(page, EDITED_TITLE).getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Supprimer la note' });
  await expect(confirm.getByText(`Voulez-vous vraiment supprimer la note « ${EDITED_TITLE} » ?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('La note a été supprimée')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card(page, EDITED_TITLE)).toHaveCount(0);
});
