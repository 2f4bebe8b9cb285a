import { type Page, type Request } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, login, loginForm } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * Sign-in journeys (spec 1 §2.3, §4.1, §5.4, §8.1). Failed logins are counted per username and per
 * address by the server: the whole run stays far below the per-address limit, and the throttling
 * journey uses an account of its own (Emma Petit of a seeded course, e2e/fixtures/seed.ts).
 */

const TRAINING_COURSE_LIST = /\/dashboard\/training-course-list$/;
const DASHBOARD_HOME = /\/dashboard\/home$/;

/** Every request the page sends to the API from now on. */
function recordApiRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request);
  });
  return requests;
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('an empty submit marks both fields as required and sends nothing', async ({ page }) => {
  await page.goto('/login');
  await expect(loginForm.username(page)).toBeVisible();
  // The page's own first calls (its single sign-on buttons, its documents) start after the form shows, in effects that
  // React runs after the paint: they are over before the requests of the submit are recorded.
  await page.waitForLoadState('networkidle');
  const requests = recordApiRequests(page);

  await loginForm.submit(page).click();

  await expect(page.getByText('Ce champ est obligatoire')).toHaveCount(2);
  await expect(loginForm.username(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(loginForm.password(page)).toHaveAttribute('aria-invalid', 'true');
  // The field errors are synchronous; a request would have been sent by now.
  await page.waitForTimeout(300);
  expect(requests.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);

  // Typing clears the error of that field only (the check runs on input).
  await loginForm.username(page).fill('apprenti');
  await expect(page.getByText('Ce champ est obligatoire')).toHaveCount(1);
  await expect(loginForm.username(page)).not.toHaveAttribute('aria-invalid', 'true');
});

test('bad credentials show "Identifiants erronés" and stay on the login page', async ({ page }) => {
  await page.goto('/login');
  await loginForm.username(page).fill('inconnu');
  await loginForm.password(page).fill('Pas-le-bon-1!');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/login_check'));
  await loginForm.submit(page).click();

  expect((await answer).status()).toBe(401);
  await expect(page.getByRole('alert').filter({ hasText: 'Identifiants erronés' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('each demo account lands where spec 1 §4.1 says', () => {
  test('admin → the admin home', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Administration de la plateforme' })).toBeVisible();
    await logout(page);
  });

  test('manager → the training-course list', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.manager);
    await expect(page).toHaveURL(TRAINING_COURSE_LIST);
    await expect(page.getByRole('heading', { name: 'Mes formations' })).toBeVisible();
  });

  test('tuteur (two triads of one course) → the training-course list', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.tutor);
    await expect(page).toHaveURL(TRAINING_COURSE_LIST);
    await expect(page.getByRole('heading', { name: 'Mes formations' })).toBeVisible();
  });

  test('apprenti (one course, one triad) → the dashboard of that triad', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.apprentice);
    await expect(page).toHaveURL(DASHBOARD_HOME);
    await expect(page.getByText('Membres du trinôme')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lucas Martin' })).toBeVisible();
  });

  // The seed makes maitre the master of triads 1 and 3 of the active course (and of the archived
  // one): one active course but two triads, so the list is not skipped and the user picks a triad.
  test('maitre (one active course, two triads) → the training-course list, then a triad opens the dashboard', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.master);
    await expect(page).toHaveURL(TRAINING_COURSE_LIST);
    await page
      .getByRole('button', { name: /Ouvrir le livret de Lucas Martin/ })
      .or(page.getByRole('link', { name: /Ouvrir le livret de Lucas Martin/ }))
      .click();
    await expect(page).toHaveURL(DASHBOARD_HOME);
    await expect(page.getByText('Membres du trinôme')).toBeVisible();
  });
});

test('logout returns to the login page and forgets the session', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.apprentice);
  await expect(page).toHaveURL(DASHBOARD_HOME);
  await logout(page);
  await expect(loginForm.username(page)).toBeVisible();

  // The stored tokens are gone: a signed-in page sends back to the login page.
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginForm.username(page)).toBeVisible();
});

test('in English, the login page and its failure are in English', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.getByText('EN', { exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Username').fill('inconnu');
  await page.getByLabel('Password', { exact: false }).first().fill('Not-the-right-1!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await expect(page.getByText('Identifiants erronés')).toHaveCount(0);

  // Once signed in, the shell keeps the chosen language.
  await page.getByLabel('Username').fill(DEMO_ACCOUNTS.apprentice);
  await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(DASHBOARD_HOME);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('repeated wrong passwords → the throttling message, then the owner gets in once the delay has passed', async ({ page, course }) => {
  const username = course.people.apprenti2.username;
  await page.goto('/login');
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/login_check')) statuses.push(response.status());
  });

  // Three failures are free; each further one delays this username from this address, 1 s, 2 s,
  // 4 s… (decision 021), so a 429 comes within a few more quick attempts.
  for (let attempt = 1; attempt <= 8 && statuses.at(-1) !== 429; attempt += 1) {
    await loginForm.username(page).fill(username);
    await loginForm.password(page).fill(`Mauvais-mot-de-passe-${attempt}`);
    await loginForm.submit(page).click();
    await expect.poll(() => statuses.length).toBe(attempt);
    await expect(loginForm.submit(page)).toBeEnabled();
  }

  expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
  expect(statuses.at(-1)).toBe(429);
  const throttled = page
    .getByRole('alert')
    .filter({ hasText: 'Trop de tentatives de connexion, veuillez réessayer dans quelques minutes' });
  await expect(throttled).toBeVisible();

  // The delay is short and progressive, not a 15-minute lock of the account: the right password
  // gets the owner in as soon as it has passed. Each try waits for the server's answer (a loaded
  // machine may take longer than any fixed wait to sign in and leave the page).
  await expect(async () => {
    await loginForm.password(page).fill(DEMO_PASSWORD);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/login_check'));
    await loginForm.submit(page).click();
    expect((await answer).status()).toBe(200);
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(page).not.toHaveURL(/\/login$/);
});
