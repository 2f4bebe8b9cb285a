import { type APIRequestContext, type Page } from '@playwright/test';
import { login } from './fixtures/auth';
import { keptRows } from './fixtures/offline-store';
import { DEMO_QUESTIONNAIRES, callApi, openQuestionnaire, questionnaireIds, storedToken } from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * Completion offline (issue 19 §1, decision 037), on "Entretien d'intégration" of the main triad of a
 * course of the journey's own (the apprentice has no reply there in the seed): answers typed without a
 * network are kept on the device, survive a reload, and are sent when the connection returns; a save
 * made elsewhere meanwhile is shown field by field beside the user's answers, never overwritten.
 */

// The offline shell is this file's subject: its service worker, blocked elsewhere (playwright.config.ts), is allowed.
test.use({ serviceWorkers: 'allow' });

const TITLE = DEMO_QUESTIONNAIRES.interview;
const JOB_LABEL = /^Intitulé de votre poste/;
const block = (page: Page, title: string) => page.locator('[data-progress-block]').filter({ hasText: title });
const notice = (page: Page) => page.getByTestId('offline-reply-notice');
const sentNotice = 'Vos réponses saisies hors connexion ont été envoyées';

type ViewItem = { id: number; title: string; questions: ViewItem[]; userAnswer: { value: unknown } | null };
type View = { userReply: { version: number } | null; questions: ViewItem[] };

function findItem(items: ViewItem[], title: string): ViewItem {
  const flat = (list: ViewItem[]): ViewItem[] => list.flatMap((item) => [item, ...flat(item.questions)]);
  const found = flat(items).find((item) => item.title === title);
  if (!found) throw new Error(`no question titled ${title}`);
  return found;
}

async function serverView(page: Page): Promise<View> {
  const { triadId, questionnaireId } = questionnaireIds(page);
  const response = await callApi(page, `/app/questionnaire/${triadId}/${questionnaireId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as View;
}

/** How many answers the browser database holds for later sending. */
async function keptReplies(page: Page): Promise<number> {
  return (await keptRows(page, ['questionnaire'])).filter((row) => row.key.startsWith('pending ')).length;
}

/** Signs in as the course's apprentice with the offline shell in place, and opens the questionnaire. */
async function openOnline(page: Page, username: string): Promise<void> {
  await login(page, username);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/dashboard/questionnaires');
  await openQuestionnaire(page, TITLE);
}

test('the app installs: a web manifest named and coloured by the platform, with its icons', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
  const manifest = (await response.json()) as { name: string; theme_color: string; icons: { src: string }[] };
  expect(manifest.name).toBe('CFA Campus Demo');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.headers()['content-type']).toBe('image/png');
  }
});

test('answers typed offline stay on the device across a reload and reach the server when back online elsewhere', async ({
  page,
  context,
  course,
}) => {
  // A sign-in, a reload without a network served by the service worker and the browser database, and a sync.
  test.setTimeout(120_000);
  await openOnline(page, course.people.apprenti.username);
  const job = `Technicien hors ligne ${course.tag}`;

  await context.setOffline(true);
  await expect(notice(page)).toContainText('vos réponses sont enregistrées sur cet appareil');
  await page.getByRole('textbox', { name: JOB_LABEL }).fill(job);
  await expect(notice(page)).toContainText('Vos réponses sont enregistrées sur cet appareil (à ');
  await expect(notice(page)).toContainText('une déconnexion les efface de cet appareil');
  await expect.poll(() => keptReplies(page)).toBe(1);
  // Signing still needs the network, and says so.
  const sign = page.getByTestId('offline-action').filter({ has: page.getByRole('button', { name: 'Signer' }) });
  await expect(sign.getByRole('button', { name: 'Signer' })).toBeDisabled();

  await page.reload();
  // The whole app from the service worker's cache on a loaded machine: more than the default wait.
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: JOB_LABEL })).toHaveValue(job);
  await expect(notice(page)).toContainText('Vos réponses sont enregistrées sur cet appareil (à ');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('offline-notice-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back online elsewhere in the portal: the shell sends them (on the questionnaire, the page itself does).
  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Membres du trinôme' })).toBeVisible({ timeout: 30_000 });
  await context.setOffline(false);
  await expect(page.getByText(sentNotice)).toBeVisible();
  await expect.poll(() => keptReplies(page)).toBe(0);
  await page.goto('/dashboard/questionnaires');
  await openQuestionnaire(page, TITLE);
  const view = await serverView(page);
  expect(findItem(view.questions, 'Intitulé de votre poste').userAnswer?.value).toBe(job);
  expect(view.userReply?.version).toBe(1);
  await expect(page.getByRole('textbox', { name: JOB_LABEL })).toHaveValue(job);
  await expect(notice(page)).toHaveCount(0);
});

/** A draft saved outside the page (another device of the same user), as the API's own client would. */
async function saveElsewhere(request: APIRequestContext, token: string, page: Page, body: object): Promise<void> {
  const { triadId, questionnaireId } = questionnaireIds(page);
  const response = await request.put(`/api/fr/app/questionnaire/save/${triadId}/${questionnaireId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status()).toBe(200);
}

test('a save made elsewhere meanwhile is shown beside the answers typed offline; the chosen ones are saved', async ({
  page,
  context,
  course,
  request,
}) => {
  test.setTimeout(120_000);
  await openOnline(page, course.people.apprenti.username);
  const before = await serverView(page);
  const jobId = findItem(before.questions, 'Intitulé de votre poste').id;
  const projectId = findItem(before.questions, 'Projet principal').id;
  const mine = { job: `Poste saisi hors ligne ${course.tag}`, project: 'Projet saisi hors ligne' };
  const theirs = { job: `Poste enregistré ailleurs ${course.tag}`, project: 'Projet enregistré ailleurs' };

  await context.setOffline(true);
  await page.getByRole('textbox', { name: JOB_LABEL }).fill(mine.job);
  await block(page, 'Projets menés en entreprise').getByRole('textbox', { name: 'Projet principal' }).fill(mine.project);
  await expect.poll(() => keptReplies(page)).toBe(1);

  // Meanwhile the same reply is saved from another device, on the version the page was based on.
  await saveElsewhere(request, await storedToken(page), page, {
    draft: 1,
    profile: 1,
    version: before.userReply?.version ?? 0,
    answers: [
      { questionId: jobId, value: theirs.job },
      { questionId: projectId, value: theirs.project },
    ],
  });

  await context.setOffline(false);
  const conflict = page.getByTestId('reply-conflict');
  await expect(conflict.getByRole('heading', { name: 'Vos réponses et celles du serveur diffèrent' })).toBeVisible();
  const jobChoice = conflict.getByRole('radiogroup', { name: JOB_LABEL });
  const projectChoice = conflict.getByRole('radiogroup', { name: 'Projet principal' });
  await expect(jobChoice.getByText(mine.job)).toBeVisible();
  await expect(jobChoice.getByText(theirs.job)).toBeVisible();
  await expect(projectChoice.getByText(mine.project)).toBeVisible();
  await expect(projectChoice.getByText(theirs.project)).toBeVisible();
  // Nothing was written over the other save.
  expect(findItem((await serverView(page)).questions, 'Intitulé de votre poste').userAnswer?.value).toBe(theirs.job);

  await page.screenshot({ path: test.info().outputPath('conflict-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('conflict-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // All of the server's, then this user's own job title back.
  await conflict.getByRole('button', { name: 'Prendre toutes celles du serveur' }).click();
  await expect(projectChoice.getByRole('radio', { name: 'Réponse enregistrée sur le serveur' })).toBeChecked();
  await jobChoice.getByRole('radio', { name: 'Ma réponse (cet appareil)' }).check();
  await conflict.getByRole('button', { name: 'Enregistrer ces choix' }).click();

  await expect(page.getByText(sentNotice)).toBeVisible();
  await expect(conflict).toHaveCount(0);
  await expect.poll(() => keptReplies(page)).toBe(0);
  const after = await serverView(page);
  expect(findItem(after.questions, 'Intitulé de votre poste').userAnswer?.value).toBe(mine.job);
  expect(findItem(after.questions, 'Projet principal').userAnswer?.value).toBe(theirs.project);
  expect(after.userReply?.version).toBe((before.userReply?.version ?? 0) + 2);
  await expect(page.getByRole('textbox', { name: JOB_LABEL })).toHaveValue(mine.job);
});
