import { type Locator, type Page } from '@playwright/test';
import { login, loginOnPhone } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * Issue 13 §3, the administrator sets up a training organisation (brief B): an institution and
 * one of its components, a training given by them, a course of it with its manager, then the
 * course duplicated into next year. Every name carries a tag of the run's own, so the journey
 * only adds rows, which no other journey lists.
 */

const tag = () => Math.random().toString(36).slice(2, 8);

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page
    .getByRole('textbox', { name: label, exact: true })
    .or(page.getByRole('combobox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
  // A multiselect keeps its list open.
  await page.keyboard.press('Escape');
}

const save = (page: Page) => page.getByRole('button', { name: /^(Enregistrer|Save)$/ }).click();
const rowOf = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: /Rechercher|Search/ }).fill(text);
}

test('the administrator creates an institution, a component, a training and a course with its manager, then duplicates it', async ({
  page,
  course,
}) => {
  // Four forms, a wizard and a duplication: longer than one screen's journey.
  test.slow();
  const run = tag();
  const institution = `CFA Setup ${run}`;
  const training = `BTS Setup ${run}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, course.people.admin.username, course.password);
  await page.goto('/admin/institutions/add');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(institution);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(`C${run}`);
  await save(page);
  await expect(page.getByText("L'établissement a été enregistré")).toBeVisible();

  await search(page, run);
  await rowOf(page, institution)
    .getByRole('link', { name: `Composantes — ${institution}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Composantes', level: 1 })).toBeVisible();
  await expect(page.getByText(institution)).toBeVisible();
  await page.getByRole('link', { name: 'Ajouter une composante' }).click();
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(`Pôle ${run}`);
  await save(page);
  await expect(page.getByText('La composante a été enregistrée')).toBeVisible();
  // Back on the institutions' list, whose first page need not hold this run's among the other journeys' ones.
  await search(page, run);
  await expect(rowOf(page, `Pôle ${run}`)).toBeVisible();

  await page.goto('/admin/training/add');
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(training);
  await pick(page, 'Établissement', institution);
  await pick(page, 'Composante', `${institution} — Pôle ${run}`);
  await save(page);
  await expect(page.getByText('La formation a été enregistrée')).toBeVisible();
  await search(page, run);
  await expect(rowOf(page, training)).toContainText(`Pôle ${run}`);

  await page.goto('/admin/training-course/add');
  await pick(page, 'Formation', training);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(`${training} 2026-2028`);
  await page.getByRole('textbox', { name: 'Année de début' }).fill('2026');
  await page.getByRole('textbox', { name: 'Année de fin' }).fill('2028');
  // Adding is a wizard: the managers are its second step.
  await page.getByRole('button', { name: 'Suivant' }).click();
  // The seeded course's manager, not the demo's namesake: the demo manager's course list stays as the other journeys read it.
  await pick(page, 'Responsables', `Sophie Laurent (${course.people.manager.email})`);
  await save(page);
  await expect(page.getByText('Le parcours a été enregistré')).toBeVisible();
  await search(page, run);
  const created = rowOf(page, `${training} 2026-2028`);
  await expect(created).toContainText('Sophie Laurent');
  await expect(created).toContainText('2026–2028');

  await created.getByRole('button', { name: /Copier|Dupliquer/ }).click();
  await expect(rowOf(page, `${training} 2027-2029`)).toBeVisible();
  await expect(rowOf(page, `${training} 2027-2029`)).toContainText('2027–2029');
  await expect(rowOf(page, `${training} 2027-2029`)).toContainText('Sophie Laurent');
});

test('the trainings and courses lists read in English on a phone', async ({ page, course }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('lea_locale', 'en'));
  await loginOnPhone(page, course.people.admin.username, course.password);
  await page.goto('/admin/training');
  await expect(page.getByRole('heading', { name: 'Trainings', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'BTS Services informatiques aux organisations' }).first()).toBeVisible();
  await page.goto('/admin/training-course');
  await expect(page.getByRole('heading', { name: 'Training courses', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'BTS SIO 2025-2027' }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('courses-en-390.png'), fullPage: true });
  await page.goto('/admin/design/edit');
  await expect(page.getByRole('tab', { name: 'Colours' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('design-en-390.png'), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390 + 1);
});
