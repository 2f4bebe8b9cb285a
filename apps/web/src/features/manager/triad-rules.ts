import type { ManagerTriad, ManagerTriadListResponse, PersonSummary } from '@lea/shared';
import type { RemovableMemberType } from './triad-api';

export type ManagerCrew = ManagerTriadListResponse['crews'][number];

/** The four person columns of the triad list (spec 3 §2.2); the last one is marked CL. */
export const PERSON_COLUMNS = ['apprentice', 'tutor', 'apprenticeMaster', 'manager'] as const;
export type PersonColumn = (typeof PERSON_COLUMNS)[number];

/** Spec 3 §4: a crew is deleted only once empty (hint cannot_remove); triads without a crew have no crew to delete. */
export function canDeleteCrew(crew: ManagerCrew): boolean {
  return crew.id !== null && crew.triads.length === 0;
}

export function canEditCrew(crew: ManagerCrew): boolean {
  return crew.id !== null;
}

/** The member a column may remove from the triad (spec 3 §7.1: 2 tutor, 3 apprentice master), if any. */
export function removableMember(triad: ManagerTriad, column: PersonColumn): { type: RemovableMemberType; person: PersonSummary } | null {
  if (column === 'tutor' && triad.tutor) return { type: 2, person: triad.tutor };
  if (column === 'apprenticeMaster' && triad.apprenticeMaster) return { type: 3, person: triad.apprenticeMaster };
  return null;
}

/**
 * Whom a manager may act as (spec 3 §6): apprentice, tutor, apprentice master and the secondary
 * users; the company manager (CL) is not a triad member one signs in as.
 */
export function canImpersonate(column: PersonColumn | 'secondary'): boolean {
  return column !== 'manager';
}

/** Spec 3 §5: deleting a triad with a signed questionnaire warns, and its trash icon is red. */
export function deleteWarning(triad: ManagerTriad): 'questionnaire_triad_already_signed' | null {
  return triad.isAlreadyQuestionnaireSigned ? 'questionnaire_triad_already_signed' : null;
}

/** Secondary users of a column: userType 1 hang on the apprentice, 2 on the tutor. */
export function secondaryUsersOf(triad: ManagerTriad, column: PersonColumn): ManagerTriad['triadUsers'] {
  const type = column === 'apprentice' ? 1 : column === 'tutor' ? 2 : null;
  return type === null ? [] : triad.triadUsers.filter((triadUser) => triadUser.userType === type);
}
