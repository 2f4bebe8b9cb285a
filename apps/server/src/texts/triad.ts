import { defineCatalogue } from '@lea/shared';

/** The triad's key dates calendar (spec 2 §2 "download key dates"): its name, file name and event summaries. */
export const TRIAD_TEXTS = defineCatalogue(
  {
    calendar: 'Dates clés',
    calendarFile: 'dates-cles',
    opens: 'Ouverture : {title}',
    closes: 'Clôture : {title}',
    completeness: 'À compléter au plus tard : {title}',
    contractStart: 'Début du contrat : {name}',
    contractEnd: 'Fin du contrat : {name}',
    rupture: 'Rupture du contrat : {name}',
    cause: 'Motif : {cause}',
    contract: 'Contrat',
  } as const,
  {
    calendar: 'Key dates',
    calendarFile: 'key-dates',
    opens: 'Opens: {title}',
    closes: 'Closes: {title}',
    completeness: 'To be completed by: {title}',
    contractStart: 'Contract start: {name}',
    contractEnd: 'Contract end: {name}',
    rupture: 'Contract termination: {name}',
    cause: 'Cause: {cause}',
    contract: 'Contract',
  },
);
