import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './fixtures/auth';
import { callApi, DEMO_APPRENTICE_NAME, openTriadOf } from './fixtures/questionnaire';

/**
 * "Se connecter en tant que" (spec 1 §4.1, spec 2 §2, docs/api/impersonation.md): the course manager
 * acts as the apprentice from the triad members card, sees the impersonating banner, and comes back
 * to their own account with "Retour à mon compte".
 */

async function signedInUser(page: Page): Promise<{ username: string; impersonator: { fullName: string } | null }> {
  const response = await callApi(page, '/app/user/me');
  expect(response.status()).toBe(200);
  return (await response.json()) as { username: string; impersonator: { fullName: string } | null };
}

test('the manager acts as the apprentice and comes back to their account', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.manager);
  await openTriadOf(page, DEMO_APPRENTICE_NAME);
  const banner = page.getByRole('status').filter({ hasText: 'Retour à mon compte' });
  await expect(banner).toHaveCount(0);
  // The company manager is not someone a course manager may act as.
  await expect(page.getByRole('button', { name: 'Se connecter en tant que Philippe Garnier' })).toHaveCount(0);

  await page.getByRole('button', { name: `Se connecter en tant que ${DEMO_APPRENTICE_NAME}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`Vous êtes connecté en tant que ${DEMO_APPRENTICE_NAME} par Sophie Laurent.`);
  expect(await signedInUser(page)).toMatchObject({ username: DEMO_ACCOUNTS.apprentice, impersonator: { fullName: 'Sophie Laurent' } });
  await expect(page.getByRole('heading', { name: 'Membres du trinôme' })).toBeVisible();
  // No switch from a switched session.
  await expect(page.getByRole('button', { name: /^Se connecter en tant que/ })).toHaveCount(0);

  // The apprentice's session, as the impersonation left it: it must be revoked on the way back.
  const targetRefreshToken = await page.evaluate(
    () => sessionStorage.getItem('lea_refresh_token') ?? localStorage.getItem('lea_refresh_token'),
  );
  expect(targetRefreshToken).toBeTruthy();
  await banner.getByRole('button', { name: 'Retour à mon compte' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  expect(await signedInUser(page)).toMatchObject({ username: DEMO_ACCOUNTS.manager, impersonator: null });
  await expect
    .poll(async () => (await page.request.post('/api/token/refresh', { data: { refresh_token: targetRefreshToken } })).status())
    .toBe(401);
  await expect(page.getByRole('button', { name: `Se connecter en tant que ${DEMO_APPRENTICE_NAME}` })).toBeVisible();
});
