import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './fixtures/auth';
import { callApi } from './fixtures/questionnaire';

/**
 * Helpers of the manager-area journeys (spec 3 §2): the way in as the demo manager, the crew
 * widgets and triad cards of the triad list, and the server-built form's inputs by label.
 */

/** The name of the demo's active course, which a seeded course takes too (apps/server/src/seed/demo.ts). */
export const DEMO_COURSE = 'BTS SIO 2025-2027';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Signs in as a manager of one course (the demo's, or a seeded course's: `course.people.manager.username`)
 * and opens its triad list from the course list, as a user would; answers the course id.
 */
export async function openTriadList(page: Page, manager: string = DEMO_ACCOUNTS.manager): Promise<number> {
  await login(page, manager);
  await expect(page).toHaveURL(/\/dashboard\/training-course-list$/);
  await page
    .locator('.mantine-Accordion-item')
    .filter({ hasText: DEMO_COURSE })
    .getByRole('link', { name: 'Paramètres de la formation' })
    .click();
  await expect(page).toHaveURL(/\/lea-manager\/\d+$/);
  await page.getByRole('navigation', { name: "Menu de l'espace responsable" }).getByRole('link', { name: 'Trinômes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trinômes' })).toBeVisible();
  return Number(/\/lea-manager\/(\d+)\//.exec(page.url())?.[1]);
}

type Person = { firstName: string; lastName: string; email: string };

/** A generic save through the API with the page's token (the screens are tested elsewhere): the new id. */
async function post(page: Page, path: string, payload: { code: string; form: Record<string, unknown> }[]): Promise<number> {
  const response = await callApi(page, path, { method: 'POST', data: payload });
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as { hasError: boolean; responses: { object?: { id: number } }[] };
  expect(answer.hasError, JSON.stringify(answer)).toBe(false);
  return answer.responses[0]!.object!.id;
}

/** Sets up a crew holding one triad (apprentice and tutor) for a journey of its own. */
export async function createCrewWithTriad(page: Page, courseId: number, crew: string, apprentice: Person, tutor: Person): Promise<void> {
  const crewId = await post(page, `/app/lea-manager/${courseId}/crew/post`, [{ code: 'crew', form: { title: crew } }]);
  const person = (role: string, who: Person) => ({
    [`${role}LastName`]: who.lastName,
    [`${role}FirstName`]: who.firstName,
    [`${role}Email`]: who.email,
  });
  await post(page, `/app/lea-manager/${courseId}/triad/post`, [
    { code: 'triad', form: { crew: String(crewId), active: true } },
    { code: 'apprentice', form: person('apprentice', apprentice) },
    { code: 'tutor', form: person('tutor', tutor) },
  ]);
}

/** A crew widget of the triad list. */
export const crewCard = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

/** A triad card, named after its apprentice. */
export const triadCard = (scope: Page | Locator, apprentice: string): Locator =>
  scope.getByRole('group', { name: `Trinôme de ${apprentice}`, exact: true });

/** A text input of a server-built form by its label (the required star aside). */
export const textField = (scope: Page | Locator, label: string): Locator =>
  scope.getByRole('textbox', { name: new RegExp(`^${escape(label)}\\s*\\*?$`) });

/** Picks an option of a select field of a server-built form. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${escape(label)}\\s*\\*?$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
