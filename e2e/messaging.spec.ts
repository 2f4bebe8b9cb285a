import type { Browser, Page } from '@playwright/test';
import { login } from './fixtures/auth';
import { openTriadOf } from './fixtures/questionnaire';
import { readRunEnv } from './fixtures/run-env';
import { expect, seedCourse, test, type SeededCourse } from './fixtures/seed';

/**
 * Messaging with live unread counts (spec 2 §2, issue 16's "Done when"), in two browsers on a course
 * of the journey's own: the apprentice writes to the tutor with an attachment; the tutor's envelope
 * rises without a reload, drops when the message is opened, and the tutor replies; the apprentice
 * deletes their message; the tutor reports another one, which the manager finds in the course's
 * reported messages. A message full of script tricks reaches the tutor's page inert.
 */

test.describe.configure({ mode: 'serial' });

const SUBJECT = 'Convention de stage signée';
const XSS_SUBJECT = 'Lien utile';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

let course: SeededCourse;
test.beforeAll(async () => {
  course = await seedCourse();
});

/** The header's envelope, whose name says the unread count ("Messagerie : 1 nouveau message"). */
const envelope = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Messagerie/ });

async function signIn(browser: Browser, username: string, viaCourseList: boolean): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await login(page, username, course.password);
  if (viaCourseList) await openTriadOf(page);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  return page;
}

/** A message written through the API as the apprentice: what a hostile client could send, whatever the editor allows. */
async function postAsApprentice(page: Page, body: Record<string, unknown>): Promise<void> {
  const baseUrl = readRunEnv('baseUrl');
  const login = await page.request.post(`${baseUrl}/api/login_check`, {
    data: { username: course.people.apprenti.username, password: course.password },
  });
  const { token } = (await login.json()) as { token: string };
  const response = await page.request.post(`${baseUrl}/api/fr/app/message/post`, {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}

test('two people write, read, reply, delete and report; the envelope follows live', async ({ browser }) => {
  test.setTimeout(180_000);
  const apprentice = await signIn(browser, course.people.apprenti.username, false);
  const tutor = await signIn(browser, course.people.tuteur.username, true);
  await expect(envelope(tutor)).toHaveAccessibleName(/ 0 /);

  // The apprentice writes to the tutor, with an attachment.
  await envelope(apprentice).click();
  await expect(apprentice).toHaveURL(/\/dashboard\/message$/);
  await apprentice.getByRole('link', { name: 'Écrire un message' }).click();
  await expect(apprentice).toHaveURL(/\/dashboard\/message\/new$/);
  const send = apprentice.getByRole('button', { name: 'Envoyer' });
  await expect(send).toBeDisabled();
  await apprentice.getByRole('textbox', { name: 'Objet' }).fill(SUBJECT);
  await apprentice.getByRole('textbox', { name: 'Message', exact: true }).fill('Bonjour, voici la convention signée par l’entreprise.');
  await send.click();
  // No recipient: the field says so and nothing is sent.
  await expect(apprentice.getByText('Veuillez choisir au moins un destinataire')).toBeVisible();
  await apprentice.getByRole('combobox', { name: 'Destinataires' }).click();
  await apprentice.getByRole('option', { name: 'Julien Bernard' }).first().click();
  await apprentice.keyboard.press('Escape');
  await apprentice.locator('input[type=file]').setInputFiles({ name: 'convention.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(apprentice.getByText('convention.pdf')).toBeVisible();
  await send.click();
  await expect(apprentice).toHaveURL(/\/dashboard\/message\/\d+$/);
  await expect(apprentice.getByRole('heading', { level: 2, name: SUBJECT })).toBeVisible();

  // The tutor's envelope rises without a reload.
  await expect(envelope(tutor)).toHaveAccessibleName('Messagerie : 1 nouveau message', { timeout: 15_000 });
  await envelope(tutor).click();
  const item = tutor.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(SUBJECT) });
  await expect(item.getByLabel('1 message non lu')).toBeVisible();
  await item.click();
  await expect(tutor.getByTestId('message-card').getByText('voici la convention')).toBeVisible();
  await expect(tutor.getByRole('link', { name: 'convention.pdf' })).toBeVisible();
  // Opened: the badge drops.
  await expect(envelope(tutor)).toHaveAccessibleName(/ 0 /);
  await expect(item.getByLabel(/non lu/)).toHaveCount(0);

  // The tutor replies; the apprentice's envelope rises and the reply shows in the open conversation.
  await tutor.getByRole('textbox', { name: 'Votre réponse' }).fill('Merci, bien reçue.');
  await tutor.getByRole('button', { name: 'Répondre' }).click();
  await expect(tutor.getByTestId('message-card').filter({ hasText: 'Merci, bien reçue.' })).toBeVisible();
  await expect(apprentice.getByTestId('message-card').filter({ hasText: 'Merci, bien reçue.' })).toBeVisible({ timeout: 15_000 });

  // Only the sender may delete: the apprentice deletes their own message, after a confirmation.
  const own = apprentice.getByTestId('message-card').filter({ hasText: 'voici la convention' });
  await expect(
    apprentice.getByTestId('message-card').filter({ hasText: 'Merci, bien reçue.' }).getByRole('button', { name: 'Supprimer' }),
  ).toHaveCount(0);
  await own.getByRole('button', { name: 'Supprimer' }).click();
  await apprentice.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(apprentice.getByText('Le message a été supprimé')).toBeVisible();
  await expect(apprentice).toHaveURL(/\/dashboard\/message$/);

  // A message of script tricks reaches the tutor inert.
  await postAsApprentice(apprentice, {
    title: XSS_SUBJECT,
    text:
      '<p>Voir <a href="javascript:window.__xss=1">ce lien</a></p><script>window.__xss=2</script>' +
      '<img src="x" onerror="window.__xss=3"><p onclick="window.__xss=4">Fin</p>',
    trainingCourse: course.courseIds[0],
    messageRecipients: [{ recipient: course.people.tuteur.id, profile: 2 }],
  });
  await expect(envelope(tutor)).toHaveAccessibleName('Messagerie : 1 nouveau message', { timeout: 15_000 });
  await tutor
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(XSS_SUBJECT) })
    .click();
  const hostile = tutor.getByTestId('message-card').filter({ hasText: 'Fin' });
  await expect(hostile).toBeVisible();
  await expect(hostile.locator('script, [onerror], [onclick], a[href^="javascript"]')).toHaveCount(0);
  await hostile.getByText('ce lien').click();
  expect(await tutor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // Another reader reports it; the course's manager finds it among the reported messages.
  await hostile.getByRole('button', { name: 'Signaler' }).click();
  await tutor.getByRole('dialog').getByRole('button', { name: 'Signaler' }).click();
  await expect(tutor.getByText('Le message a été signalé aux responsables de la formation')).toBeVisible();
  await expect(hostile.getByText('Vous avez signalé ce message')).toBeVisible();

  await apprentice.context().close();
  const manager = await browser.newContext({ locale: 'fr-FR' }).then((context) => context.newPage());
  await login(manager, course.people.manager.username, course.password);
  await expect(manager).toHaveURL(/\/dashboard\/(training-course-list|home)$/);
  await manager.goto(`/lea-manager/${course.courseIds[0]}/messaging`, { waitUntil: 'commit' });
  await manager.getByRole('link', { name: 'Messages signalés' }).click();
  const reported = manager.getByTestId('reported-message').filter({ hasText: XSS_SUBJECT });
  await expect(reported).toBeVisible();
  await expect(reported.getByText('Signalé par : Julien Bernard')).toBeVisible();
  await expect(reported.locator('script, [onerror], a[href^="javascript"]')).toHaveCount(0);
});
