import { defineCatalogue } from '@lea/shared';

/** The course manager's area outside the generic engine (spec 3 §2.1 menu, §2.2 triads and mails). */
export const MANAGER_TEXTS = defineCatalogue(
  {
    peopleOutsideCourse: 'Ces personnes ne font pas toutes partie des trinômes de la formation',
    onlyTutorOrMaster: 'Seuls un tuteur ou un maître d’apprentissage peuvent être retirés',
    alreadyImpersonating: 'Vous êtes déjà en mode « se connecter en tant que » : revenez d’abord à votre compte.',
    menuHome: 'Accueil',
    menuTriads: 'Trinômes',
    menuQuestionnaires: 'Questionnaires',
    menuDashboard: 'Tableau de bord',
    menuSkillDashboard: 'Tableau des compétences',
    noCrew: 'Sans groupe',
    welcomeSent: 'Les e-mails de bienvenue ont été envoyés',
    newPasswordSent: 'Les e-mails de nouveau mot de passe ont été envoyés',
    testCrew: 'Trinômes de test',
    testCreated: 'Le trinôme de test a été créé',
    memberRemoved: 'Le membre a été retiré du trinôme',
  } as const,
  {
    peopleOutsideCourse: 'Some of these people are not in the triads of the training course',
    onlyTutorOrMaster: 'Only a tutor or an apprenticeship master can be removed',
    alreadyImpersonating: 'You are already signed in as someone else: go back to your own account first.',
    menuHome: 'Home',
    menuTriads: 'Triads',
    menuQuestionnaires: 'Questionnaires',
    menuDashboard: 'Dashboard',
    menuSkillDashboard: 'Skill dashboard',
    noCrew: 'No crew',
    welcomeSent: 'The welcome e-mails have been sent',
    newPasswordSent: 'The new-password e-mails have been sent',
    testCrew: 'Test triads',
    testCreated: 'The test triad has been created',
    memberRemoved: 'The member has been removed from the triad',
  },
);
