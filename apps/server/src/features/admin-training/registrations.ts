import { asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { contracts, crews, trainingCourses, trainings, triads, users } from '../../db/schema/index.js';
import type { AdminScope } from '../../generic/types.js';
import { writeWorkbook } from '../../generic/xlsx.js';
import { text, type PlainTextKey } from '../../texts/index.js';

const apprentice = alias(users, 'apprentice');
const tutor = alias(users, 'tutor');
const tutor2 = alias(users, 'tutor2');
const master = alias(users, 'master');
const master2 = alias(users, 'master2');
type Person = { lastName: string; firstName: string; email: string; active: boolean } | null;

const HEADERS = [
  'training',
  'course',
  'years',
  'crew',
  'triad',
  'profile',
  'lastName',
  'firstName',
  'email',
  'active',
  'test',
  'contractStart',
  'contractEnd',
] as const;
const WIDTHS = [30, 30, 12, 20, 10, 22, 20, 20, 32, 8, 8, 16, 16];

/** Ids per round trip when reading the triads' contracts. */
const CHUNK = 5000;

/** The latest contract of each triad (by start date): its start and end. */
async function latestContracts(db: Db, triadIds: number[]): Promise<Map<number, { start: string; end: string | null }>> {
  const latest = new Map<number, { start: string; end: string | null }>();
  for (let from = 0; from < triadIds.length; from += CHUNK) {
    const rows = await db
      .select({ triadId: contracts.triadId, start: contracts.startDate, end: contracts.endDate })
      .from(contracts)
      .where(inArray(contracts.triadId, triadIds.slice(from, from + CHUNK)))
      .orderBy(asc(contracts.triadId), desc(contracts.startDate), desc(contracts.id));
    for (const row of rows) if (!latest.has(row.triadId)) latest.set(row.triadId, { start: row.start, end: row.end });
  }
  return latest;
}

/**
 * The registrations of the platform (spec 3 §2.3 trainings list "export registrations"): one line
 * per member of each triad of each course of its trainings (apprentice, tutors, masters), with
 * the training, the course and its years, the crew, the triad's id, the profile's title (the
 * platform's, from the scope: decision 024), the person, whether the account is active, whether the triad is a test one, and
 * the dates of its latest contract. Trainings by title, courses by year, crews by position.
 */
export async function registrationRows(db: Db, scope: AdminScope, locale: Locale): Promise<(string | number | null)[][]> {
  const triadRows = await db
    .select({
      id: triads.id,
      isTest: triads.isTest,
      training: trainings.title,
      course: trainingCourses.displayName,
      startYear: trainingCourses.startYear,
      endYear: trainingCourses.endYear,
      crew: crews.name,
      apprentice: { lastName: apprentice.lastName, firstName: apprentice.firstName, email: apprentice.email, active: apprentice.active },
      tutor: { lastName: tutor.lastName, firstName: tutor.firstName, email: tutor.email, active: tutor.active },
      tutor2: { lastName: tutor2.lastName, firstName: tutor2.firstName, email: tutor2.email, active: tutor2.active },
      master: { lastName: master.lastName, firstName: master.firstName, email: master.email, active: master.active },
      master2: { lastName: master2.lastName, firstName: master2.firstName, email: master2.email, active: master2.active },
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .leftJoin(crews, eq(crews.id, triads.crewId))
    .leftJoin(apprentice, eq(apprentice.id, triads.apprenticeId))
    .leftJoin(tutor, eq(tutor.id, triads.tutorId))
    .leftJoin(tutor2, eq(tutor2.id, triads.tutor2Id))
    .leftJoin(master, eq(master.id, triads.apprenticeMasterId))
    .leftJoin(master2, eq(master2.id, triads.apprenticeMaster2Id))
    .where(eq(trainings.platformId, scope.platformId))
    .orderBy(
      asc(trainings.title),
      asc(trainingCourses.startYear),
      asc(trainingCourses.displayName),
      asc(trainingCourses.id),
      asc(crews.position),
      asc(triads.id),
    );
  const titles = scope.titles[locale];
  const contractsOf = await latestContracts(
    db,
    triadRows.map((row) => row.id),
  );
  const word = (value: boolean) => text(locale, value ? 'adminTraining.registrations.yes' : 'adminTraining.registrations.no');
  const lines: (string | number | null)[][] = [];
  for (const row of triadRows) {
    const years = row.startYear === null ? '' : `${row.startYear}–${row.endYear ?? ''}`;
    const contract = contractsOf.get(row.id);
    const members: [1 | 2 | 3, Person][] = [
      [1, row.apprentice],
      [2, row.tutor],
      [2, row.tutor2],
      [3, row.master],
      [3, row.master2],
    ];
    for (const [profile, member] of members) {
      if (!member) continue;
      lines.push([
        row.training,
        row.course,
        years,
        row.crew ?? '',
        row.id,
        titles[profile].title,
        member.lastName,
        member.firstName,
        member.email,
        word(member.active),
        word(row.isTest),
        contract?.start ?? '',
        contract?.end ?? '',
      ]);
    }
  }
  return lines;
}

/** GET /app/admin/training/export-registrations: the registrations as an xlsx workbook (`lea-inscriptions-{date}.xlsx`). */
export async function registrationsWorkbook(db: Db, scope: AdminScope, now = new Date()): Promise<{ filename: string; bytes: Buffer }> {
  const { locale } = scope;
  const rows = await registrationRows(db, scope, locale);
  const headers = HEADERS.map((key) => text(locale, `adminTraining.registrations.${key}` satisfies PlainTextKey));
  const bytes = await writeWorkbook(text(locale, 'adminTraining.registrations.sheet'), headers, rows, WIDTHS);
  return { filename: `lea-${text(locale, 'adminTraining.registrations.fileName')}-${now.toISOString().slice(0, 10)}.xlsx`, bytes };
}
