import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login, loginOnPhone } from './fixtures/auth';
import { switchLanguage } from './fixtures/language';
import { DEMO_APPRENTICE_NAME, expectNoHorizontalOverflow } from './fixtures/questionnaire';

/**
 * The training course list (spec 2 §2 "Training course list and triad selection"): the manager's
 * courses with their booklet counts and manager links, search, the archived toggle, the side blocks,
 * the triad cards and their filter, opening a triad; the apprentice's list skipped; the tutor's
 * questionnaires to do across triads.
 */

const ACTIVE = 'BTS SIO 2025-2027';
const ARCHIVED = 'BTS SIO 2023-2025';

const courseItem = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });
const loader = (page: Page) => page.getByRole('alert').filter({ hasText: /Chargement|Loading/ });

test('the manager finds the courses, searches, browses the archives and opens a triad', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.manager);
  await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes formations' })).toBeVisible();

  // The only active course is open, with its booklet count and the manager's links.
  await expect(courseItem(page, ACTIVE)).toContainText('4 livrets');
  const settings = page.getByRole('link', { name: 'Paramètres de la formation' });
  const courseId = (await settings.getAttribute('href'))?.split('/').pop();
  expect(Number(courseId)).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Tableau de bord des inscriptions' })).toHaveAttribute(
    'href',
    `/lea-manager/${courseId}/dashboard`,
  );
  const cards = page.getByTestId('triad-card');
  await expect(cards).toHaveCount(4);
  await expect(cards.filter({ hasText: DEMO_APPRENTICE_NAME })).toBeVisible();

  // Side blocks: the live indicators of the manager's courses, the shared documents' links (issue 17 §4);
  // no to-do for a manager (issue 11 §4, §5).
  const side = page.getByRole('complementary', { name: 'Raccourcis de la liste des formations' });
  await expect(side.getByTestId('indicators-fill-rate')).toHaveText(/^\d+ %$/);
  await expect(side.getByRole('link', { name: 'Voir les documents partagés' })).toHaveAttribute('href', '/lea-manager/shared-document');
  await expect(side.getByRole('link', { name: 'Ajouter un document partagé' })).toHaveAttribute('href', '/lea-manager/shared-document/add');
  await expect(side.getByText("Données d'exemple")).toHaveCount(0);
  await expect(side.getByRole('heading', { name: 'Questionnaires à faire' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('course-list-manager-1280-fr.png'), fullPage: true });

  // The local filter on the apprentice's names, accents aside; the tooltip names tutor and master.
  await page.getByRole('textbox', { name: "Filtrer par nom d'apprenti" }).fill('lea');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Léa Moreau');
  await cards.first().hover();
  await expect(page.getByRole('tooltip')).toContainText("Maître d'apprentissage : Marc Girard");
  await page.getByRole('textbox', { name: "Filtrer par nom d'apprenti" }).fill('');
  await expect(cards).toHaveCount(4);

  // Search from 2 characters: one is ignored, two filter on the server.
  const search = page.getByRole('textbox', { name: 'Rechercher une formation' });
  await search.fill('2');
  await expect(courseItem(page, ACTIVE)).toBeVisible();
  await search.fill('2023');
  await expect(page.getByText('Aucune formation ne correspond à votre recherche')).toBeVisible();
  await search.fill('sio 2025');
  await expect(courseItem(page, ACTIVE)).toBeVisible();
  await search.fill('');

  // The archives: the old course and its single booklet.
  await page.getByText('Archivées', { exact: true }).click();
  await expect(courseItem(page, ARCHIVED)).toContainText('1 livret');
  await expect(courseItem(page, ACTIVE)).toHaveCount(0);
  await page.getByText('Actives', { exact: true }).click();
  await expect(courseItem(page, ACTIVE)).toBeVisible();

  // In English.
  await switchLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'My training courses' })).toBeVisible();
  await expect(courseItem(page, ACTIVE)).toContainText('4 booklets');
  await expect(page.getByText('Booklet fill rate')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('course-list-manager-1280-en.png'), fullPage: true });
  await switchLanguage(page, 'Français');

  // Opening a triad: its dashboard, behind the overlay until its data is there.
  await page.getByRole('button', { name: `Ouvrir le livret de ${DEMO_APPRENTICE_NAME}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: ACTIVE })).toBeVisible();
  await expect(page.getByRole('link', { name: DEMO_APPRENTICE_NAME })).toBeVisible();
  await expect(loader(page)).toHaveCount(0);

  // The triad selector switches to another triad of the course.
  await page.getByRole('combobox', { name: 'Livret', exact: true }).click();
  await page.getByRole('option', { name: 'Emma Petit' }).click();
  await expect(page.getByRole('link', { name: 'Emma Petit' })).toBeVisible();
  await expect(loader(page)).toHaveCount(0);

  // The header's course search is offered only with more than one active course (issue 11 §9): the
  // demo manager has one (the layout's component test covers several).
  await expect(page.getByRole('search').getByRole('searchbox', { name: 'Rechercher une formation' })).toHaveCount(0);
});

test("the apprentice's list is skipped: one course, one triad", async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.apprentice);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.goto('/dashboard/training-course-list');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('link', { name: DEMO_APPRENTICE_NAME })).toBeVisible();
  // No course-list tab for an apprentice.
  await expect(page.getByRole('navigation', { name: 'Onglets' }).getByRole('link', { name: /formations/i })).toHaveCount(0);
});

test('the tutor opens a questionnaire to do from the list, in the right triad', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.tutor);
  await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
  const todo = page.getByRole('complementary', { name: 'Raccourcis de la liste des formations' });
  await expect(todo.getByRole('heading', { name: 'Questionnaires à faire' })).toBeVisible();
  await expect(todo.getByRole('heading', { name: 'Documents partagés' })).toHaveCount(0);
  // Both of the tutor's triads have the company visit to complete: each line names its apprentice.
  await expect(todo.getByText(/· Lucas Martin$/).first()).toBeVisible();
  await expect(todo.getByText(/· Emma Petit$/).first()).toBeVisible();
  const line = todo.getByRole('listitem').filter({ hasText: 'Emma Petit' }).filter({ hasText: 'Visite en entreprise' });
  await line.getByRole('button').click();
  await expect(page).toHaveURL(/\/dashboard\/questionnaire\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visite en entreprise' })).toBeVisible();
  // The questionnaire's triad became the working triad.
  await page.goto('/dashboard/home');
  await expect(page.getByRole('link', { name: 'Emma Petit' })).toBeVisible();
});

test('a master without archived course is told so', async ({ page }) => {
  await login(page, 'maitre2');
  await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
  await page.getByText('Archivées', { exact: true }).click();
  await expect(page.getByText('Aucune formation archivée')).toBeVisible();
  await switchLanguage(page, 'English');
  await expect(page.getByText('No archived training course')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the side blocks come below the courses, without horizontal scroll', async ({ page }) => {
    await loginOnPhone(page, DEMO_ACCOUNTS.manager);
    await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
    await expect(page.getByTestId('triad-card')).toHaveCount(4);
    const accordion = await courseItem(page, ACTIVE).boundingBox();
    const side = await page.getByRole('complementary', { name: 'Raccourcis de la liste des formations' }).boundingBox();
    expect(side && accordion && side.y > accordion.y).toBe(true);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: test.info().outputPath('course-list-manager-390-fr.png'), fullPage: true });
    await switchLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: 'My training courses' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: test.info().outputPath('course-list-manager-390-en.png'), fullPage: true });
  });
});
