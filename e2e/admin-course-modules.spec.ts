import { type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * Issue 13 §4 (spec 3 §2.3 `modules/training-course/{id}`): an administrator opens a course of the
 * platform from the course list and switches one of its modules off; the course's manager finds it
 * off in the module menu. The journey changes only its own seeded course. Issue 13 §5: the
 * help-document settings (the help contact above the help documents), looked at in French and
 * English, 1280 and 390 px wide, never saved (the help contact is the platform's, other journeys read it).
 */

const shot = (name: string) => `test-results/admin-course-modules-${name}.png`;
const table = (page: Page, name: string) => page.getByRole('table', { name });

test("the administrator switches a module of one course off; the course's manager sees it off", async ({ page, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, DEMO_ACCOUNTS.admin);
  const courseId = course.courseIds[0];
  // From the course list, each course leads to its modules.
  await page.goto('/admin/training-course');
  await expect(page.getByRole('link', { name: /^Modules de la formation — / }).first()).toBeVisible();
  await page.goto(`/admin/modules/training-course/${courseId}`);
  await expect(page.getByRole('heading', { name: 'Modules de la formation', level: 1 })).toBeVisible();
  const modules = table(page, 'Modules de la formation');
  // The body's rows (the header row has no cell): the first one switched on.
  const rows = modules.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  let name = '';
  for (const row of await rows.all()) {
    if ((await row.getByRole('cell').nth(1).innerText()).trim() !== 'Activé') continue;
    name = (await row.getByRole('cell').nth(2).innerText()).trim();
    break;
  }
  expect(name).not.toBe('');
  await page.screenshot({ path: shot('fr-1280'), fullPage: true });

  await modules.getByRole('link', { name: `Modifier « ${name} »` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/modules/training-course/${courseId}/edit/\\d+$`));
  await page.getByRole('checkbox', { name: 'Activé' }).uncheck();
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && /\/training-course-module\/post\/\d+\/\d+$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect(await (await saved).json()).toMatchObject({ hasError: false });
  await expect(page).toHaveURL(new RegExp(`/admin/modules/training-course/${courseId}$`));
  await expect(modules.getByRole('row').filter({ hasText: name }).first()).toContainText('Désactivé');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Modules de la formation', level: 1 })).toBeVisible();
  await page.screenshot({ path: shot('fr-390'), fullPage: true });

  // The course's manager: the module menu shows it off.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.manager.username, course.password);
  await page.goto(`/lea-manager/${courseId}/module`);
  await expect(page.getByRole('row').filter({ hasText: name }).first()).toContainText('Désactivé');
});

test("the course's modules and the help-document settings in English", async ({ page, course }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, DEMO_ACCOUNTS.admin);
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await page.goto(`/admin/modules/training-course/${course.courseIds[0]}`);
  await expect(page.getByRole('heading', { name: "The course's modules", level: 1 })).toBeVisible();
  await expect(table(page, "The course's modules").getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: shot('en-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('en-390'), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/help-document/settings');
  await expect(page.getByRole('textbox', { name: /e-mail/i }).first()).toBeVisible();
  await page.screenshot({ path: shot('help-settings-en-1280'), fullPage: true });
  await page.evaluate(() => localStorage.setItem('lea_locale', 'fr'));
  await page.reload();
  await expect(page.getByRole('heading', { name: "Documents d'aide", level: 1 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('help-settings-fr-390'), fullPage: true });
});
