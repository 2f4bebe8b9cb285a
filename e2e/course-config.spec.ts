import { type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login, loginOnPhone } from './fixtures/auth';
import { switchLanguage } from './fixtures/language';
import { expect, test, type SeededCourse } from './fixtures/seed';

/**
 * Issue 17 §1–3 and issue 13 §4: a manager changes the course's skin and sees it on a triad's
 * dashboard, reorders the course's modules and hides one from one triad (that triad's tab bar
 * follows, another's does not); an administrator switches a platform module off and reorders the
 * catalogue; the manager leaves a profile out of the notepad's writers (issue 17 §1) and its
 * apprentice no longer sees « Ajouter une note ». The manager journeys use a course of their own; the administrator's touches only
 * « Inscriptions », which no screen offers, and puts it back.
 */

const managerMenu = (page: Page) => page.getByRole('navigation', { name: "Menu de l'espace responsable" });
const shot = (name: string) => `test-results/course-config-${name}.png`;

/** The manager of the seeded course opens its manager area from the course list. */
async function openManagerArea(page: Page, course: SeededCourse): Promise<void> {
  await login(page, course.people.manager.username, course.password);
  await page.goto(`/lea-manager/${course.courseIds[0]}`);
  await expect(managerMenu(page)).toBeVisible();
}

/** Forgets the session (tokens in either storage), as a new visitor of the same browser. */
const signOut = (page: Page) =>
  page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

/**
 * Moves a row one place up with dnd-kit's keyboard sensor, each key once the sensor is ready for
 * it: the handle is pressed once the drag has started, and the row has risen (its transform moves
 * it up) once the arrow was taken; on a busy machine an arrow pressed before the droppables are
 * measured moves nothing, and is pressed again.
 */
async function dragOneUp(page: Page, handle: Locator): Promise<void> {
  const row = handle.locator('xpath=ancestor::tr[1]');
  const risen = () => row.evaluate((element) => /translate3d\(0px, -\d/.test(element.getAttribute('style') ?? ''));
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(async () => {
    if (!(await risen())) await page.keyboard.press('ArrowUp');
    await expect.poll(risen, { timeout: 2_000 }).toBe(true);
  }).toPass();
  await page.keyboard.press('Space');
}

/** The brand colour the shell applies (Mantine's shade 6 of the primary colour). */
const brandColor = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-6').trim().toLowerCase());

test('the manager changes the skin and sees it on a triad of the course', async ({ page, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openManagerArea(page, course);
  await managerMenu(page).getByRole('link', { name: 'Habillage' }).click();
  await expect(page).toHaveURL(/\/skin\/edit$/);
  const principal = page.getByRole('textbox', { name: 'Couleur principale' });
  await principal.fill('#1e6b52');
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/skin/unique-post'));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect(await (await saved).json()).toMatchObject({ hasError: false });
  await expect(page.getByText("L'habillage a été enregistré")).toBeVisible();
  await page.screenshot({ path: shot('skin-fr-1280'), fullPage: true });

  // The apprentice's dashboard (his only triad) takes the course's colour.
  await signOut(page);
  await login(page, course.people.apprenti.username, course.password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { name: 'BTS SIO 2025-2027' })).toBeVisible();
  await expect.poll(() => brandColor(page)).toBe('#1e6b52');
  await page.screenshot({ path: shot('dashboard-skin-fr-1280') });
});

test('the manager reorders the modules and hides one from one triad only', async ({ browser, page, course }) => {
  // Three sign-ins (the manager, then two apprentices on a phone).
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openManagerArea(page, course);
  await managerMenu(page).getByRole('link', { name: 'Menu des modules' }).click();
  await expect(page).toHaveURL(/\/module$/);
  const modules = page.getByRole('table', { name: 'Menu des modules' });
  await expect(modules.getByRole('row').nth(1)).toContainText('Documents');
  await expect(modules.getByRole('row').nth(1)).toContainText('Activé');

  // Keyboard drag (dnd-kit): the second module (Compétences) goes first.
  const sorted = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && /\/training-course-module\/sort\/\d+\/0$/.test(response.url()),
  );
  await dragOneUp(page, modules.getByRole('row').nth(2).getByRole('button', { name: "Glisser pour changer l'ordre" }));
  expect((await sorted).status()).toBe(200);
  await expect(modules.getByRole('row').nth(1)).toContainText('Compétences');

  // Documents hidden from Lucas Martin's triad only.
  const visibility = page.getByRole('table', { name: 'Visibilité par trinôme' });
  const lucas = visibility.getByRole('switch', { name: 'Documents visible pour Lucas Martin' });
  await expect(lucas).toBeChecked();
  await lucas.click({ force: true });
  await expect(page.getByText('La visibilité du module a été enregistrée')).toBeVisible();
  await expect(lucas).not.toBeChecked();
  await page.screenshot({ path: shot('modules-fr-1280'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('modules-fr-390'), fullPage: true });

  // On the phone, Lucas Martin's tab bar has no Documents tab; another apprentice's still has it.
  await signOut(page);
  await loginOnPhone(page, course.people.apprenti.username, course.password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  const tabs = page.getByRole('navigation', { name: 'Onglets' });
  await expect(tabs.getByRole('link', { name: 'Bloc-notes' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Documents' })).toHaveCount(0);
  await page.screenshot({ path: shot('tabs-hidden-fr-390') });

  const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await loginOnPhone(other, course.people.apprenti2.username, course.password);
  await expect(other).toHaveURL(/\/dashboard\/home$/);
  await expect(other.getByRole('navigation', { name: 'Onglets' }).getByRole('link', { name: 'Documents' })).toBeVisible();
  await other.close();
});

test('the module screens in English', async ({ page, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.manager.username, course.password);
  await switchLanguage(page, 'English');
  await page.goto(`/lea-manager/${course.courseIds[0]}`);
  const menu = page.getByRole('navigation', { name: 'Manager area menu' });
  await menu.getByRole('link', { name: 'Module menu' }).click();
  await expect(page.getByRole('heading', { name: 'Visibility per triad' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Module menu' }).getByText('Enabled').first()).toBeVisible();
  await page.screenshot({ path: shot('modules-en-1280'), fullPage: true });
  await menu.getByRole('link', { name: 'Skin' }).click();
  await expect(page.getByRole('textbox', { name: 'Principal colour' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('skin-en-390'), fullPage: true });
});

test('the administrator switches a platform module off and reorders the catalogue', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, DEMO_ACCOUNTS.admin);
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Modules', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/modules$/);
  const table = page.getByRole('table', { name: 'Modules' });
  await table.getByRole('link', { name: 'Modifier « Inscriptions »' }).click();
  await page.getByRole('checkbox', { name: 'Activé' }).uncheck();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le module a été enregistré')).toBeVisible();
  const row = page.getByRole('table', { name: 'Modules' }).getByRole('row').filter({ hasText: 'Inscriptions' });
  await expect(row).toContainText('Désactivé');
  await page.screenshot({ path: shot('admin-modules-fr-1280'), fullPage: true });

  // Reorder by keyboard: Inscriptions up one place, then the module it passed up again (back as it was).
  const rows = page.getByRole('table', { name: 'Modules' }).getByRole('row');
  const before = await rows.allInnerTexts();
  const index = before.findIndex((text) => text.includes('Inscriptions'));
  const passed = (
    await rows
      .nth(index - 1)
      .getByRole('cell')
      .nth(2)
      .innerText()
  ).trim();
  const moveUp = async (name: string) => {
    const sorted = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/module\/sort\/\d+\/\d+$/.test(response.url()),
    );
    await dragOneUp(page, rows.filter({ hasText: name }).getByRole('button', { name: "Glisser pour changer l'ordre" }));
    expect((await sorted).status()).toBe(200);
  };
  await moveUp('Inscriptions');
  await expect(rows.nth(index - 1)).toContainText('Inscriptions');
  await moveUp(passed);
  await expect(rows.nth(index)).toContainText('Inscriptions');

  await page.getByRole('table', { name: 'Modules' }).getByRole('link', { name: 'Modifier « Inscriptions »' }).click();
  await page.getByRole('checkbox', { name: 'Activé' }).check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('table', { name: 'Modules' }).getByRole('row').filter({ hasText: 'Inscriptions' })).toContainText('Activé');
});

test('the manager leaves the apprentice out of the notepad writers: the apprentice reads it without « Ajouter une note »', async ({
  page,
  course,
}) => {
  // Two sign-ins (the manager, then the apprentice).
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openManagerArea(page, course);
  await managerMenu(page).getByRole('link', { name: 'Configuration', exact: true }).click();
  await expect(page).toHaveURL(/\/config\/edit$/);
  await page.getByRole('tab', { name: 'Bloc-notes' }).click();
  const apprentice = page.getByRole('checkbox', { name: 'Apprenti', exact: true });
  await expect(apprentice).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Responsable de formation', exact: true })).toBeChecked();
  await apprentice.uncheck();
  await page.getByRole('textbox', { name: 'Titre du bloc-notes' }).fill('Carnet de bord de la promotion');
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/course-config/unique-post'),
  );
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect(await (await saved).json()).toMatchObject({ hasError: false });
  await expect(page.getByText('La configuration a été enregistrée')).toBeVisible();
  await page.getByRole('tab', { name: 'Bloc-notes' }).click();
  await expect(page.getByRole('checkbox', { name: 'Apprenti', exact: true })).not.toBeChecked();
  await page.screenshot({ path: shot('notepad-tab-fr-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('checkbox', { name: 'Apprenti', exact: true })).toBeVisible();
  await page.screenshot({ path: shot('notepad-tab-fr-390'), fullPage: true });

  // The apprentice reads the notepad under the course's title, without the add button.
  await signOut(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.apprenti.username, course.password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.getByRole('navigation', { name: 'Onglets' }).getByRole('link', { name: 'Bloc-notes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/notepad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carnet de bord de la promotion' })).toBeVisible();
  await expect(page.getByText('Votre profil lit ce bloc-notes sans pouvoir y ajouter de note.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter une note' })).toHaveCount(0);
  await page.screenshot({ path: shot('notepad-read-only-fr-1280') });
});

test('the notepad tab of the configuration in English', async ({ page, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.manager.username, course.password);
  await switchLanguage(page, 'English');
  await page.goto(`/lea-manager/${course.courseIds[0]}/config/edit`);
  await page.getByRole('tab', { name: 'Notepad' }).click();
  await expect(page.getByRole('checkbox', { name: 'Apprentice', exact: true })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Title of the notepad' })).toBeVisible();
  await page.screenshot({ path: shot('notepad-tab-en-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('checkbox', { name: 'Apprentice', exact: true })).toBeVisible();
  await page.screenshot({ path: shot('notepad-tab-en-390'), fullPage: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

test('the manager gives a document to two courses and finds it locked', async ({ page, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openManagerArea(page, course);
  await managerMenu(page).getByRole('link', { name: 'Documents de la formation' }).click();
  await expect(page).toHaveURL(/\/document$/);
  await page
    .getByRole('link', { name: 'Ajouter un document' })
    .or(page.getByRole('button', { name: 'Ajouter un document' }))
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Titre' }).fill('Calendrier des examens');
  await page.locator('input[type=file]').setInputFiles({ name: 'reglement.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('reglement.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  const courses = page.getByRole('checkbox');
  for (const box of await courses.all()) if (!(await box.isChecked())) await box.check();
  const saved = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/document/post'));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect(await (await saved).json()).toMatchObject({ hasError: false });
  await expect(page).toHaveURL(/\/document$/);
  const row = page.getByRole('row').filter({ hasText: 'Calendrier des examens' });
  await expect(row).toContainText('2');
  await expect(row.getByRole('button', { name: 'Supprimer « Calendrier des examens »' })).toBeDisabled();

  // Tabs general and pedagogic (spec 3 §2.1), general first: the add of the pedagogic tab presets the category.
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: 'Général' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Pédagogique' }).click();
  await expect(page).toHaveURL(/\/document\?tab=true$/);
  await expect(page.getByRole('row').filter({ hasText: 'Calendrier des examens' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ajouter un document' }).click();
  await expect(page.getByRole('combobox', { name: 'Onglet' })).toHaveValue('Pédagogique');
  await page.getByRole('textbox', { name: 'Titre' }).fill('Référentiel à onglet pédagogique');
  await page.locator('input[type=file]').setInputFiles({ name: 'referentiel.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('referentiel.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  const added = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/document/post'));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect(await (await added).json()).toMatchObject({ hasError: false });
  await expect(page).toHaveURL(/\/document\?tab=true$/);
  await expect(page.getByRole('tab', { name: 'Pédagogique' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: 'Référentiel à onglet pédagogique' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Calendrier des examens' })).toHaveCount(0);
  await page.screenshot({ path: shot('documents-pedagogic-fr-1280'), fullPage: true });
  await page.getByRole('tab', { name: 'Général' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Calendrier des examens' })).toHaveCount(1);
  await page.screenshot({ path: shot('documents-fr-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('tab', { name: 'Pédagogique' })).toBeVisible();
  await page.screenshot({ path: shot('documents-fr-390'), fullPage: true });
});
