import { defineCatalogue } from '@lea/shared';

/** The texts of the HTTP layer and of records every feature looks up. */
export const COMMON_TEXTS = defineCatalogue(
  {
    unauthorized: 'Authentification requise',
    forbidden: 'Accès interdit',
    notFound: 'Introuvable',
    invalidRequest: 'Requête invalide',
    unavailable: 'Le service est momentanément indisponible, réessayez dans quelques instants',
    platformNotFound: 'Plateforme introuvable',
    noPlatformFor: 'Aucune plateforme pour {hostname}',
    userNotFound: 'Utilisateur introuvable',
    courseNotFound: 'Formation introuvable',
    triadNotFound: 'Trinôme introuvable',
    moduleClosed: "Ce module n'est pas ouvert à ce trinôme",
    crewNotFound: 'Groupe introuvable',
    memberNotFound: 'Membre introuvable dans ce trinôme',
    notProfileInTriad: "Vous n'avez pas ce profil dans ce trinôme",
    noData: 'Aucune donnée',
  } as const,
  {
    unauthorized: 'Authentication required',
    forbidden: 'Access denied',
    notFound: 'Not found',
    invalidRequest: 'Invalid request',
    unavailable: 'The service is briefly unavailable, please try again in a moment',
    platformNotFound: 'Platform not found',
    noPlatformFor: 'No platform for {hostname}',
    userNotFound: 'User not found',
    courseNotFound: 'Training course not found',
    triadNotFound: 'Triad not found',
    moduleClosed: 'This module is not open to this triad',
    crewNotFound: 'Crew not found',
    memberNotFound: 'Member not found in this triad',
    notProfileInTriad: 'You do not have this profile in this triad',
    noData: 'No data',
  },
);
