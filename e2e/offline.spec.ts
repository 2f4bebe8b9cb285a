import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './fixtures/auth';
import { keptRows } from './fixtures/offline-store';
import { DEMO_QUESTIONNAIRES, openQuestionnaire } from './fixtures/questionnaire';

/**
 * Offline reading (issue 11 §6, spec 1 §4.1): once visited online, the dashboard, documents,
 * notepad, questionnaire list and a questionnaire show what they last had after a reload without a
 * network, with the offline mark and the time of their data, the footer's legal links, and the
 * actions that need the server disabled with their reason. Back online, the mark goes.
 */

// The offline shell is this file's subject: its service worker, blocked elsewhere (playwright.config.ts), is allowed.
test.use({ serviceWorkers: 'allow' });

const PAGES = {
  home: { path: '/dashboard/home', heading: 'Membres du trinôme', text: 'Lucas Martin' },
  documents: { path: '/dashboard/document', heading: 'Documents', text: "Livret d'accueil de l'entreprise" },
  notepad: { path: '/dashboard/notepad', heading: 'Bloc-notes', text: 'Questions pour la première visite' },
  questionnaires: { path: '/dashboard/questionnaires', heading: 'Questionnaires', text: DEMO_QUESTIONNAIRES.interview },
} as const;

const offlineMark = (page: Page) => page.getByTestId('offline-banner');
const REASON = 'Indisponible hors connexion : cette action demande le réseau.';

async function expectPage(page: Page, { heading, text }: { heading: string; text: string }): Promise<void> {
  await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/**
 * Whether the browser database keeps an answer holding `text`. The app keeps each answer once it has shown it (a write
 * that runs beside the page's render); a page load at once after (this journey's next `goto`) could cut that write short.
 */
async function keepsCopyOf(page: Page, text: string): Promise<boolean> {
  const rows = await keptRows(page, ['user', 'triad', 'questionnaire']);
  return rows.some((row) => JSON.stringify(row.value).includes(text));
}

/** Visited online: the page shows its data, and the browser keeps it for offline reading. */
async function visitOnline(page: Page, visited: { heading: string; text: string }): Promise<void> {
  await expectPage(page, visited);
  await expect.poll(() => keepsCopyOf(page, visited.text), { message: `a kept copy holds "${visited.text}"` }).toBe(true);
}

async function expectLegalLinks(page: Page): Promise<void> {
  const footer = page.locator('footer');
  await expect(footer.getByRole('button', { name: 'Mentions légales' })).toBeVisible();
  await expect(footer.getByRole('button', { name: 'Données personnelles' })).toBeVisible();
}

/** A disabled action inside its offline wrapper, whose tooltip gives the reason. */
async function expectDisabledWithReason(page: Page, name: string | RegExp): Promise<void> {
  const wrapper = page
    .getByTestId('offline-action')
    .filter({ has: page.getByRole('button', { name }) })
    .first();
  await expect(wrapper.getByRole('button', { name })).toBeDisabled();
  await wrapper.hover();
  await expect(page.getByRole('tooltip', { name: REASON })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

test('offline, every front-office page shows what it last had, marked and read-only', async ({ page, context }) => {
  // Four pages and a questionnaire, each visited online, offline and online again.
  test.setTimeout(120_000);
  await login(page, DEMO_ACCOUNTS.apprentice);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  // The offline shell needs the service worker in place before the network goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (const visited of Object.values(PAGES)) {
    await page.goto(visited.path);
    await visitOnline(page, visited);
  }
  await openQuestionnaire(page, DEMO_QUESTIONNAIRES.interview);
  const questionnairePath = new URL(page.url()).pathname;
  await expect(offlineMark(page)).toHaveCount(0);
  await expect.poll(() => keepsCopyOf(page, DEMO_QUESTIONNAIRES.interview)).toBe(true);

  await context.setOffline(true);
  for (const visited of Object.values(PAGES)) {
    await page.goto(visited.path);
    await expectPage(page, visited);
    await expect(offlineMark(page)).toContainText(/^Mode hors-ligne, données (de \d\d:\d\d|du \d\d\/\d\d\/\d{4} à \d\d:\d\d)\. /);
    await expect(offlineMark(page)).toContainText('Les actions qui demandent le réseau sont désactivées.');
    await expectLegalLinks(page);
  }
  await page.goto(questionnairePath);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_QUESTIONNAIRES.interview })).toBeVisible();
  await expect(offlineMark(page)).toContainText('Mode hors-ligne, données');
  await expectLegalLinks(page);

  await page.goto(PAGES.documents.path);
  await expectDisabledWithReason(page, 'Nouveau document');
  await expectDisabledWithReason(page, /^Télécharger/);
  await page.goto(PAGES.notepad.path);
  await expectDisabledWithReason(page, 'Ajouter une note');
  await expectDisabledWithReason(page, /^(Épingler|Désépingler)/);

  await context.setOffline(false);
  await expect(offlineMark(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ajouter une note' })).toBeEnabled();
});
