import { expect, test } from '@playwright/test';
import { openTriadList, triadCard } from './manager-helpers';

/**
 * The user search of the secondary-user form (issue 10): a course manager is offered only the
 * people of the courses they run, never the administrator, nor the apprentice of the demo's NDRC
 * course they do not run (apps/server/src/seed/demo-manager.ts), nor anyone else's e-mail.
 * Nothing is saved: the journey only searches.
 */

const ADMIN = { name: 'Morel Claire', email: 'claire.morel@example.com' };
const ELSEWHERE = { name: 'Haddad Yasmine', email: 'yasmine.haddad@example.com' };

test('the manager’s user search offers only people of the manager’s courses, and no other e-mail', async ({ page }) => {
  await openTriadList(page);
  await triadCard(page, 'Emma Petit').getByRole('link', { name: 'Ajouter un utilisateur secondaire' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un utilisateur secondaire' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Utilisateur' });

  // Every demo address ends with example.com: the widest search there is.
  await search.fill('example.com');
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Martin Catherine (catherine.martin@example.com)' })).toBeVisible();
  const offered = await options.allTextContents();
  expect(offered.length).toBeGreaterThan(5);
  for (const text of offered) {
    for (const other of [ADMIN, ELSEWHERE]) {
      expect(text).not.toContain(other.name);
      expect(text).not.toContain(other.email);
    }
  }

  // Asked by name or by address, they are not found either.
  for (const text of ['Claire', 'Haddad', ELSEWHERE.email]) {
    await search.fill(text);
    await expect(page.getByText('Aucun résultat')).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(0);
  }

  // A person of the manager's course is found by name, with their address.
  await search.fill('Fournier');
  await expect(page.getByRole('option', { name: 'Fournier Isabelle (isabelle.fournier@example.com)' })).toBeVisible();
});
