import { asc, eq, inArray } from 'drizzle-orm';
import { MESSAGES, TRIAD_ROLES, type TitledProfile, type TriadInput, type TriadRole, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { crews, triads, users } from '../../db/schema/index.js';
import type { FieldSpec, TabSpec } from '../form-builder.js';
import { textRef, type TextParam } from '../../texts/index.js';
import { emailKey, type PersonInput } from '../people.js';
import { FIELD_MESSAGES, profileLabel, profileWord } from '../text.js';

export type TriadRecord = typeof triads.$inferSelect;

/** The triad column of each role of the form. */
export const ROLE_COLUMN: Record<TriadRole, keyof TriadRecord & `${string}Id`> = {
  apprentice: 'apprenticeId',
  tutor: 'tutorId',
  tutor2: 'tutor2Id',
  apprenticeMaster: 'apprenticeMasterId',
  apprenticeMaster2: 'apprenticeMaster2Id',
  companyManager: 'companyManagerId',
};

/** users.type of the people a triad creates. */
export const ROLE_USER_TYPE: Record<TriadRole, string | null> = {
  apprentice: 'apprentice',
  tutor: 'tutor',
  tutor2: 'tutor',
  apprenticeMaster: 'apprentice_master',
  apprenticeMaster2: 'apprentice_master',
  companyManager: null,
};

/** The profile of each role of the form, named by the profile titles; second ones are "second …". */
const ROLE_PROFILE: Record<TriadRole, { profile: TitledProfile; second?: true }> = {
  apprentice: { profile: 1 },
  tutor: { profile: 2 },
  tutor2: { profile: 2, second: true },
  apprenticeMaster: { profile: 3 },
  apprenticeMaster2: { profile: 3, second: true },
  companyManager: { profile: 'companyManager' },
};

function roleWord(role: TriadRole): TextParam {
  const { profile, second } = ROLE_PROFILE[role];
  return second ? textRef('backOffice.triad.secondRole', { role: profileWord(profile) }) : profileWord(profile);
}

const PERSON_FIELDS = [
  { suffix: 'LastName', kind: 'text', label: 'backOffice.triad.lastName' },
  { suffix: 'FirstName', kind: 'text', label: 'backOffice.triad.firstName' },
  { suffix: 'Email', kind: 'email', label: 'backOffice.triad.email' },
] as const;

const personFields = (role: TriadRole, required: boolean): FieldSpec[] =>
  PERSON_FIELDS.map((part) => ({
    name: `${role}${part.suffix}`,
    kind: part.kind,
    label: textRef(part.label, { role: roleWord(role) }),
    required,
    ...(part.suffix === 'Email' ? { help: 'backOffice.triad.personHelp' as const } : {}),
  }));

/** Tabs of the triad form: the wizard's steps when adding, the tabs when editing. */
export function triadTabs(crewChoices: { value: string; label: string }[]): TabSpec[] {
  return [
    {
      code: 'triad',
      label: 'backOffice.word.triad',
      fields: [
        { name: 'crew', kind: 'select', label: 'backOffice.word.crew', required: true, choices: crewChoices },
        { name: 'active', kind: 'checkbox', label: 'backOffice.triad.active', initial: true },
      ],
    },
    { code: 'apprentice', label: profileLabel(1), fields: personFields('apprentice', true) },
    { code: 'tutor', label: profileLabel(2), fields: [...personFields('tutor', false), ...personFields('tutor2', false)] },
    {
      code: 'apprenticeMaster',
      label: profileLabel(3),
      fields: [...personFields('apprenticeMaster', false), ...personFields('apprenticeMaster2', false)],
    },
    { code: 'companyManager', label: profileLabel('companyManager'), fields: personFields('companyManager', false) },
  ];
}

export async function crewChoices(db: DbOrTx, courseId: number) {
  const rows = await db
    .select({ id: crews.id, name: crews.name })
    .from(crews)
    .where(eq(crews.trainingCourseId, courseId))
    .orderBy(asc(crews.position), asc(crews.id));
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}

/** The form values of a triad: its crew, state and the names and e-mails of its people. */
export async function triadValues(db: DbOrTx, record: TriadRecord): Promise<Record<string, unknown>> {
  const ids = TRIAD_ROLES.map((role) => record[ROLE_COLUMN[role]]).filter((id): id is number => id !== null);
  const people = ids.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const values: Record<string, unknown> = { crew: record.crewId === null ? null : String(record.crewId), active: record.active };
  for (const role of TRIAD_ROLES) {
    const person = byId.get(record[ROLE_COLUMN[role]] ?? 0);
    values[`${role}LastName`] = person?.lastName ?? null;
    values[`${role}FirstName`] = person?.firstName ?? null;
    values[`${role}Email`] = person?.email ?? null;
  }
  return values;
}

type PersonParts = { lastName: string | null; firstName: string | null; email: string | null };
const partsOf = (input: TriadInput, role: TriadRole): PersonParts => {
  const values = input as unknown as Record<string, string | null>;
  return {
    lastName: values[`${role}LastName`] ?? null,
    firstName: values[`${role}FirstName`] ?? null,
    email: values[`${role}Email`] ?? null,
  };
};

/**
 * Rules across the person fields: a person is named completely (last name, first name, e-mail)
 * or not at all, and one person holds one role of the triad.
 */
export function checkPeople(input: TriadInput): ValidationError[] {
  const errors: ValidationError[] = [];
  const seen = new Map<string, TriadRole>();
  for (const role of TRIAD_ROLES) {
    const parts = partsOf(input, role);
    const filled = Object.values(parts).some((value) => value !== null);
    if (!filled) continue;
    for (const part of PERSON_FIELDS) {
      const key = part.suffix === 'LastName' ? 'lastName' : part.suffix === 'FirstName' ? 'firstName' : 'email';
      if (parts[key] === null) errors.push({ field: `${role}${part.suffix}`, message: MESSAGES.required });
    }
    if (parts.email === null) continue;
    const other = seen.get(emailKey(parts.email));
    if (other) errors.push({ field: `${role}Email`, message: FIELD_MESSAGES['triad.roleTaken'] });
    else seen.set(emailKey(parts.email), role);
  }
  return errors;
}

/** The people the form names, role by role (checked complete by checkPeople). */
export function peopleOf(input: TriadInput): { role: TriadRole; person: PersonInput | null }[] {
  return TRIAD_ROLES.map((role) => {
    const parts = partsOf(input, role);
    if (parts.email === null || parts.lastName === null || parts.firstName === null) return { role, person: null };
    return { role, person: { lastName: parts.lastName, firstName: parts.firstName, email: parts.email, type: ROLE_USER_TYPE[role] } };
  });
}
