import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './fixtures/auth';

/**
 * What the shell offers on day one (issue 11 §4, §5, §7, §9): only modules that work, live figures,
 * no router warning on load, whole tab labels and the course search only where it helps.
 */

test('the apprentice is offered the modules of the course menu, and a module path without screens is not a page', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await login(page, DEMO_ACCOUNTS.apprentice);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  const tabs = page.getByRole('navigation', { name: 'Onglets' });
  await expect(tabs.getByRole('link', { name: 'Documents' })).toBeVisible();
  // Every module of the demo course's menu has its screens now, in the menu's order (messages are the header's envelope).
  await expect(tabs.getByRole('link')).toHaveText([
    'Accueil',
    'Documents',
    'Compétences',
    'Absences',
    'Cours',
    'Bloc-notes',
    'Liens',
    'Carnets de notes',
    'Attestations',
  ]);
  // Messaging is reached by the header's envelope, with the unread count (Lucas Martin has read the demo's messages).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Messagerie : 0 nouveau message' })).toBeVisible();
  // A one-course apprentice has nothing to search for.
  await expect(page.getByRole('searchbox', { name: 'Rechercher une formation' })).toHaveCount(0);

  // No tab label is cut at 1280 px.
  const cut = await tabs.locator('a span').evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).length);
  expect(cut).toBe(0);

  await page.reload();
  await expect(tabs.getByRole('link', { name: 'Documents' })).toBeVisible();
  expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);

  // A link to a module screen that does not exist is the not-found page, not a "coming soon" frame.
  await page.goto('/dashboard/no-such-module');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByRole('heading', { name: 'Erreur 404' })).toBeVisible();
});

test('the manager sees live indicators on the course list, not sample figures', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.manager);
  await page.goto('/dashboard/training-course-list');
  const indicators = page.getByTestId('course-indicators');
  await expect(indicators.getByTestId('indicators-fill-rate')).toHaveText(/^\d+ %$/);
  await expect(indicators).toContainText(/\d+ signatures sur \d+ attendues/);
  await expect(page.getByText("Données d'exemple")).toHaveCount(0);
  await expect(page.getByText('1 248')).toHaveCount(0);
});
