import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isValidEmail } from '@lea/shared';
import type { Db, Tx } from '../../db/client.js';
import { crews, triads, users } from '../../db/schema/index.js';
import { textRef } from '../../texts/index.js';
import { emailKey, resolvePeople, type PersonInput } from '../people.js';
import { COUNT_SLOT } from '../text.js';
import type { ExchangeColumn, ExchangeDeclaration, ImportLine, ImportProblem, ImportResult, ManagerScope } from '../types.js';

/**
 * The roles an import line names; second tutors and masters stay as they are (form only). Their
 * words (`Nom tuteur`, `Email dirigeant`) are the file's column headers, its documented format.
 */
const ROLES = [
  { key: 'apprentice', column: 'apprenticeId', type: 'apprentice', word: textRef('backOffice.triadFile.apprentice'), required: true },
  { key: 'tutor', column: 'tutorId', type: 'tutor', word: textRef('backOffice.triadFile.tutor'), required: false },
  {
    key: 'apprenticeMaster',
    column: 'apprenticeMasterId',
    type: 'apprentice_master',
    word: textRef('backOffice.triadFile.apprenticeMaster'),
    required: false,
  },
  { key: 'companyManager', column: 'companyManagerId', type: null, word: textRef('backOffice.triadFile.companyManager'), required: false },
] as const;
type Role = (typeof ROLES)[number];

const EXAMPLE: Record<Role['key'], [string, string, string]> = {
  apprentice: ['Dupont', 'Marie', 'marie.dupont@example.com'],
  tutor: ['Bernard', 'Julien', 'julien.bernard@example.com'],
  apprenticeMaster: ['Dubois', 'Nathalie', 'nathalie.dubois@example.com'],
  companyManager: ['', '', ''],
};

/** A triad of the update file: its columns with the names of its crew and people. */
export type TriadExportRow = { id: number; active: boolean; crew: string } & Record<string, string | number | boolean | null>;

const YES = new Set(['oui', 'o', 'yes', 'y', '1', 'vrai', 'true', 'x']);
const NO = new Set(['non', 'n', 'no', '0', 'faux', 'false']);

const parseEmail = (cell: string) => (isValidEmail(cell) ? { value: cell.trim() } : textRef('validation.email'));
const parseYesNo = (cell: string) => {
  const word = cell.trim().toLowerCase();
  if (YES.has(word)) return { value: true };
  return NO.has(word) ? { value: false } : textRef('backOffice.import.yesNo');
};
const parseId = (cell: string) => (/^\d{1,9}$/.test(cell) ? { value: Number(cell) } : textRef('backOffice.triadFile.badId'));

const personColumns = (role: Role): ExchangeColumn<TriadExportRow>[] => [
  {
    key: `${role.key}LastName`,
    header: textRef('backOffice.triadFile.lastName', { role: role.word }),
    required: role.required,
    value: (row) => String(row[`${role.key}LastName`] ?? ''),
    example: EXAMPLE[role.key][0],
  },
  {
    key: `${role.key}FirstName`,
    header: textRef('backOffice.triadFile.firstName', { role: role.word }),
    required: role.required,
    value: (row) => String(row[`${role.key}FirstName`] ?? ''),
    example: EXAMPLE[role.key][1],
  },
  {
    key: `${role.key}Email`,
    header: textRef('backOffice.triadFile.email', { role: role.word }),
    required: role.required,
    parse: parseEmail,
    value: (row) => String(row[`${role.key}Email`] ?? ''),
    example: EXAMPLE[role.key][2],
    width: 32,
  },
];

const YES_NO = { yes: textRef('backOffice.import.yes'), no: textRef('backOffice.import.no') };

/**
 * Columns of the triad file (docs/api/manager.md): the update file starts with the triad id; both
 * are read by header text, French or English, in any order.
 */
function triadColumns(update: boolean): ExchangeColumn<TriadExportRow>[] {
  return [
    ...(update
      ? [
          {
            key: 'id',
            header: 'backOffice.triadFile.id' as const,
            required: true,
            parse: parseId,
            value: (row: TriadExportRow) => row.id,
            width: 16,
          },
        ]
      : []),
    {
      key: 'crew',
      header: 'backOffice.word.crew',
      required: true,
      value: (row) => row.crew,
      example: textRef('backOffice.crew.example'),
      width: 30,
    },
    ...ROLES.flatMap(personColumns),
    {
      key: 'active',
      header: 'backOffice.triadFile.active',
      parse: parseYesNo,
      value: (row) => (row.active ? YES_NO.yes : YES_NO.no),
      example: YES_NO.yes,
    },
  ];
}

const exportUsers = {
  apprentice: alias(users, 'apprentice_user'),
  tutor: alias(users, 'tutor_user'),
  apprenticeMaster: alias(users, 'master_user'),
  companyManager: alias(users, 'company_manager_user'),
};

async function exportTriads(db: Db, scope: ManagerScope): Promise<TriadExportRow[]> {
  const { apprentice, tutor, apprenticeMaster, companyManager } = exportUsers;
  const rows = await db
    .select({ triad: { id: triads.id, active: triads.active }, crew: crews.name, apprentice, tutor, apprenticeMaster, companyManager })
    .from(triads)
    .leftJoin(crews, eq(crews.id, triads.crewId))
    .leftJoin(apprentice, eq(apprentice.id, triads.apprenticeId))
    .leftJoin(tutor, eq(tutor.id, triads.tutorId))
    .leftJoin(apprenticeMaster, eq(apprenticeMaster.id, triads.apprenticeMasterId))
    .leftJoin(companyManager, eq(companyManager.id, triads.companyManagerId))
    .where(eq(triads.trainingCourseId, scope.course.id))
    .orderBy(asc(crews.position), asc(triads.id));
  return rows.map((row) => {
    const exported: TriadExportRow = { id: row.triad.id, active: row.triad.active, crew: row.crew ?? '' };
    for (const role of ROLES) {
      const person = row[role.key];
      exported[`${role.key}LastName`] = person?.lastName ?? null;
      exported[`${role.key}FirstName`] = person?.firstName ?? null;
      exported[`${role.key}Email`] = person?.email ?? null;
    }
    return exported;
  });
}

type LinePeople = { line: ImportLine; people: { role: Role; person: PersonInput | null }[] };

/** Per line: each person complete or absent, and one person per role. */
function readPeople(lines: ImportLine[], errors: ImportProblem[]): LinePeople[] {
  return lines.map((line) => {
    const seen = new Set<string>();
    const people = ROLES.map((role) => {
      const cell = (part: string) => (line.values[`${role.key}${part}`] as string | null) ?? null;
      const parts = { LastName: cell('LastName'), FirstName: cell('FirstName'), Email: cell('Email') };
      if (Object.values(parts).every((value) => value === null)) return { role, person: null };
      const missing = Object.entries(parts).filter(([, value]) => value === null);
      const incomplete = textRef('backOffice.triadFile.incomplete', { message: textRef('validation.required'), role: role.word });
      for (const [part] of missing) errors.push({ line: line.line, column: `${role.key}${part}`, message: incomplete });
      if (missing.length > 0) return { role, person: null };
      if (seen.has(emailKey(parts.Email!)))
        errors.push({ line: line.line, column: `${role.key}Email`, message: textRef('backOffice.triad.roleTaken') });
      seen.add(emailKey(parts.Email!));
      return { role, person: { lastName: parts.LastName!, firstName: parts.FirstName!, email: parts.Email!, type: role.type } };
    });
    return { line, people };
  });
}

/** The course's crews by lower-cased name; the unknown names of the file are created (after the others). */
async function crewIds(tx: Tx, courseId: number, names: string[]): Promise<Map<string, number>> {
  const key = (name: string) => name.trim().toLowerCase();
  const rows = await tx
    .select({ id: crews.id, name: crews.name })
    .from(crews)
    .where(eq(crews.trainingCourseId, courseId))
    .orderBy(asc(crews.position), asc(crews.id));
  const ids = new Map<string, number>();
  for (const row of rows) if (!ids.has(key(row.name))) ids.set(key(row.name), row.id);
  const missing = [...new Map(names.filter((name) => !ids.has(key(name))).map((name) => [key(name), name.trim()])).values()];
  if (missing.length > 0) {
    const [last] = await tx
      .select({ position: max(crews.position) })
      .from(crews)
      .where(eq(crews.trainingCourseId, courseId));
    const start = (last?.position ?? -1) + 1;
    const created = await tx
      .insert(crews)
      .values(missing.map((name, index) => ({ trainingCourseId: courseId, name, position: start + index })))
      .returning({ id: crews.id, name: crews.name });
    for (const row of created) ids.set(key(row.name), row.id);
  }
  return ids;
}

/** Lines naming an apprentice twice in the file, or one who already has a triad in the course (a file imported twice). */
async function checkNewApprentices(tx: Tx, courseId: number, read: LinePeople[], errors: ImportProblem[]): Promise<void> {
  const firstLine = new Map<string, number>();
  for (const { line, people } of read) {
    const apprentice = people[0]!.person;
    if (!apprentice) continue;
    const key = emailKey(apprentice.email);
    const first = firstLine.get(key);
    if (first !== undefined)
      errors.push({
        line: line.line,
        column: 'apprenticeEmail',
        message: textRef('backOffice.triadFile.apprenticeTwice', { line: first }),
      });
    else firstLine.set(key, line.line);
  }
  if (firstLine.size === 0) return;
  const existing = await tx
    .select({ email: sql<string>`lower(${users.email})`, triadId: triads.id })
    .from(triads)
    .innerJoin(users, eq(users.id, triads.apprenticeId))
    .where(and(eq(triads.trainingCourseId, courseId), inArray(sql`lower(${users.email})`, [...firstLine.keys()])));
  for (const row of existing) {
    errors.push({
      line: firstLine.get(row.email)!,
      column: 'apprenticeEmail',
      message: textRef('backOffice.triadFile.apprenticeHasTriad', { triad: row.triadId }),
    });
  }
}

async function checkUpdatedTriads(tx: Tx, courseId: number, lines: ImportLine[], errors: ImportProblem[]): Promise<void> {
  const ids = lines.map((line) => Number(line.values.id));
  const known = new Set(
    (
      await tx
        .select({ id: triads.id })
        .from(triads)
        .where(and(eq(triads.trainingCourseId, courseId), inArray(triads.id, ids)))
    ).map((row) => row.id),
  );
  const seen = new Map<number, number>();
  for (const line of lines) {
    const id = Number(line.values.id);
    const first = seen.get(id);
    if (!known.has(id)) errors.push({ line: line.line, column: 'id', message: textRef('backOffice.triadFile.unknown') });
    else if (first !== undefined)
      errors.push({ line: line.line, column: 'id', message: textRef('backOffice.triadFile.triadTwice', { line: first }) });
    else seen.set(id, line.line);
  }
}

/** The people of the triads an update file changes: they may stay even when they also belong elsewhere. */
async function updatedMembers(tx: Tx, courseId: number, lines: ImportLine[]): Promise<Set<number>> {
  const rows = await tx
    .select()
    .from(triads)
    .where(
      and(
        eq(triads.trainingCourseId, courseId),
        inArray(
          triads.id,
          lines.map((line) => Number(line.values.id)),
        ),
      ),
    );
  const members = rows.flatMap((row) => [
    row.apprenticeId,
    row.tutorId,
    row.tutor2Id,
    row.apprenticeMasterId,
    row.apprenticeMaster2Id,
    row.companyManagerId,
  ]);
  return new Set(members.filter((id): id is number => id !== null));
}

const int = (value: number | null) => sql`${value}::integer`;

/**
 * Applies the lines in the import's transaction, a fixed number of statements whatever the count:
 * new triads in one insert per thousand, updates in one `update … from (values …)` per thousand.
 */
async function applyTriads(tx: Tx, scope: ManagerScope, lines: ImportLine[], update: boolean): Promise<ImportResult> {
  const course = scope.course;
  const errors: ImportProblem[] = [];
  const read = readPeople(lines, errors);
  if (update) await checkUpdatedTriads(tx, course.id, lines, errors);
  else await checkNewApprentices(tx, course.id, read, errors);
  if (errors.length > 0) return { created: 0, updated: 0, errors };

  const crewOf = await crewIds(
    tx,
    course.id,
    lines.map((line) => String(line.values.crew)),
  );
  const kept = update ? await updatedMembers(tx, course.id, lines) : new Set<number>();
  const named = read.flatMap(({ people: onLine }) => onLine.flatMap(({ person }) => (person ? [person] : [])));
  const { ids: people, refused } = await resolvePeople(tx, scope, named, { kept });
  if (refused.size > 0) {
    for (const { line, people: named } of read) {
      for (const { role, person } of named) {
        if (person && refused.has(emailKey(person.email)))
          errors.push({ line: line.line, column: `${role.key}Email`, message: textRef('validation.personElsewhere') });
      }
    }
    return { created: 0, updated: 0, errors };
  }
  const rows = read.map(({ line, people: named }) => ({
    id: Number(line.values.id ?? 0),
    crewId: crewOf.get(String(line.values.crew).trim().toLowerCase())!,
    active: (line.values.active as boolean | null) ?? null,
    ...(Object.fromEntries(named.map(({ role, person }) => [role.column, person ? people.get(emailKey(person.email))! : null])) as Record<
      Role['column'],
      number | null
    >),
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    const part = rows.slice(start, start + 1000);
    if (!update) {
      await tx
        .insert(triads)
        .values(part.map(({ id: _id, active, ...row }) => ({ ...row, active: active ?? true, trainingCourseId: course.id })));
      continue;
    }
    const values = sql.join(
      part.map(
        (row) =>
          sql`(${int(row.id)}, ${int(row.crewId)}, ${int(row.apprenticeId)}, ${int(row.tutorId)}, ${int(row.apprenticeMasterId)}, ${int(row.companyManagerId)}, ${row.active}::boolean)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${triads} set crew_id = v.crew_id, apprentice_id = v.apprentice_id, tutor_id = v.tutor_id,
        apprentice_master_id = v.apprentice_master_id, company_manager_id = v.company_manager_id, active = coalesce(v.active, ${triads.active})
      from (values ${values}) as v(id, crew_id, apprentice_id, tutor_id, apprentice_master_id, company_manager_id, active)
      where ${triads.id} = v.id and ${triads.trainingCourseId} = ${course.id}`);
  }
  return { created: update ? 0 : rows.length, updated: update ? rows.length : 0, errors };
}

export const triadExchange: ExchangeDeclaration<TriadExportRow, ManagerScope> = {
  fileName: 'lea-trinomes',
  sheetName: 'backOffice.word.triads',
  texts: {
    import: 'backOffice.triadFile.importText',
    update: 'backOffice.triadFile.updateText',
    created: {
      one: textRef('backOffice.triadFile.createdOne', COUNT_SLOT),
      other: textRef('backOffice.triadFile.createdOther', COUNT_SLOT),
    },
    updated: {
      one: textRef('backOffice.triadFile.updatedOne', COUNT_SLOT),
      other: textRef('backOffice.triadFile.updatedOther', COUNT_SLOT),
    },
    thanks: 'backOffice.triadFile.thanks',
  },
  columns: triadColumns,
  exportRecords: exportTriads,
  apply: applyTriads,
};
