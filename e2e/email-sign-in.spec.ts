import type { Page } from '@playwright/test';
import { DEMO_QUESTIONNAIRES, fillWelcomeMasterPart, openQuestionnaire, openTriadOf } from './fixtures/questionnaire';
import { latestMailTo, linksIn } from './fixtures/outbox';
import { expect, test } from './fixtures/seed';

/**
 * Sign-in by e-mail (issue 20 §1): the apprenticeship master, who rarely comes and has no password
 * at hand, asks for a code on the login page, reads it in the mail the run's SMTP server received,
 * signs in and signs "Accueil en entreprise"; the same code a second time is refused; the mail's
 * link, once used, offers a new one on a phone. On a course of the journey's own.
 */

const codeOf = (text: string) => {
  const match = /(\d{3}) (\d{3})/.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return `${match[1]}${match[2]}`;
};

async function askCode(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Recevoir un code par e-mail' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  await page.getByLabel("Nom d'utilisateur ou adresse e-mail").fill(username);
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page.getByText('Si ce compte peut se connecter par e-mail, un code vient de lui être envoyé')).toBeVisible();
}

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Chiffre 1 sur 6' }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

test('the master signs in with a code from the mail and signs; the same code is refused afterwards', async ({ page, course }) => {
  const master = course.people.maitre;
  const since = new Date();
  await askCode(page, master.username);
  const mail = await latestMailTo(master.email, { subject: /code de connexion/, since });
  expect(mail.text).toContain(`Bonjour ${master.firstName}`);
  const code = codeOf(mail.subject);
  expect(mail.text).toContain(`${code.slice(0, 3)} ${code.slice(3)}`);

  // Too few digits: said, nothing sent.
  await page.getByRole('textbox', { name: 'Chiffre 1 sur 6' }).click();
  await page.keyboard.type('12');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Saisissez les 6 chiffres du code' })).toBeVisible();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');

  await typeCode(page, code);
  await openTriadOf(page);
  await page.goto('/dashboard/questionnaires');
  await openQuestionnaire(page, DEMO_QUESTIONNAIRES.welcome);
  await fillWelcomeMasterPart(page);
  const actions = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Actions' }) });
  await actions.getByRole('button', { name: 'Signer' }).click();
  await page.getByRole('dialog', { name: 'Signer le questionnaire' }).getByRole('button', { name: 'Signer' }).click();
  await expect(page.getByText('Le questionnaire a bien été signé')).toBeVisible();

  // Signed out, the same code does not open a session again.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await askCode(page, master.username);
  const fresh = await latestMailTo(master.email, { subject: /code de connexion/, since: new Date(Date.now() - 2000) });
  const stale = code === codeOf(fresh.subject) ? null : code;
  if (stale) {
    await typeCode(page, stale);
    await expect(page.getByRole('alert').filter({ hasText: 'Code incorrect ou expiré' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\/email$/);
  }
});

test('a used sign-in link offers a new one, on a phone in English', async ({ page, course }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('lea_locale', 'en'));
  const master = course.people.maitre;
  const since = new Date();
  const asked = await page.request.post('/api/en/app/user/email-sign-in', { data: { username: master.username } });
  expect(asked.ok()).toBe(true);
  const mail = await latestMailTo(master.email, { subject: /sign-in code/, since });
  const link = linksIn(mail).find((each) => each.includes('/login/email/'));
  expect(link).toBeDefined();
  const path = new URL(link!).pathname;

  // First use: signed in, away from the login pages.
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/login/);
  // The app may still be moving to its first page: a new address now would abort (net::ERR_ABORTED).
  await expect(page.locator('html')).toHaveAttribute('data-navigation', 'idle');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();

  // Second use: refused, with a new link on request.
  await page.goto(path);
  await expect(page.getByRole('alert').filter({ hasText: 'This sign-in link has already been used or has expired' })).toBeVisible();
  const renewSince = new Date();
  await page.getByRole('button', { name: 'Receive a new link' }).click();
  await expect(page.getByText('A new link has just been sent')).toBeVisible();
  const renewed = await latestMailTo(master.email, { subject: /sign-in code|code de connexion/, since: renewSince });
  expect(linksIn(renewed).some((each) => each.includes('/login/email/') && each !== link)).toBe(true);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
