import type { FileChooser, Locator, Page } from '@playwright/test';
import { loginForm } from './fixtures/auth';
import { callApi, DEMO_QUESTIONNAIRES, tinyPdf } from './fixtures/questionnaire';
import { expect as baseExpect, test, type SeededCourse } from './fixtures/seed';

/** Each step waits on the server (sign-in hashes, saves, signatures): room for a loaded machine, no timed assertion. */
const expect = baseExpect.configure({ timeout: 60_000 });

/**
 * Keyboard-only journeys (issue 19 §6): after the one `page.goto`, every step is a key (Tab,
 * Shift+Tab, Enter, Space, arrows, typing); the only other action is answering the browser's file
 * chooser, which the keyboard opens. Each journey checks that the element it acts on shows its focus,
 * and that what it did is saved on the server. Each runs on a course of its own (e2e/fixtures/seed.ts).
 */

// Typing key by key on a loaded two-core machine is slow: room for it, no timed assertion.
test.describe.configure({ timeout: 180_000 });

/** The longest way through a screen's controls: past it, the target is not reachable by Tab. */
const MAX_TABS = 80;

/**
 * Whether the focused element shows it: an outline, a shadow or the theme's focus border (Mantine's
 * inputs) on it or on the wrapper that draws its frame.
 */
function focusShows(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    let element: Element | null = document.activeElement;
    if (!element || element === document.body || !element.matches(':focus-visible')) return false;
    for (let depth = 0; element && depth < 3; depth += 1, element = element.parentElement) {
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return true;
      if (style.boxShadow !== 'none') return true;
      if (style.borderTopColor === primary || style.borderBottomColor === primary) return true;
    }
    return false;
  });
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until the target has the focus, then checks that the focus shows. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; !(await isFocused(target)); presses += 1) {
    expect(presses, `${target} is not reachable with ${key}`).toBeLessThan(MAX_TABS);
    await page.keyboard.press(key);
  }
  await expect.poll(() => focusShows(page), { message: `the focus on ${target} is not visible` }).toBe(true);
}

/**
 * Enter on the focused file button, and the browser's chooser it opens. In two clean-clone runs on 8 December the first
 * Enter opened none (the button focused, no chooser in 3 minutes) while the journey passed on the same machine alone:
 * a user presses Enter again, and so does this, at most three times (a bound, not a timed assertion). To investigate.
 */
async function chooserFromEnter(page: Page): Promise<FileChooser> {
  for (let attempt = 1; ; attempt += 1) {
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.keyboard.press('Enter');
    try {
      return await chooser;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Signs in with the keyboard only: username, password, Enter. */
async function signInWithKeyboard(page: Page, username: string, password: string): Promise<void> {
  await tabTo(page, loginForm.username(page));
  await page.keyboard.type(username);
  await tabTo(page, loginForm.password(page));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login(\/|\?|$)/);
}

test('sign in: a wrong password is announced, then the right one opens the dashboard', async ({ page, course }) => {
  await page.goto('/login');
  await tabTo(page, loginForm.username(page));
  await page.keyboard.type(course.people.apprenti.username);
  await tabTo(page, loginForm.password(page));
  await page.keyboard.type('not-the-password');
  // "Stay connected", with Space, then the submit button, with Enter.
  const stay = page.getByRole('checkbox', { name: 'Rester connecté' });
  await tabTo(page, stay);
  await page.keyboard.press('Space');
  await expect(stay).toBeChecked();
  await tabTo(page, loginForm.submit(page));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Identifiants erronés' })).toBeVisible();
  // Back to the password with Shift+Tab, the right one this time.
  await tabTo(page, loginForm.password(page), 'Shift+Tab');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(course.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { name: 'Membres du trinôme' })).toBeVisible();
  // Stayed connected: the server's token is kept in localStorage, and it answers.
  expect(await page.evaluate(() => localStorage.getItem('lea_token'))).toBeTruthy();
  expect((await callApi(page, '/app/user/me')).ok()).toBe(true);
});

/** The apprentice's reply to a questionnaire, as the server lists it. */
async function replyOf(page: Page, course: SeededCourse, title: string) {
  const response = await callApi(page, `/app/questionnaire/list/${course.triadIds.apprenti}`);
  const { years } = (await response.json()) as {
    years: { categories: { questionnaires: { id: number; title: string; userHasSigned: boolean }[] }[] }[];
  };
  const found = years.flatMap((year) => year.categories.flatMap((category) => category.questionnaires)).find((q) => q.title === title);
  if (!found) throw new Error(`${title} is not in the apprentice's list`);
  return found;
}

test('the apprentice fills and signs a questionnaire with the keyboard', async ({ page, course }) => {
  const title = DEMO_QUESTIONNAIRES.welcome;
  const referent = 'Claire Dupont-Lemaire';
  await page.goto('/login');
  await signInWithKeyboard(page, course.people.apprenti.username, course.password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  await tabTo(page, page.getByRole('link', { name: `Compléter : ${title}` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The attestation: Enter on the file button opens the browser's chooser, answered with a PDF.
  const attestation = tinyPdf('attestation-clavier.pdf');
  await tabTo(page, page.getByRole('button', { name: 'Choisir un fichier' }));
  await (await chooserFromEnter(page)).setFiles(attestation);
  await expect(page.getByRole('link', { name: attestation.name })).toBeVisible();

  await tabTo(page, page.getByRole('textbox', { name: /^Nom de votre référent dans l'entreprise/ }));
  await page.keyboard.type(referent);

  await tabTo(page, page.getByRole('button', { name: 'Signer', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Signer le questionnaire' });
  const confirm = dialog.getByRole('button', { name: 'Signer' });
  await expect(confirm).toBeFocused();
  await expect.poll(() => focusShows(page)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByText('Le questionnaire a bien été signé')).toBeVisible();

  // On the server: signed, with the typed answer and the file.
  const reply = await replyOf(page, course, title);
  expect(reply.userHasSigned).toBe(true);
  const saved = await (await callApi(page, `/app/questionnaire/${course.triadIds.apprenti}/${reply.id}`)).text();
  expect(saved).toContain(referent);
  expect(saved).toContain(attestation.name);
});

test("the apprentice justifies an absence from the calendar's list with the keyboard", async ({ page, course }) => {
  const comment = 'Certificat médical envoyé au clavier';
  await page.goto('/login');
  await signInWithKeyboard(page, course.people.apprenti.username, course.password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  await tabTo(page, page.getByRole('link', { name: /^Absences et planning/ }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Absences et planning' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Liste des absences' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/timetable\/list\/absence$/);

  const row = page.getByTestId('absence-table').getByRole('row').filter({ hasText: 'Non justifiée' }).first();
  const eventId = Number(await row.getAttribute('data-id'));
  await tabTo(page, row.getByRole('button', { name: 'Justifier' }));
  await page.keyboard.press('Enter');
  const justify = page.getByRole('dialog', { name: "Justifier l'absence" });
  await expect(justify).toBeVisible();
  await tabTo(page, justify.getByRole('textbox', { name: /Commentaire/ }));
  await page.keyboard.type(comment);
  await tabTo(page, justify.getByRole('button', { name: 'Envoyer' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Justificatif envoyé').first()).toBeVisible();
  await expect(justify).toBeHidden();

  // On the server: the justification is there, with its comment.
  const justifications = await (await callApi(page, `/app/event/justifications/${eventId}`)).text();
  expect(justifications).toContain(comment);
});
