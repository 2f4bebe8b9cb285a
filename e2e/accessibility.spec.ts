import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, login, loginForm } from './fixtures/auth';
import { expectNoViolations } from './fixtures/axe';
import { DEMO_APPRENTICE_NAME, DEMO_QUESTIONNAIRES, openQuestionnaire, openTriadOf } from './fixtures/questionnaire';

/**
 * WCAG 2.1 A and AA checks by axe-core (issue 11) on the screens every user meets first: the login
 * page, the home dashboard, a signed questionnaire, the questionnaire list and the course list, for
 * the apprentice and the manager. The journeys only read: the demo accounts serve.
 */

/** The triad whose "Évaluation du premier semestre" the manager signed (apps/server/src/seed/demo-questionnaires.ts). */
const GRADED_APPRENTICE = 'Hugo Durand';

test('the login page', async ({ page }) => {
  await page.goto('/login');
  await expect(loginForm.username(page)).toBeVisible();
  await expectNoViolations(page, 'login');
});

test.describe('the apprentice', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.apprentice);
    await expect(page).toHaveURL(/\/dashboard\/home$/);
  });

  test('home dashboard', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Membres du trinôme' })).toBeVisible();
    await expectNoViolations(page, 'apprentice home dashboard');
  });

  test('questionnaire list', async ({ page }) => {
    await page.goto('/dashboard/questionnaires');
    await expect(page.getByRole('link', { name: DEMO_QUESTIONNAIRES.interview, exact: true }).first()).toBeVisible();
    await expectNoViolations(page, 'apprentice questionnaire list');
  });

  test('a questionnaire the tutor signed', async ({ page }) => {
    await page.goto('/dashboard/questionnaires');
    await openQuestionnaire(page, DEMO_QUESTIONNAIRES.interview);
    await expect(page.getByRole('heading', { name: 'Signataires' })).toBeVisible();
    await expectNoViolations(page, 'apprentice signed questionnaire');
  });

  test('the course list is skipped for one course: its home is checked instead', async ({ page }) => {
    await page.goto('/dashboard/training-course-list');
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByRole('link', { name: DEMO_APPRENTICE_NAME })).toBeVisible();
    await expectNoViolations(page, 'apprentice course list (home)');
  });
});

test.describe('the manager', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.manager);
    await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
  });

  test('course list', async ({ page }) => {
    await expect(page.getByTestId('triad-card').first()).toBeVisible();
    await expectNoViolations(page, 'manager course list');
  });

  test('home dashboard of a triad', async ({ page }) => {
    await openTriadOf(page, DEMO_APPRENTICE_NAME);
    await expect(page.getByRole('heading', { name: 'Membres du trinôme' })).toBeVisible();
    await expectNoViolations(page, 'manager home dashboard');
  });

  test('questionnaire list', async ({ page }) => {
    await openTriadOf(page, DEMO_APPRENTICE_NAME);
    await page.goto('/dashboard/questionnaires');
    await expect(page.getByRole('link', { name: DEMO_QUESTIONNAIRES.interview, exact: true }).first()).toBeVisible();
    await expectNoViolations(page, 'manager questionnaire list');
  });

  test('a questionnaire the manager signed', async ({ page }) => {
    await openTriadOf(page, GRADED_APPRENTICE);
    await page.goto('/dashboard/questionnaires');
    await openQuestionnaire(page, DEMO_QUESTIONNAIRES.firstTerm);
    await expect(page.getByRole('heading', { name: 'Signataires' })).toBeVisible();
    await expectNoViolations(page, 'manager signed questionnaire');
  });
});
