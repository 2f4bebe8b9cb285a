import { defineCatalogue } from '@lea/shared';

/** The manager's skill dashboard (spec 3 §2.2, §4): filter form, levels in the xlsx export. */
export const SKILL_DASHBOARD_TEXTS = defineCatalogue(
  {
    filterSession: 'Session de compétences',
    currentSession: 'Session en cours',
    filterTriads: 'Trinômes',
    filterCategories: 'Blocs de compétences',
    triadWithoutApprentice: 'Trinôme {id}',
    acquired: 'Acquis',
    inProgress: 'En cours d’acquisition',
    notAcquired: 'Non acquis',
    sheet: 'Compétences',
    reminderClosed: "La session n'est pas ouverte : il n'y a rien à évaluer pour l'instant",
    reminderNobody: 'Tout le monde a évalué les compétences de la session',
    reminderSent: '{count} e-mail(s) de relance envoyé(s)',
    reminderSubject: '{platform} : des compétences attendent votre évaluation',
    reminderBody:
      "Bonjour {firstName},\n\nLa session « {session} » de la formation {course} est ouverte jusqu'au {end}. Il vous reste des compétences à évaluer pour : {apprentices}.\n\nPour les évaluer : {link}",
  } as const,
  {
    filterSession: 'Skill session',
    currentSession: 'Current session',
    filterTriads: 'Triads',
    filterCategories: 'Skill blocks',
    triadWithoutApprentice: 'Triad {id}',
    acquired: 'Acquired',
    inProgress: 'In progress',
    notAcquired: 'Not acquired',
    sheet: 'Skills',
    reminderClosed: 'The session is not open: there is nothing to rate yet',
    reminderNobody: 'Everyone has rated the skills of the session',
    reminderSent: '{count} reminder e-mail(s) sent',
    reminderSubject: '{platform}: skills are waiting for your rating',
    reminderBody:
      'Hello {firstName},\n\nThe session “{session}” of {course} is open until {end}. You still have skills to rate for: {apprentices}.\n\nTo rate them: {link}',
  },
);
