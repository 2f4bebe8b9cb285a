import { login, loginOnPhone } from './fixtures/auth';
import { latestMailTo, linksIn, listMails } from './fixtures/outbox';
import { readRunEnv } from './fixtures/run-env';
import { expect, test } from './fixtures/seed';

/**
 * The weekly to-do digest (issue 20 §4), on a course of the journey's own: the apprentice gets one
 * mail listing what waits for them, each item a link that opens the portal on it; the company
 * manager, with nothing to do, gets none. The run's server has the job off (WEEKLY_DIGEST=off) and
 * runs it on request for the journey's people only (POST /e2e/weekly-digest).
 */

async function runDigest(userIds: number[]): Promise<{ mailed: number; nothing: number }> {
  const response = await fetch(`${readRunEnv('baseUrl')}/e2e/weekly-digest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${readRunEnv('seedToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userIds }),
  });
  if (!response.ok) throw new Error(`the digest answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { mailed: number; nothing: number };
}

test('the apprentice’s digest lists the to-do with links into the portal; nothing for who has nothing to do', async ({ page, course }) => {
  const { apprenti, dirigeant } = course.people;
  expect(await runDigest([apprenti.id, dirigeant.id])).toMatchObject({ mailed: 1, nothing: 1 });
  const mail = await latestMailTo(apprenti.email, { subject: /ce qui vous attend cette semaine/ });
  expect(mail.text).toContain(`Bonjour ${apprenti.firstName}`);
  expect(mail.text).toContain('Questionnaires :');
  expect(listMails().filter((each) => each.recipients.includes(dirigeant.email.toLowerCase()))).toEqual([]);
  // Once a week: a second run sends nothing more.
  expect(await runDigest([apprenti.id, dirigeant.id])).toMatchObject({ mailed: 0, nothing: 0 });

  const questionnaireLink = linksIn(mail).find((link) => link.includes('/dashboard/questionnaire/'));
  expect(questionnaireLink).toBeDefined();
  await login(page, apprenti.username);
  await page.goto(new URL(questionnaireLink!).pathname);
  await expect(page).toHaveURL(/\/dashboard\/questionnaire\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signataires' })).toBeVisible();
});

test('the digest is turned off from the profile, on a phone', async ({ page, course }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginOnPhone(page, course.people.tuteur.username);
  await page.goto(`/profile/${course.people.tuteur.id}`);
  const toggle = page.getByRole('switch', { name: 'Récapitulatif hebdomadaire par courriel' });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText('Vous ne recevrez plus le récapitulatif hebdomadaire')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect(await runDigest([course.people.tuteur.id])).toMatchObject({ mailed: 0 });
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Récapitulatif hebdomadaire par courriel' })).not.toBeChecked();
});
