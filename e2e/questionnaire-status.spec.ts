import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login, loginOnPhone } from './fixtures/auth';
import { DEMO_QUESTIONNAIRES } from './fixtures/questionnaire';

/**
 * Issue 11 §2, §3, §9 on the demo course, reading only: the to-do's labels and its place on a phone,
 * the neutral mark of a profile that does not sign, and the signature grid's headers kept in view
 * while it scrolls sideways.
 */

const card = (page: Page, heading: string) =>
  page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
const row = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.y;
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the apprentice finds the to-do first, saying Complete for what is not filled in', async ({ page }) => {
    await loginOnPhone(page, DEMO_ACCOUNTS.apprentice);
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    const todo = card(page, 'À faire');
    const members = card(page, 'Membres du trinôme');
    await expect(todo).toBeVisible();
    await expect(members).toBeVisible();
    expect(await top(todo)).toBeLessThan(await top(members));
    // The demo apprentice has filled in none of the open questionnaires: each one is to complete.
    await expect(todo.getByRole('link', { name: `Compléter : ${DEMO_QUESTIONNAIRES.welcome}` })).toBeVisible();
    await expect(todo.getByRole('link', { name: /^Signer : / })).toHaveCount(0);
  });
});

test('a profile that does not sign gets a neutral mark, not an hourglass', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.apprentice);
  await page.goto('/dashboard/questionnaires');
  // "Accueil en entreprise" is signed by the apprentice and the master: the tutor is not concerned.
  const welcome = row(page, DEMO_QUESTIONNAIRES.welcome);
  const tutor = welcome.getByRole('img', { name: /^Tuteur pédagogique : / });
  await expect(tutor).toHaveAttribute('data-icon', 'none');
  await expect(tutor).toHaveAccessibleName('Tuteur pédagogique : non concerné, aucune signature attendue');
  await expect(welcome.getByRole('img', { name: /^Apprenti : / })).toHaveAttribute('data-icon', 'hourglass-start');
});

test('the signature grid keeps its headers in view when scrolled sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, DEMO_ACCOUNTS.manager);
  await page.goto('/dashboard/training-course-list');
  const link = page.locator('a[href$="/dashboard"][href^="/lea-manager/"]').first();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord des signatures' })).toBeVisible();
  const grid = page.getByTestId('dashboard-grid');
  await expect(grid).toBeVisible({ timeout: 30_000 });

  // A narrow window: the questionnaire columns overflow, and the grid scrolls sideways until the
  // first category spanning two columns has its first 120 px under the sticky triad column.
  await page.setViewportSize({ width: 700, height: 800 });
  const band = await grid.evaluate((element) => {
    const bands = [...element.querySelectorAll<HTMLTableCellElement>('thead tr:first-child th')].slice(1);
    const index = bands.findIndex((th) => th.colSpan >= 2);
    element.scrollLeft = (bands[index]?.offsetLeft ?? 0) - 200 + 120;
    return { index, scrolled: element.scrollLeft };
  });
  expect(band.index).toBeGreaterThanOrEqual(0);
  expect(band.scrolled).toBeGreaterThan(0);

  const gridBox = (await grid.boundingBox())!;
  const cornerBox = (await grid.locator('thead th').first().boundingBox())!;
  expect(Math.abs(cornerBox.x - gridBox.x)).toBeLessThanOrEqual(2);
  // The category's title is still readable, right of the triad column, not hidden under it.
  const titleBox = (await grid.locator('[data-category-title]').nth(band.index).boundingBox())!;
  expect(titleBox.x).toBeGreaterThanOrEqual(cornerBox.x + cornerBox.width);
  expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
  // Every header cell is sticky, the questionnaire titles too when the grid scrolls down.
  for (const header of await grid.locator('thead th').all()) {
    expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('sticky');
  }
  const column = grid.locator('th[data-questionnaire]').first();
  const before = (await column.boundingBox())!.y;
  await grid.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  expect(await grid.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect((await column.boundingBox())!.y).toBeCloseTo(before, 0);
});
