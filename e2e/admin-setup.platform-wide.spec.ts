import { type Page } from '@playwright/test';
import { login } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * Issue 13 §5, journeys that change the whole platform (brief B): its design, which every page
 * shows, and a new data-agreement version, which every user must accept. They run in the
 * `platform-wide` project, after every other journey (playwright.config.ts), one after the other.
 */
test.describe.configure({ mode: 'serial' });

/** A 4×4 red PNG. */
const RED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8CAB+GTG8HSALfKY52fTcuYAAAAAElFTkSuQmCC',
  'base64',
);

const saveSingleton = async (page: Page, alias: string) => {
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith(`/${alias}/unique-post`),
  );
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect(await (await saved).json()).toMatchObject({ hasError: false });
};

test('the administrator changes the principal colour and the logo, and the login page shows them', async ({ page, browser, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.admin.username, course.password);
  await page.getByRole('navigation').getByRole('link', { name: 'Apparence' }).click();
  await expect(page).toHaveURL(/\/admin\/design\/edit$/);
  const colour = page.getByRole('textbox', { name: 'Couleur principale' });
  const original = await colour.inputValue();
  await colour.fill('#8a1538');
  await page.getByRole('tab', { name: 'Logos' }).click();
  const cfaLogo = page.locator('input[type=file]').nth(1);
  await cfaLogo.setInputFiles({ name: 'logo-rouge.png', mimeType: 'image/png', buffer: RED_PNG });
  await expect(page.getByText('logo-rouge.png')).toBeVisible();
  await saveSingleton(page, 'design');
  await expect(page.getByText("L'apparence de la plateforme a été enregistrée")).toBeVisible();

  const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await visitor.goto('/login');
  const submit = visitor.getByRole('button', { name: /connexion|se connecter/i });
  await expect(submit).toHaveCSS('background-color', 'rgb(138, 21, 56)');
  const logo = visitor.locator('img[src*="logo-rouge"], img[alt]').first();
  await expect(logo).toBeVisible();
  const sources = await visitor.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  expect(sources.some((source) => source.includes('logo-rouge'))).toBe(true);
  await visitor.screenshot({ path: test.info().outputPath('login-after-design.png') });
  await visitor.close();

  // Put the demo's colour back; the new logo stays (no journey reads it).
  await page.getByRole('tab', { name: 'Couleurs' }).click();
  await colour.fill(original);
  await saveSingleton(page, 'design');
});

test('a new privacy notice is published and a user is asked to accept it at sign-in', async ({ page, browser, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.admin.username, course.password);
  await page.goto('/admin/data-agreement/edit');
  await page.getByRole('tab', { name: 'Données personnelles' }).click();
  const notice = page.getByRole('textbox', { name: /^Données personnelles : apprenant/ });
  await notice.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Notice apprenant, version de la rentrée : vos données restent au CFA.');
  await page.getByRole('tab', { name: 'Publication' }).click();
  await page.getByRole('checkbox', { name: 'Publier une nouvelle version' }).check();
  await saveSingleton(page, 'data-agreement');

  // The administrator who published is asked too.
  await expect(page.getByRole('dialog', { name: 'Nouvelles conditions de la plateforme' })).toBeVisible();
  await page.getByRole('button', { name: "J'ai lu et j'accepte" }).click();
  await expect(page.getByRole('dialog', { name: 'Nouvelles conditions de la plateforme' })).toBeHidden();

  const apprentice = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await apprentice.goto('/login');
  await apprentice.getByLabel(/nom d'utilisateur/i).fill(course.people.apprenti.username);
  await apprentice.getByRole('button', { name: /valider/i }).click();
  await apprentice
    .getByLabel(/mot de passe/i)
    .first()
    .fill(course.password);
  await apprentice.getByRole('button', { name: /connexion|se connecter/i }).click();
  const dialog = apprentice.getByRole('dialog', { name: 'Nouvelles conditions de la plateforme' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('vos données restent au CFA');
  await apprentice.screenshot({ path: test.info().outputPath('acceptance-390.png') });
  await dialog.getByRole('button', { name: "J'ai lu et j'accepte" }).click();
  await expect(dialog).toBeHidden();
  await apprentice.reload();
  await expect(apprentice.getByRole('dialog', { name: 'Nouvelles conditions de la plateforme' })).toBeHidden();
  await apprentice.close();
});
