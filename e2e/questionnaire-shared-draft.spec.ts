import { type Page } from '@playwright/test';
import { login } from './fixtures/auth';
import { DEMO_APPRENTICE_NAME, DEMO_QUESTIONNAIRES, openQuestionnaire, openTriadOf } from './fixtures/questionnaire';
import { expect, test } from './fixtures/seed';

/**
 * The shared draft and the comments (spec 1 §2.9, §4.4, §5.5, §7.4), on "Entretien d'intégration"
 * of the main triad of a course of the journey's own (e2e/fixtures/seed.ts): it uses comments, the
 * apprentice signs it and has no reply in the seed (the tutor's is signed).
 */

const TITLE = DEMO_QUESTIONNAIRES.interview;
const JOB = 'Technicien support et déploiement';
const MISSIONS = 'Installation des postes des nouveaux arrivants.\nSupport de niveau 1.';
const DIFFICULTY = 'Prise en main de l’outil de tickets';
const PROJECT = 'Migration de la messagerie';
const EXTRA_PROJECT = 'Inventaire du parc';
const COMMENT = 'Très bon début : pensez à noter les incidents résolus dans votre livret.';

const block = (page: Page, title: string) => page.locator('[data-progress-block]').filter({ hasText: title });
const controls = (page: Page) => page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Actions' }) });

test('the apprentice shares a draft; the tutor reads it and comments on it', async ({ page, course }) => {
  await login(page, course.people.apprenti.username);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.goto('/dashboard/questionnaires');
  await openQuestionnaire(page, TITLE);

  // Short text, date, long text with its multi-line comment, cluster rows, and a row added to the open cluster.
  await page.getByRole('textbox', { name: /^Intitulé de votre poste/ }).fill(JOB);
  const arrival = page.getByRole('textbox', { name: /^Date de votre arrivée dans l'entreprise/ });
  await arrival.fill('01/09/2025');
  await arrival.press('Tab');
  await expect(arrival).toHaveValue('01/09/2025');
  const missions = block(page, 'Décrivez vos premières missions');
  await missions.getByRole('textbox', { name: /^Décrivez vos premières missions/ }).fill(MISSIONS);
  await missions.getByRole('textbox', { name: 'Difficultés rencontrées' }).fill(DIFFICULTY);
  const projects = block(page, 'Projets menés en entreprise');
  await projects.getByRole('textbox', { name: 'Projet principal' }).fill(PROJECT);
  await expect(projects.getByRole('textbox')).toHaveCount(2);
  await projects.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await expect(page.getByText('La ligne a bien été ajoutée')).toBeVisible();
  await expect(projects.getByRole('textbox')).toHaveCount(3);
  // Adding a row reloads the questionnaire: what was typed stays.
  await expect(projects.getByRole('textbox', { name: 'Projet principal' })).toHaveValue(PROJECT);
  await projects.getByRole('textbox').last().fill(EXTRA_PROJECT);

  await controls(page).getByRole('button', { name: 'Partager le brouillon' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByText('Le brouillon a bien été partagé')).toBeVisible();

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, course.people.tuteur.username);
  await openTriadOf(page, DEMO_APPRENTICE_NAME);
  await openQuestionnaire(page, TITLE);

  // The apprentice's shared answers, read-only, under the writer's profile and name.
  const job = block(page, 'Intitulé de votre poste');
  const jobAnswers = job.getByRole('group', { name: 'Réponses des autres membres du trinôme' });
  await expect(jobAnswers.getByText(JOB)).toBeVisible();
  await expect(jobAnswers.getByText('Apprenti', { exact: true })).toBeVisible();
  await expect(jobAnswers.getByText(DEMO_APPRENTICE_NAME)).toBeVisible();
  await expect(job.getByRole('textbox')).toHaveCount(0);
  await expect(block(page, 'Date de votre arrivée').getByText('01/09/2025')).toBeVisible();
  await expect(block(page, 'Décrivez vos premières missions').getByText('Support de niveau 1.')).toBeVisible();
  await expect(block(page, 'Décrivez vos premières missions').getByText(DIFFICULTY)).toBeVisible();
  await expect(block(page, 'Projets menés en entreprise').getByText(PROJECT)).toBeVisible();
  await expect(block(page, 'Projets menés en entreprise').getByText(EXTRA_PROJECT)).toBeVisible();

  // A comment on the apprentice's answer: an empty one is refused without a call, then a real one.
  const comments: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/app/questionnaire/add-comment/')) comments.push(request.url());
  });
  await jobAnswers.getByRole('button', { name: 'Ajouter un commentaire' }).click();
  const commentBox = jobAnswers.getByRole('textbox', { name: /^Votre commentaire/ });
  await expect(commentBox).toBeFocused();
  await jobAnswers.getByRole('button', { name: 'Envoyer' }).click();
  await expect(jobAnswers.getByText('Ce champ est obligatoire')).toBeVisible();
  await commentBox.fill('   ');
  await jobAnswers.getByRole('button', { name: 'Envoyer' }).click();
  await expect(jobAnswers.getByText('Ce champ est obligatoire')).toBeVisible();
  expect(comments).toHaveLength(0);
  await commentBox.fill(COMMENT);
  await jobAnswers.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Le commentaire a bien été ajouté')).toBeVisible();
  await expect(jobAnswers.getByText(COMMENT)).toBeVisible();
  await expect(jobAnswers.getByText(/^Tuteur pédagogique · Julien Bernard · \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(commentBox).toHaveCount(0);
  expect(comments).toHaveLength(1);

  // It stays after a reload.
  await page.reload();
  await expect(block(page, 'Intitulé de votre poste').getByText(COMMENT)).toBeVisible();
});
