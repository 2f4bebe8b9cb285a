import { type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './fixtures/auth';
import { expect, test } from './fixtures/seed';

/**
 * Issue 12 §1, the singleton page: the administrator edits the platform's help contact on
 * "Apparence" (the design, issue 13 §5) and the footer shows it at once. The platform's texts are
 * shared by every journey: this one changes only the help contact, which no other journey reads,
 * and puts the demo's text back at the end.
 */

const helpContact = (page: Page) => page.getByRole('textbox', { name: /^Contact de l'assistance/ });

/** Writes the help contact on the "Contact assistance" tab and saves: the save answers without errors. */
async function writeHelpContact(page: Page, text: string): Promise<void> {
  await page.getByRole('tab', { name: 'Contact assistance' }).click();
  await helpContact(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/design/unique-post'));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect(await (await saved).json()).toMatchObject({ hasError: false });
}

test('the administrator changes the help contact, the footer shows it, and the page stays', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, DEMO_ACCOUNTS.admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Apparence' }).click();
  await expect(page).toHaveURL(/\/admin\/design\/edit$/);
  await expect(page.getByRole('heading', { name: 'Apparence de la plateforme', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Couleurs' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Contact assistance' }).click();
  const original = (await helpContact(page).innerText()).trim();
  expect(original).not.toBe('');
  await writeHelpContact(page, 'Assistance du CFA : 01 99 88 77 66');
  await expect(page.getByText("L'apparence de la plateforme a été enregistrée")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/design\/edit$/);

  await page.getByRole('button', { name: 'Contact assistance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact assistance' });
  await expect(dialog).toContainText('Assistance du CFA : 01 99 88 77 66');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await writeHelpContact(page, original);
  await page.getByRole('button', { name: 'Contact assistance' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact assistance' })).toContainText(original);
});
