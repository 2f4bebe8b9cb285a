import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './fixtures/auth';
import { switchLanguage } from './fixtures/language';

/** The signed-in shell (spec 1 §2.6, §4.1, §4.3, §8.1, §8.2), on a desktop screen. */

const colorScheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('lea_theme'));

test('the theme switch cycles light → dark → system, and system follows the device', async ({ page }) => {
  // A dark device, so that "system" is told apart from the light default.
  await page.emulateMedia({ colorScheme: 'dark' });
  await login(page, DEMO_ACCOUNTS.apprentice);

  await expect.poll(() => colorScheme(page)).toBe('light');
  await page.getByRole('button', { name: 'Thème : clair' }).click();
  await expect.poll(() => colorScheme(page)).toBe('dark');
  expect(await storedTheme(page)).toBe('dark');

  await page.getByRole('button', { name: 'Thème : sombre' }).click();
  await expect(page.getByRole('button', { name: 'Thème : système' })).toBeVisible();
  expect(await storedTheme(page)).toBe('system');
  await expect.poll(() => colorScheme(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => colorScheme(page)).toBe('light');

  // The choice survives a reload, then the cycle starts over from the profile menu.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Thème : système' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu de Lucas Martin' }).click();
  await page.getByRole('menuitem', { name: 'Thème : système' }).click();
  await expect(page.getByRole('menuitem', { name: 'Thème : clair' })).toBeVisible();
  await expect.poll(() => storedTheme(page)).toBe('light');
  await expect.poll(() => colorScheme(page)).toBe('light');
});

test('the language switch turns the header and the tabs into English and back', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.apprentice);
  const tabs = page.getByRole('navigation', { name: 'Onglets' });
  await expect(tabs.getByRole('link', { name: 'Accueil' })).toBeVisible();

  await switchLanguage(page, 'English');

  const tabsEn = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabsEn.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(tabsEn.getByRole('link', { name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Theme: light' })).toBeVisible();
  await expect(page.getByText('Membres du trinôme')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await switchLanguage(page, 'Français');
  await expect(tabs.getByRole('link', { name: 'Accueil' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await expect(page.getByText('Membres du trinôme')).toBeVisible();
});

test('the footer of wide screens offers the legal notice', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.apprentice);
  // The tab bar is fixed at the bottom: a click on the footer before it is drawn can land on it once it is.
  await expect(page.getByRole('navigation', { name: 'Onglets' }).getByRole('link', { name: 'Accueil' })).toBeVisible();
  const footer = page.locator('footer').filter({ hasText: 'Mentions légales' });
  await footer.getByRole('button', { name: 'Mentions légales' }).click();
  await expect(page.getByRole('dialog', { name: 'Mentions légales' })).toContainText('Éditeur : CFA Campus Demo');
});

test('an apprentice sent to /admin gets "Accès non autorisé" and stays out', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.apprentice);
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  await page.goto('/admin');
  await expect(page.getByText('Accès non autorisé')).toBeVisible();
  await expect(page.getByText("Attention, vous n'avez pas les autorisations nécessaires pour accéder à cette page")).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin/);
  await expect(page.getByRole('heading', { name: 'Administration de la plateforme' })).toHaveCount(0);
});

test('an unknown path ends on the error page with the not-found message', async ({ page }) => {
  await page.goto('/cette-page-n-existe-pas');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByText("La page que vous avez demandée n'a pas été trouvée !")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Erreur 404' })).toBeVisible();
  await page.getByRole('button', { name: 'Retour à la connexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

const managerMenu = (page: Page) => page.getByRole('navigation', { name: "Menu de l'espace responsable" });

test('the manager area of a course is refused to its apprentice and opened to its manager', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.apprentice);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  // The course the apprentice's triad belongs to, as the app remembered it at sign-in.
  const courseId = await page.evaluate(() => localStorage.getItem('lea_previous_training_course'));
  expect(courseId).toMatch(/^\d+$/);

  await page.goto(`/lea-manager/${courseId}`);
  const refusal = page.getByRole('alert').filter({ hasText: 'Accès non autorisé' });
  await expect(refusal).toBeVisible();
  await expect(page).not.toHaveURL(/\/lea-manager\//);
  await expect(managerMenu(page)).toHaveCount(0);
  // The notice sits over the header's buttons: closed as a user would rather than waited out.
  await refusal.getByRole('button').click();
  await expect(refusal).toHaveCount(0);

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, DEMO_ACCOUNTS.manager);
  await page.goto(`/lea-manager/${courseId}`);
  await expect(page).toHaveURL(new RegExp(`/lea-manager/${courseId}$`));
  await expect(managerMenu(page)).toBeVisible();
  await expect(managerMenu(page).getByRole('link', { name: 'Trinômes' })).toBeVisible();
  await expect(page.getByText('Accès non autorisé')).toHaveCount(0);
});
