import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, login } from './fixtures/auth';
import { latestMailTo, linksIn } from './fixtures/outbox';
import { seedCourse, type SeededPerson } from './fixtures/seed';

/**
 * The profile page (spec 1 §2.7, §4.2, §5.2, §5.4). Edits are made on the profile of Hugo Durand
 * (apprenti3) of a course seeded for this file (e2e/fixtures/seed.ts); the demo's apprenti only
 * looks at a triad member's profile.
 */
let edited: SeededPerson;

/** A real 1×1 PNG: the server checks the bytes, not only the name. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** An input by its label, the required star aside. */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}\\s*\\*?$`) });

async function openOwnProfile(page: Page, fullName: string): Promise<void> {
  await page.getByRole('button', { name: `Menu de ${fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  await expect(page.getByRole('heading', { name: fullName })).toBeVisible();
}

async function choosePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Changer la photo' }).click();
  await (await chooser).setFiles(file);
}

test.describe.serial('own profile of apprenti3', () => {
  test.beforeAll(async () => {
    edited = (await seedCourse()).people.apprenti3;
  });

  test('the form checks the required and e-mail rules, and cancel restores the values', async ({ page }) => {
    await login(page, edited.username);
    await openOwnProfile(page, `${edited.firstName} ${edited.lastName}`);
    await expect(page.getByText(edited.email)).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);

    await page.getByRole('button', { name: 'Modifier mon profil' }).click();
    const email = field(page, 'Adresse e-mail');
    await expect(email).toHaveValue(edited.email);

    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') saves.push(request.url());
    });

    await email.fill('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Ce champ est obligatoire')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await email.fill('hugo.durand@');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Merci de saisir une adresse email conforme')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toEqual([]);

    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText(edited.email)).toBeVisible();
    await page.getByRole('button', { name: 'Modifier mon profil' }).click();
    await expect(field(page, 'Adresse e-mail')).toHaveValue(edited.email);
    await expect(page.getByText('Merci de saisir une adresse email conforme')).toHaveCount(0);
  });

  test('the mail preference for new messages is on the profile and survives a reload', async ({ page }) => {
    await login(page, edited.username);
    await openOwnProfile(page, `${edited.firstName} ${edited.lastName}`);
    const preference = page.getByRole('switch', { name: 'Me prévenir par courriel des nouveaux messages' });
    const before = await preference.isChecked();
    await preference.click({ force: true });
    await expect(
      page.getByText(before ? 'Vous ne serez plus prévenu par courriel' : 'Vous serez prévenu par courriel de chaque nouveau message'),
    ).toBeVisible();
    await page.reload();
    await expect(preference).toBeChecked({ checked: !before });
  });

  test('a valid edit is saved and still there after a reload', async ({ page }) => {
    await login(page, edited.username);
    await openOwnProfile(page, `${edited.firstName} ${edited.lastName}`);
    await page.getByRole('button', { name: 'Modifier mon profil' }).click();
    await field(page, 'Prénom').fill('Hugues');
    await field(page, 'Téléphone').fill('04 72 11 22 33');
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    await expect(page.getByText('Les modifications ont bien été enregistrées')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: `Hugues ${edited.lastName}` })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: `Hugues ${edited.lastName}` })).toBeVisible();
    await expect(page.getByText('04 72 11 22 33')).toBeVisible();
    await expect(page.getByText(edited.email)).toBeVisible();
    // The header's menu follows the new name too (the returned tokens carry it).
    await expect(page.getByRole('button', { name: `Menu de Hugues ${edited.lastName}` })).toBeVisible();
  });

  test('a photo is saved at once and served inline; a forbidden file type is refused', async ({ page }) => {
    await login(page, edited.username);
    await openOwnProfile(page, `Hugues ${edited.lastName}`);
    const avatar = page.getByRole('img', { name: `Hugues ${edited.lastName}` });
    await expect(avatar).toHaveCount(0);

    await choosePhoto(page, {
      name: 'program.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]),
    });
    await expect(page.getByText('Veuillez séléctionner un fichier au bon format')).toBeVisible();
    await expect(avatar).toHaveCount(0);

    await choosePhoto(page, { name: 'portrait.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(page.getByText('Les modifications ont bien été enregistrées')).toBeVisible();
    await expect(avatar).toBeVisible();
    const src = await avatar.getAttribute('src');
    // A link signed for this reader (decision 018); the bare path does not open the file.
    expect(src).toMatch(/^\/inline-file\/path-name-[^/]+\/original-name-portrait\.png\?expires=\d+&user=\d+&signature=[\w-]+$/);
    const path = src!.slice(0, src!.indexOf('?'));
    expect((await page.request.get(path)).status()).toBe(404);
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    const served = await page.request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await served.body(), PNG_1X1)).toBe(0);

    // Still there on the next visit (under a link that may have been signed anew).
    await page.reload();
    const samePath = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?`);
    await expect(page.getByRole('img', { name: `Hugues ${edited.lastName}` })).toHaveAttribute('src', samePath);
  });

  test('a new e-mail address asks for the password and holds only once confirmed from that address', async ({ page }) => {
    const newEmail = 'hugo.durand@nouveau.example.org';
    await login(page, edited.username);
    await openOwnProfile(page, `Hugues ${edited.lastName}`);
    await page.getByRole('button', { name: 'Modifier mon profil' }).click();
    const password = page.getByLabel(/^Mot de passe actuel/);
    await expect(password).toHaveCount(0);
    await field(page, 'Adresse e-mail').fill(newEmail);
    await expect(password).toBeVisible();

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Ce champ est obligatoire')).toBeVisible();
    await password.fill('Pas-Le-Bon-Mot-2-Passe');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le mot de passe actuel est erroné')).toBeVisible();

    const askedAt = new Date(Date.now() - 1000);
    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByTestId('email-pending')).toContainText(newEmail);
    // The account keeps its address until the link is opened.
    await expect(page.getByText(edited.email, { exact: true })).toBeVisible();

    const notice = await latestMailTo(edited.email, { since: askedAt });
    expect(notice.text).toContain(newEmail);
    const link = linksIn(await latestMailTo(newEmail, { since: askedAt })).find((href) => href.includes('/login/confirm-email/'));
    expect(link).toBeDefined();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Nouvelle adresse e-mail' })).toBeVisible();
    await expect(page.getByTestId('confirm-email-done')).toContainText(newEmail);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await login(page, edited.username);
    await openOwnProfile(page, `Hugues ${edited.lastName}`);
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();

    // The link works once.
    await page.goto(link!);
    await expect(page.getByTestId('confirm-email-failed')).toContainText("Ce lien de confirmation n'est plus valable");
  });
});

test("a triad partner's profile shows name, photo and role only, and offers no pen", async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.apprentice);
  await page.getByRole('link', { name: 'Julien Bernard' }).click();
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Julien Bernard' })).toBeVisible();
  await expect(page.getByText('Tuteur pédagogique', { exact: true })).toBeVisible();
  await expect(page.getByText('julien.bernard@example.com')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Modifier mon profil' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Changer la photo' })).toHaveCount(0);

  // The same page for one's own profile does offer it: the difference is the viewer, not the page.
  await page.getByRole('button', { name: 'Menu de Lucas Martin' }).click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page.getByRole('heading', { name: 'Lucas Martin' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier mon profil' })).toBeVisible();
});
