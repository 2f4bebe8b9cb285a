import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEvents, platforms, triads } from '../db/schema/index.js';
import { demoCourseId } from '../generic/test-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { absencesByApprentice, absenceTotalsByTraining, monthBounds, monthlyAttendance } from './attendance.js';

/** The figures of attestations and exports, from a small hand-made planning of the demo's first triad. */
describe('attendance figures', () => {
  let test: TestApp;
  let triad: typeof triads.$inferSelect;
  let platformId: number;

  beforeAll(async () => {
    test = await createTestApp();
    const { db } = test.app.ctx;
    const courseId = await demoCourseId(test.app);
    [triad] = (await db.select().from(triads).where(eq(triads.trainingCourseId, courseId)).orderBy(triads.id).limit(1)) as [
      typeof triads.$inferSelect,
    ];
    platformId = (await db.select().from(platforms).where(eq(platforms.hostname, 'localhost')))[0]!.id;
    await db.delete(calendarEvents).where(eq(calendarEvents.trainingCourseId, courseId));
    const course = { trainingCourseId: courseId };
    await db.insert(calendarEvents).values([
      // Planning: crew (7 h), triad's own (3.5 h), course-wide (7 h), a company day (not course hours), and next month.
      {
        ...course,
        crewId: triad.crewId,
        type: 1,
        title: 'Réseaux',
        startDate: '2031-03-03 08:30:00',
        endDate: '2031-03-03 16:30:00',
        hours: 7,
      },
      {
        ...course,
        triadId: triad.id,
        type: 1,
        title: 'Soutien',
        startDate: '2031-03-04 09:00:00',
        endDate: '2031-03-04 12:30:00',
        hours: 3.5,
      },
      { ...course, type: 1, title: 'Amphi', startDate: '2031-03-31 09:00:00', endDate: '2031-03-31 17:00:00', hours: 7 },
      {
        ...course,
        crewId: triad.crewId,
        type: 0,
        title: 'Entreprise',
        startDate: '2031-03-05 09:00:00',
        endDate: '2031-03-05 17:00:00',
        hours: 7,
      },
      {
        ...course,
        crewId: triad.crewId,
        type: 1,
        title: 'Avril',
        startDate: '2031-04-01 08:30:00',
        endDate: '2031-04-01 16:30:00',
        hours: 7,
      },
      // Absences: 2.5 h justified, 1.25 h not, and one in 2032.
      {
        ...course,
        triadId: triad.id,
        type: 3,
        title: 'Médecin',
        startDate: '2031-03-03 08:30:00',
        endDate: '2031-03-03 11:00:00',
        hours: 2.5,
        justified: true,
      },
      {
        ...course,
        triadId: triad.id,
        type: 3,
        title: 'Retard',
        startDate: '2031-03-04 09:00:00',
        endDate: '2031-03-04 10:15:00',
        hours: 1.25,
      },
      {
        ...course,
        triadId: triad.id,
        type: 3,
        title: 'Absent',
        startDate: '2032-01-05 09:00:00',
        endDate: '2032-01-05 10:00:00',
        hours: 1,
      },
    ]);
  });
  afterAll(async () => test?.close());

  it('bounds a month, December included', () => {
    expect(monthBounds(2031, 12)).toEqual({ from: '2031-12-01 00:00:00', to: '2032-01-01 00:00:00' });
  });

  it('sums a triad month in hours: planned course hours, attended, absent justified and not', async () => {
    const figures = await monthlyAttendance(test.app.ctx.db, { triadId: triad.id, year: 2031, month: 3 });
    expect(figures).toEqual({ plannedHours: 17.5, attendedHours: 13.75, absentJustifiedHours: 2.5, absentUnjustifiedHours: 1.25 });
    expect(await monthlyAttendance(test.app.ctx.db, { triadId: triad.id, year: 2031, month: 5 })).toEqual({
      plannedHours: 0,
      attendedHours: 0,
      absentJustifiedHours: 0,
      absentUnjustifiedHours: 0,
    });
  });

  it('totals absences per training for a year or all years', async () => {
    const [year] = await absenceTotalsByTraining(test.app.ctx.db, { platformId, year: 2031 });
    expect(year).toMatchObject({ apprentices: 1, absences: 2, hours: 3.75, justifiedHours: 2.5, unjustifiedHours: 1.25 });
    const [all] = await absenceTotalsByTraining(test.app.ctx.db, { platformId, year: null });
    expect(all).toMatchObject({ absences: 3, hours: 4.75 });
    expect(await absenceTotalsByTraining(test.app.ctx.db, { platformId: platformId + 1000, year: null })).toEqual([]);
  });

  it('lists absences per apprentice of a course, triads without absence with zeros', async () => {
    const rows = await absencesByApprentice(test.app.ctx.db, { trainingCourseId: triad.trainingCourseId, year: 2031 });
    const mine = rows.find((row) => row.triadId === triad.id);
    expect(mine).toMatchObject({ absences: 2, hours: 3.75, justifiedHours: 2.5, unjustifiedHours: 1.25 });
    expect(rows.filter((row) => row.triadId !== triad.id).every((row) => row.absences === 0 && row.hours === 0)).toBe(true);
    const platformRows = await absencesByApprentice(test.app.ctx.db, { platformId, year: null });
    expect(platformRows.find((row) => row.triadId === triad.id)).toMatchObject({ absences: 3, hours: 4.75 });
  });
});
