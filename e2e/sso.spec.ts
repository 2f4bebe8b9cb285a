import { login } from './fixtures/auth';
import { readRunEnv } from './fixtures/run-env';
import { expect, seedCourse, test, type SeededCourse } from './fixtures/seed';
import { DEMO_COURSE } from './manager-helpers';
import { startTestOidcProvider, type TestOidcProvider } from '../apps/server/src/test/oidc-provider';

/**
 * Single sign-on (issue 20 §2) against a real OpenID provider started here (the `oidc-provider`
 * package, as in the API tests): an administrator sets the provider up in the admin area, a
 * course manager of a course of this journey's own signs in through the login page's button and
 * lands in the manager area. The provider is the platform's for the length of this file only (removed at the end); its
 * button is a link, so the other journeys' login buttons are not ambiguous meanwhile.
 */

test.describe.configure({ mode: 'serial' });

let idp: TestOidcProvider;
let course: SeededCourse;
let adminToken: string;
let providerId: number;
let label: string;

/** A call of the API as the journey's administrator (finding and removing the provider). */
async function api(path: string, method = 'GET'): Promise<Response> {
  return fetch(`${readRunEnv('baseUrl')}/api/fr${path}`, { method, headers: { authorization: `Bearer ${adminToken}` } });
}

test.beforeAll(async () => {
  course = await seedCourse();
  label = `Annuaire ${course.tag}`;
  idp = await startTestOidcProvider({ redirectUris: [`${readRunEnv('baseUrl')}/api/sso/callback`] });
  const signIn = await fetch(`${readRunEnv('baseUrl')}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: course.people.admin.username, password: course.password }),
  });
  adminToken = ((await signIn.json()) as { token: string }).token;
});

test.afterAll(async () => {
  if (providerId) expect((await api(`/app/admin/sso-provider/delete/${providerId}`, 'DELETE')).status).toBe(200);
  await idp?.close();
});

test('the administrator adds the provider in the admin area; the home shows it among the active integrations', async ({ page }) => {
  await login(page, course.people.admin.username, course.password);
  await page.goto('/admin/sso-provider/add');
  await page.getByRole('textbox', { name: 'Nom affiché (« Se connecter avec … »)' }).fill(label);
  await page.getByRole('textbox', { name: 'Émetteur (issuer)' }).fill(idp.issuer);
  await page.getByRole('textbox', { name: 'Identifiant client' }).fill(idp.clientId);
  await page.getByRole('textbox', { name: 'Secret client' }).fill(idp.clientSecret);
  // Course managers, matched by the e-mail the provider verified, active: the form's defaults.
  await expect(page.getByRole('checkbox', { name: 'Responsables de formation' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Adresse e-mail vérifiée par le fournisseur' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Actif' })).toBeChecked();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le fournisseur d’identité a été enregistré')).toBeVisible();

  const list = (await (await api(`/app/admin/sso-provider/list?search=${encodeURIComponent(course.tag)}`)).json()) as {
    data: { id: number; label: string }[];
  };
  providerId = list.data.find((row) => row.label === label)!.id;
  // The secret is never shown again.
  await page.goto(`/admin/sso-provider/edit/${providerId}`);
  await expect(page.getByRole('textbox', { name: 'Nom affiché (« Se connecter avec … »)' })).toHaveValue(label);
  await expect(page.getByRole('textbox', { name: 'Secret client' })).toHaveValue('');

  await page.goto('/admin');
  await expect(page.getByRole('list', { name: 'Intégrations actives' }).getByText(`Authentification unique : ${label}`)).toBeVisible();
});

test('a course manager signs in with the provider button and lands in the manager area (fr, 1280 px)', async ({ page }) => {
  const manager = course.people.manager;
  idp.signInAs({ sub: `e2e-${course.tag}`, email: manager.email, email_verified: true });
  await page.goto('/login');
  await page.getByRole('link', { name: `Se connecter avec ${label}` }).click();

  // Through the provider and back: the tokens come by a ticket, never in the address.
  await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
  await page
    .locator('.mantine-Accordion-item')
    .filter({ hasText: DEMO_COURSE })
    .getByRole('link', { name: 'Paramètres de la formation' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/lea-manager/${course.courseIds[0]}$`));
  await expect(page.getByRole('navigation', { name: "Menu de l'espace responsable" })).toBeVisible();
});

test('someone the provider may not serve comes back to the login page with a neutral message', async ({ page }) => {
  // An apprentice: not one of the provider's profiles.
  idp.signInAs({ sub: `e2e-apprentice-${course.tag}`, email: course.people.apprenti.email, email_verified: true });
  await page.goto('/login');
  await page.getByRole('link', { name: `Se connecter avec ${label}` }).click();
  await expect(page).toHaveURL(/\/login\?sso=failed$/);
  await expect(page.getByRole('alert').filter({ hasText: 'La connexion par authentification unique n’a pas abouti' })).toBeVisible();
});

test.describe('on a phone in English', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('the button shows under the mobile login form', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: `Sign in with ${label}` })).toBeVisible();
  });
});
