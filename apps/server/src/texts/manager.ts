import { defineCatalogue } from '@lea/shared';

/** The course manager's actions outside the generic engine (spec 3 §2.2). */
export const MANAGER_TEXTS = defineCatalogue(
  {
    peopleOutsideCourse: 'Ces personnes ne font pas toutes partie des trinômes de la formation',
    onlyTutorOrMaster: 'Seuls un tuteur ou un maître d’apprentissage peuvent être retirés',
    alreadyImpersonating: 'Vous êtes déjà en mode « se connecter en tant que » : revenez d’abord à votre compte.',
  } as const,
  {
    peopleOutsideCourse: 'Some of these people are not in the triads of the training course',
    onlyTutorOrMaster: 'Only a tutor or an apprenticeship master can be removed',
    alreadyImpersonating: 'You are already signed in as someone else: go back to your own account first.',
  },
);
