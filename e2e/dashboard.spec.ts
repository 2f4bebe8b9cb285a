import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login, loginOnPhone } from './fixtures/auth';
import { switchLanguage } from './fixtures/language';
import { callApi, DEMO_APPRENTICE_NAME, DEMO_QUESTIONNAIRES, expectNoHorizontalOverflow } from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * The apprentice's home dashboard (spec 2 §2 "Home dashboard") at 1280 and 390 px: members,
 * contract and its modal, to-do, questionnaire blocks, progress, the timeline and its expansion, an
 * information drawer, the key-dates download, and the cached dashboard offline. The journey that
 * adds a note reads its own course's copy of the demo triad (e2e/fixtures/seed.ts); the others only read.
 */

const card = (page: Page, heading: string) =>
  page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
const loader = (page: Page) => page.getByRole('alert').filter({ hasText: /Chargement|Loading/ });

/** The blocks every width shows, in French. */
async function expectDashboard(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'BTS SIO 2025-2027' })).toBeVisible();
  const members = card(page, 'Membres du trinôme');
  for (const name of [DEMO_APPRENTICE_NAME, 'Julien Bernard', 'Nathalie Dubois'])
    await expect(members.getByRole('link', { name })).toBeVisible();
  await expect(card(page, 'Contrat')).toContainText('Atelier Numérique Rhône');
  await expect(
    card(page, 'À faire')
      .getByRole('link', { name: /^(Signer|Compléter) : / })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Année 1')).toBeVisible();
  await expect(page.getByRole('link', { name: DEMO_QUESTIONNAIRES.interview, exact: true }).first()).toBeVisible();
  await expect(card(page, 'Progression')).toContainText('Ma progression');
  await expect(card(page, 'Progression')).toContainText('Progression du livret');
}

test('the apprentice reads the whole dashboard at 1280 px', async ({ page, course }) => {
  await login(page, course.people.apprenti.username);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expectDashboard(page);

  // A note added to the notepad is the timeline's newest entry.
  const added = await callApi(page, '/app/notepad/add', {
    method: 'POST',
    data: {
      title: 'Préparer la soutenance',
      text: 'Relire le dossier.',
      triad: { id: Number(await page.evaluate(() => localStorage.getItem('lea_previous_triad'))) },
    },
  });
  expect(added.status()).toBe(200);
  await page.reload();
  const timeline = page.getByTestId('timeline-card');
  await expect(timeline.getByRole('heading', { name: 'Activité récente' })).toBeVisible();
  const entries = timeline.locator('[data-kind]');
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toContainText(`${DEMO_APPRENTICE_NAME} a ajouté la note « Préparer la soutenance »`);
  await expect(entries.first().locator('time')).toHaveText(/2\d{3}\D+\d{2}:\d{2}$/);
  await timeline.getByRole('button', { name: /^Voir les \d+ autres activités$/ }).click();
  await expect(timeline.getByText("Julien Bernard a signé « Entretien d'intégration »")).toBeVisible();
  expect(await entries.count()).toBeGreaterThan(4);
  await timeline.getByRole('button', { name: 'Réduire' }).click();
  await expect(entries).toHaveCount(4);
  await expect(loader(page)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('dashboard-1280-fr.png'), fullPage: true });

  // The contract modal: every contract with its details.
  await card(page, 'Contrat').getByRole('button').click();
  const modal = page.getByRole('dialog', { name: 'Contrat du trinôme' });
  await expect(modal).toContainText('81234567800015');
  await expect(modal).toContainText('8 quai Perrache, 69002 Lyon');
  await expect(modal).toContainText('31/08/2027');
  await modal.getByRole('button').first().click();
  await expect(modal).toBeHidden();

  // An information panel opens as a side drawer.
  await page.getByRole('button', { name: 'Partenaires' }).click();
  const drawer = page.getByRole('dialog', { name: 'Partenaires' });
  await expect(drawer).toContainText('OPCO Atlas');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The key dates: an iCalendar file of the contract and the questionnaire windows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger les dates clés' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('dates-cles-lucas-martin.ics');
  const ics = readFileSync(await file.path(), 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain('SUMMARY:Début du contrat : Atelier Numérique Rhône');
  expect(ics).toContain(`SUMMARY:Clôture : ${DEMO_QUESTIONNAIRES.visit}`);

  // In English.
  await switchLanguage(page, 'English');
  await expect(timeline.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
  await expect(entries.first()).toContainText(`${DEMO_APPRENTICE_NAME} added the note “Préparer la soutenance”`);
  await expect(page.getByRole('button', { name: 'Download the key dates' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dashboard-1280-en.png'), fullPage: true });
  await switchLanguage(page, 'Français');
});

test.describe('offline', () => {
  // The offline shell's service worker, blocked elsewhere (playwright.config.ts), is allowed here.
  test.use({ serviceWorkers: 'allow' });

  test('offline, the last loaded triad and user stay readable', async ({ page, context }) => {
    await login(page, DEMO_ACCOUNTS.apprentice);
    await expectDashboard(page);
    await expect(page.getByTestId('timeline-card').locator('[data-kind]')).toHaveCount(4);
    // The offline shell needs the service worker in place, and the copies their time to be written.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expectDashboard(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Mode hors-ligne' })).toBeVisible();
    await expectDashboard(page);
    await expect(page.getByTestId('timeline-card').locator('[data-kind]')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Télécharger le livret' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Télécharger les dates clés' })).toBeDisabled();
    await context.setOffline(false);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the apprentice reads the dashboard in one column at 390 px', async ({ page }) => {
      await loginOnPhone(page, DEMO_ACCOUNTS.apprentice);
      await expect(page).toHaveURL(/\/dashboard\/home$/);
      await expectDashboard(page);
      await expectNoHorizontalOverflow(page);
      // One column: the timeline comes after the members.
      const members = await card(page, 'Membres du trinôme').boundingBox();
      const timeline = page.getByTestId('timeline-card');
      const timelineBox = await timeline.boundingBox();
      expect(members && timelineBox && timelineBox.y > members.y + members.height).toBe(true);
      await timeline.getByRole('button', { name: /^Voir les \d+ autres activités$/ }).click();
      await expect(timeline.getByText("Julien Bernard a signé « Entretien d'intégration »")).toBeVisible();
      await card(page, 'Contrat').getByRole('button').click();
      await expect(page.getByRole('dialog', { name: 'Contrat du trinôme' })).toContainText('Atelier Numérique Rhône');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Télécharger les dates clés' })).toBeVisible();
      await expect(loader(page)).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('dashboard-390-fr.png'), fullPage: true });
      await switchLanguage(page, 'English');
      await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: test.info().outputPath('dashboard-390-en.png'), fullPage: true });
    });
  });
});

test('the manager reads a terminated contract with its cause', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.manager);
  await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
  // The inactive triad is not among the active cards: it is opened through the API's id.
  const list = await callApi(page, '/app/training/list?archive=1');
  const courseId = ((await list.json()) as { trainingCourses: { id: number }[] }).trainingCourses[0]?.id;
  const triads = await callApi(page, `/app/triad/list/${courseId}?archive=2`);
  const inactive = ((await triads.json()) as { triads: { id: number; apprentice: { lastName: string } | null }[] }).triads.find(
    (triad) => triad.apprentice?.lastName === 'Lefebvre',
  );
  expect(inactive).toBeTruthy();
  await page.evaluate(
    ([triadId, course]) => {
      localStorage.setItem('lea_previous_triad', String(triadId));
      localStorage.setItem('lea_previous_training_course', String(course));
    },
    [inactive?.id, courseId],
  );
  await page.goto('/dashboard/home');
  await expect(card(page, 'Contrat')).toContainText('Rompu le 15/01/2026');
  await card(page, 'Contrat').getByRole('button').click();
  const modal = page.getByRole('dialog', { name: 'Contrat du trinôme' });
  await expect(modal.getByRole('row', { name: /Motif de la rupture/ })).toContainText("Rupture d'un commun accord");
  await expect(modal.getByRole('row', { name: /Date de rupture/ })).toContainText('15/01/2026');
});
