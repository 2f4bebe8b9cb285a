import { type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './fixtures/auth';
import { expect, test, type SeededCourse } from './fixtures/seed';

/**
 * Issue 17 §4 (spec 3 §2.1 `shared-document`, spec 2 §2): from the course list, a manager adds a
 * shared document for both of his courses, finds it in the shared list and in each course's
 * documents, on a desktop and on a phone; the shared list reads in English too.
 */

const shot = (name: string) => `test-results/shared-document-${name}.png`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

async function openCourseList(page: Page, course: SeededCourse): Promise<void> {
  await login(page, course.people.manager.username, course.password);
  await page.goto('/dashboard/training-course-list');
  await expect(page.getByRole('heading', { name: 'Documents partagés' })).toBeVisible();
}

test('a manager shares a document with his two courses and finds it everywhere', async ({ page, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCourseList(page, course);
  await page.getByRole('link', { name: 'Ajouter un document partagé' }).click();
  await expect(page).toHaveURL(/\/lea-manager\/shared-document\/add$/);
  await page.getByRole('textbox', { name: 'Titre' }).fill('Charte des stages');
  await page.locator('input[type=file]').setInputFiles({ name: 'charte.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('charte.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  const boxes = page.getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  for (const box of await boxes.all()) await box.check();
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/app/lea-manager/document/post'),
  );
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect(await (await saved).json()).toMatchObject({ hasError: false });

  await expect(page).toHaveURL(/\/lea-manager\/shared-document$/);
  const row = page.getByRole('row').filter({ hasText: 'Charte des stages' });
  await expect(row).toContainText(`${course.people.manager.firstName} ${course.people.manager.lastName}`);
  await expect(row.getByRole('link', { name: 'Modifier « Charte des stages »' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Supprimer « Charte des stages »' })).toBeEnabled();
  await page.screenshot({ path: shot('fr-1280'), fullPage: true });

  // Given to both courses: each course's documents list it, locked there.
  for (const courseId of course.courseIds) {
    await page.goto(`/lea-manager/${courseId}/document`);
    const courseRow = page.getByRole('row').filter({ hasText: 'Charte des stages' });
    await expect(courseRow).toBeVisible();
    await expect(courseRow.getByRole('button', { name: 'Supprimer « Charte des stages »' })).toBeDisabled();
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/lea-manager/shared-document');
  await expect(page.getByRole('row').filter({ hasText: 'Charte des stages' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Onglets' })).toHaveCount(0);
  await page.screenshot({ path: shot('fr-390'), fullPage: true });
});

test('the shared documents read in English, the demo one given to both demo courses among them', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.manager);
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.goto('/dashboard/training-course-list');
  await page.getByRole('link', { name: 'See the shared documents' }).click();
  await expect(page).toHaveURL(/\/lea-manager\/shared-document$/);
  await expect(page.getByRole('columnheader', { name: 'Uploaded by' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Règlement intérieur du CFA' })).toBeVisible();
  await page.screenshot({ path: shot('en-1280'), fullPage: true });
});
