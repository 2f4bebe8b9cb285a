import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, loginForm, loginOnPhone } from './fixtures/auth';

/**
 * The README's screenshots. Every run takes them (into test-results/); to refresh the README's
 * copies: `LEA_UPDATE_SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts`. Each one waits
 * for the content it is meant to show, so a broken page fails here instead of ending up in the README.
 */
const SCREENSHOTS =
  process.env.LEA_UPDATE_SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', 'docs', 'screenshots')
    : join(import.meta.dirname, '..', 'test-results', 'screenshots');

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });

  test('login-desktop.png: the French login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await expect(loginForm.username(page)).toBeVisible();
    await expect(page.getByText("pensez à signer le questionnaire d'intégration")).toBeVisible();
    const logos = page.getByRole('img', { name: /CFA Campus Demo/ });
    await expect(logos.first()).toBeVisible();
    for (const logo of await logos.all()) {
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'login-desktop.png'), animations: 'disabled' });
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });

  test("home-phone.png: the apprentice's dashboard on a phone", async ({ page }) => {
    await loginOnPhone(page, DEMO_ACCOUNTS.apprentice);
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByText('Membres du trinôme')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lucas Martin' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Onglets' })).toBeInViewport();
    await page.screenshot({ path: join(SCREENSHOTS, 'home-phone.png'), animations: 'disabled' });
  });
});
