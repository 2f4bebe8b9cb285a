import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loginForm } from './fixtures/auth';

/** The phone layout under 768 px (spec 1 §2.4, §2.6, §9). */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the two-step mobile sign-in lands on the dashboard', async ({ page }) => {
  await page.goto('/login');
  // Step 1: the username alone.
  await expect(loginForm.password(page)).toHaveCount(0);
  await loginForm.username(page).fill(DEMO_ACCOUNTS.apprentice);
  const websites = page.waitForResponse((response) => response.url().includes('/ufauser/websites'));
  await page.getByRole('button', { name: 'Valider' }).click();
  expect((await websites).status()).toBe(200);

  // Step 2: the platform is known (a single one: no choice to make), the password appears.
  await expect(page.getByText(DEMO_ACCOUNTS.apprentice, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: "Changer d'utilisateur" })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Plateforme' })).toHaveCount(0);
  await loginForm.password(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();

  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByText('Membres du trinôme')).toBeVisible();
  // A mobile session always stays connected (spec 1 §2.4).
  expect(await page.evaluate(() => localStorage.getItem('lea_stay_connected'))).toBe('1');
});

test('the phone shell: tab bar, menu with the version and logout, no footer', async ({ page }) => {
  await page.goto('/login');
  await loginForm.username(page).fill(DEMO_ACCOUNTS.apprentice);
  await page.getByRole('button', { name: 'Valider' }).click();
  await loginForm.password(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  const tabs = page.getByRole('navigation', { name: 'Onglets' });
  await expect(tabs).toBeInViewport();
  await expect(tabs.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');
  const tabBox = await tabs.boundingBox();
  expect(tabBox!.y + tabBox!.height).toBeGreaterThan(844 - 2);

  // The wide-screen footer and its links are not there; the header keeps no logout button.
  await expect(page.getByRole('button', { name: 'Mentions légales' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);

  await tabs.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByText('Version 3.0.0')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Accueil' })).toBeVisible();
  // The apprentice has a single course: no course list entry.
  await expect(menu.getByRole('link', { name: 'Formations' })).toHaveCount(0);
  await menu.getByRole('button', { name: 'Déconnexion' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(loginForm.username(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lea_token'))).toBeNull();
});
