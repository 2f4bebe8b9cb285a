import { login } from './fixtures/auth';
import { readRunEnv } from './fixtures/run-env';
import { expect, seedCourse, test, type SeededCourse } from './fixtures/seed';
import { DEMO_COURSE } from './manager-helpers';
import { startTestOidcProvider, type TestOidcProvider } from '../apps/server/src/test/oidc-provider';

/**
 * Single sign-on (issue 20 §2) against a real OpenID provider started here (the `oidc-provider`
 * package, as in the API tests): an administrator sets the provider up, a course manager of a
 * course of this journey's own signs in through the login page's button and lands in the manager
 * area. The provider is the platform's for the length of this file only (removed at the end); its
 * button is a link, so the other journeys' login buttons are not ambiguous meanwhile.
 */

test.describe.configure({ mode: 'serial' });

type Form = { tabs: { code: string; fields: { name: string; value?: unknown }[] }[] };

let idp: TestOidcProvider;
let course: SeededCourse;
let adminToken: string;
let providerId: number;
let label: string;

async function api(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${readRunEnv('baseUrl')}/api/fr${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${adminToken}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
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
  // The administrator's form, filled as the admin screen would send it.
  const form = (await (await api('/app/admin/sso-provider/form')).json()) as Form;
  const values: Record<string, unknown> = {
    label,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    profiles: ['manager'],
    matchBy: 'email',
    active: true,
  };
  const payload = form.tabs.map((tab) => ({
    code: tab.code,
    form: Object.fromEntries(tab.fields.map((field) => [field.name, values[field.name] ?? field.value ?? null])),
  }));
  const saved = (await (await api('/app/admin/sso-provider/post', { method: 'POST', body: payload })).json()) as {
    hasError: boolean;
    responses: { object: { id: number } }[];
  };
  expect(saved.hasError, JSON.stringify(saved)).toBe(false);
  providerId = saved.responses[0]!.object.id;
});

test.afterAll(async () => {
  if (providerId) expect((await api(`/app/admin/sso-provider/delete/${providerId}`, { method: 'DELETE' })).status).toBe(200);
  await idp?.close();
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

test('the administrator sees the provider among the active integrations', async ({ page }) => {
  await login(page, course.people.admin.username, course.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('list', { name: 'Intégrations actives' }).getByText(`Authentification unique : ${label}`)).toBeVisible();
});

test.describe('on a phone in English', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('the button shows under the mobile login form', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: `Sign in with ${label}` })).toBeVisible();
  });
});
