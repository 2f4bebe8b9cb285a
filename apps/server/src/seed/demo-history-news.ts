import type { Tx } from '../db/client.js';
import { historyLog, mailOutbox, news } from '../db/schema/index.js';

const DAY = 86_400_000;
const daysAgo = (days: number, hour = 9) => {
  const at = new Date(Date.now() - days * DAY);
  at.setUTCHours(hour, 15, 0, 0);
  return at;
};
const dayText = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** The platform's news (issue 13 §6): published items of each tag and one dated next month, hidden from readers until then. */
export async function insertDemoNews(tx: Tx, platformId: number) {
  await tx.insert(news).values([
    {
      platformId,
      tag: 13,
      title: 'Le tableau de suivi s’exporte',
      subTitle: 'Sept exports xlsx dans l’espace administrateur',
      text: '<p>Signatures, absences, visites, contrats, tableau de suivi et récapitulatif : chaque export se télécharge pour une année ou toutes.</p>',
      dateToDisplay: dayText(2),
    },
    {
      platformId,
      tag: 11,
      title: 'Rentrée 2025 : les livrets sont ouverts',
      subTitle: 'Les apprentis peuvent compléter leur premier questionnaire',
      text: '<p>Les livrets de la promotion 2025 sont disponibles. Pensez à signer avant la date de fin.</p>',
      dateToDisplay: dayText(20),
    },
    {
      platformId,
      tag: 12,
      title: 'Maintenance programmée',
      subTitle: 'Le portail sera indisponible samedi de 7 h à 8 h',
      text: '<p>Une mise à jour du serveur aura lieu samedi matin.</p>',
      dateToDisplay: dayText(35),
    },
    {
      platformId,
      tag: 14,
      title: 'Tutoriel : signer un questionnaire',
      subTitle: 'Trois étapes, de la saisie à la signature',
      text: '<p>Complétez les réponses, partagez le brouillon puis signez.</p>',
      dateToDisplay: dayText(60),
    },
    {
      platformId,
      tag: 11,
      title: 'Journée portes ouvertes',
      subTitle: 'Publiée le mois prochain',
      text: '<p>Cette actualité reste cachée aux lecteurs jusqu’à sa date.</p>',
      dateToDisplay: dayText(-30),
    },
  ]);
}

/**
 * A course's mails and history lines (issues 13 §7, 17 §5): a welcome mail and a reminder sent, a
 * new-password mail the server refused, with its answer, to resend; a few sign-ins and an
 * impersonation, days ago. Each seeded copy of the course gets its own.
 */
export async function insertDemoHistory(tx: Tx, params: { platformId: number; courseId: number; people: Map<string, number> }) {
  const { platformId, courseId, people } = params;
  const lucas = 'lucas.martin@example.com';
  await tx.insert(mailOutbox).values([
    {
      platformId,
      trainingCourseId: courseId,
      kind: 'welcome',
      toAddress: lucas,
      subject: 'Bienvenue sur le livret électronique',
      text: 'Bonjour Lucas,\nvotre compte est prêt.',
      status: 'sent',
      attempts: 1,
      smtpResponse: '250 2.0.0 OK: queued as 4F2A1C',
      createdAt: daysAgo(12),
      sentAt: daysAgo(12),
    },
    {
      platformId,
      trainingCourseId: courseId,
      kind: 'new-password',
      toAddress: 'ancienne.adresse@example.org',
      subject: 'Votre nouveau mot de passe',
      text: 'Bonjour,\nvoici le lien pour choisir votre mot de passe.',
      status: 'failed',
      attempts: 1,
      error: "Can't send mail - all recipients were rejected: 550 5.1.1 <ancienne.adresse@example.org>: Recipient address rejected",
      smtpResponse: '550 5.1.1 <ancienne.adresse@example.org>: Recipient address rejected: User unknown',
      createdAt: daysAgo(5),
    },
    {
      platformId,
      trainingCourseId: courseId,
      kind: 'reminder',
      toAddress: lucas,
      subject: 'Relance : questionnaire à signer',
      text: 'Bonjour Lucas,\nun questionnaire attend votre signature.',
      status: 'sent',
      attempts: 1,
      smtpResponse: '250 2.0.0 OK: queued as 7B91D0',
      createdAt: daysAgo(3),
      sentAt: daysAgo(3),
    },
  ]);
  const id = (username: string) => people.get(username) ?? null;
  const login = (username: string, days: number, ip: string) => ({
    platformId,
    userId: id(username),
    action: 'user.login',
    ip,
    userAgent: BROWSER,
    createdAt: daysAgo(days, 8),
  });
  await tx.insert(historyLog).values([
    login('maitre', 6, '192.0.2.41'),
    login('manager', 4, '198.51.100.7'),
    {
      platformId,
      userId: id('apprenti2'),
      impersonatorId: id('manager'),
      action: 'user.switch',
      entity: 'user',
      entityId: id('apprenti2'),
      details: { via: 'lea-manager' },
      ip: '198.51.100.7',
      userAgent: BROWSER,
      createdAt: daysAgo(4, 10),
    },
  ]);
}
