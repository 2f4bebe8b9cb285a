import { asc, eq, inArray } from 'drizzle-orm';
import { TRIAD_ROLES, type TriadInput, type TriadRole, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { crews, triads, users } from '../../db/schema/index.js';
import type { FieldSpec, TabSpec } from '../form-builder.js';
import { emailKey, type PersonInput } from '../people.js';
import type { Text } from '../types.js';

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

const ROLE_LABEL: Record<TriadRole, Text> = {
  apprentice: { fr: 'apprenti', en: 'apprentice' },
  tutor: { fr: 'tuteur pédagogique', en: 'tutor' },
  tutor2: { fr: 'second tuteur', en: 'second tutor' },
  apprenticeMaster: { fr: "maître d'apprentissage", en: 'apprenticeship master' },
  apprenticeMaster2: { fr: "second maître d'apprentissage", en: 'second apprenticeship master' },
  companyManager: { fr: "dirigeant de l'entreprise", en: 'company manager' },
};

const PERSON_FIELDS = [
  { suffix: 'LastName', kind: 'text', label: { fr: 'Nom', en: 'Last name' } },
  { suffix: 'FirstName', kind: 'text', label: { fr: 'Prénom', en: 'First name' } },
  { suffix: 'Email', kind: 'email', label: { fr: 'Adresse e-mail', en: 'E-mail address' } },
] as const;

const personFields = (role: TriadRole, required: boolean): FieldSpec[] =>
  PERSON_FIELDS.map((part) => ({
    name: `${role}${part.suffix}`,
    kind: part.kind,
    label: { fr: `${part.label.fr} (${ROLE_LABEL[role].fr})`, en: `${part.label.en} (${ROLE_LABEL[role].en})` },
    required,
    ...(part.suffix === 'Email'
      ? { help: { fr: 'La personne est retrouvée par son adresse e-mail, ou créée', en: 'The person is found by e-mail address, or created' } }
      : {}),
  }));

/** Tabs of the triad form: the wizard's steps when adding, the tabs when editing. */
export function triadTabs(crewChoices: { value: string; label: string }[]): TabSpec[] {
  return [
    {
      code: 'triad',
      label: { fr: 'Trinôme', en: 'Triad' },
      fields: [
        { name: 'crew', kind: 'select', label: { fr: 'Groupe', en: 'Crew' }, required: true, choices: crewChoices },
        { name: 'active', kind: 'checkbox', label: { fr: 'Trinôme actif', en: 'Active triad' }, initial: true },
      ],
    },
    { code: 'apprentice', label: { fr: 'Apprenti', en: 'Apprentice' }, fields: personFields('apprentice', true) },
    { code: 'tutor', label: { fr: 'Tuteur', en: 'Tutor' }, fields: [...personFields('tutor', false), ...personFields('tutor2', false)] },
    {
      code: 'apprenticeMaster',
      label: { fr: "Maître d'apprentissage", en: 'Apprenticeship master' },
      fields: [...personFields('apprenticeMaster', false), ...personFields('apprenticeMaster2', false)],
    },
    { code: 'companyManager', label: { fr: 'Dirigeant', en: 'Company manager' }, fields: personFields('companyManager', false) },
  ];
}

export async function crewChoices(db: DbOrTx, courseId: number) {
  const rows = await db.select({ id: crews.id, name: crews.name }).from(crews).where(eq(crews.trainingCourseId, courseId)).orderBy(asc(crews.position), asc(crews.id));
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}

/** The form values of a triad: its crew, state and the names and e-mails of its people. */
export async function triadValues(db: DbOrTx, record: TriadRecord): Promise<Record<string, unknown>> {
  const ids = TRIAD_ROLES.map((role) => record[ROLE_COLUMN[role]]).filter((id): id is number => id !== null);
  const people = ids.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids))
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
  return { lastName: values[`${role}LastName`] ?? null, firstName: values[`${role}FirstName`] ?? null, email: values[`${role}Email`] ?? null };
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
      if (parts[key] === null) errors.push({ field: `${role}${part.suffix}`, message: 'Ce champ est obligatoire' });
    }
    if (parts.email === null) continue;
    const other = seen.get(emailKey(parts.email));
    if (other) errors.push({ field: `${role}Email`, message: 'Cette personne occupe déjà un autre rôle dans le trinôme' });
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
