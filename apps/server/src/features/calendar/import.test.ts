import { and, eq, gte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '@lea/shared';
import { absenceAlerts, calendarEvents, mailOutbox, timelineEntries, triads } from '../../db/schema/index.js';
import { crewIdByName, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { recentMail } from '../../test/recent-mail.js';
import { apiAs, triadOfApprentice } from './calendar-test-helpers.js';

/** Planning and absence imports (spec 3 §2.2, §7.1): .xls and .xlsx, all or nothing, errors by line and column. */
describe('planning and absence imports', () => {
  const fixture = useManagerFixture();
  let triad: Awaited<ReturnType<typeof triadOfApprentice>>;
  let crewName: string;

  beforeAll(async () => {
    triad = await triadOfApprentice(fixture.test.app, 'apprenti');
    crewName = 'Promotion 2025 - groupe A';
    expect(await crewIdByName(fixture.test.app, fixture.courseId, crewName)).toBe(triad.crewId);
  });

  const upload = async (bytes: Buffer, name: string) => {
    const response = await apiAs(fixture.test.app, fixture.token)('POST', '/app/file/upload', {
      data: bytes.toString('base64'),
      originalName: name,
      type: 'import',
    });
    return response.json().responses[0].object as { id: number; originalName: string };
  };
  const importFile = async (alias: string, bytes: Buffer, name: string, token = fixture.token) => {
    const file = await upload(bytes, name);
    const response = await apiAs(fixture.test.app, token)('POST', `/app/lea-manager/${fixture.courseId}/${alias}/import-post`, {
      form: [{ code: 'import', form: { file } }],
      trainingCourse: { id: fixture.courseId },
      update: false,
    });
    return response;
  };
  const eventsFrom2032 = () =>
    fixture.test.app.ctx.db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.trainingCourseId, fixture.courseId), gte(calendarEvents.startDate, '2032-01-01 00:00:00')));

  /** A legacy .xls of the planning model, time cells typed as Excel times. */
  function legacyPlanning(lines: (string | number | { t: 'n'; v: number; z: string })[][]): Buffer {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Type', 'Titre', 'Date', 'Heure de début', 'Heure de fin', 'Heures', 'Matière', 'Intervenant', 'Salle', 'Groupe'],
      ...lines,
    ]);
    lines.forEach((line, row) =>
      line.forEach((cell, column) => {
        if (typeof cell === 'object') sheet[XLSX.utils.encode_cell({ r: row + 1, c: column })] = cell;
      }),
    );
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Planning');
    return XLSX.write(workbook, { type: 'buffer', bookType: 'xls' }) as Buffer;
  }
  const time = (hours: number, minutes = 0) => ({ t: 'n' as const, v: (hours * 60 + minutes) / 1440, z: 'hh:mm' });

  it('imports a crew planning from an .xls file, seen by the triads of the crew', async () => {
    const bytes = legacyPlanning([
      ['Formation', 'Réseaux', '12/01/2032', time(8, 30), time(12, 30), '', 'Informatique', 'M. Dupont', 'B12', crewName],
      ['Entreprise', 'Entreprise', '13/01/2032', '09:00', '17:00', 7, '', '', '', crewName],
    ]);
    const response = await importFile('planning', bytes, 'import_planning.xls');
    expect(response.json()).toMatchObject({ hasError: false, created: 2 });
    const rows = await eventsFrom2032();
    expect(rows.map((row) => [row.type, row.startDate, row.endDate, Number(row.hours), row.crewId])).toEqual(
      expect.arrayContaining([
        [1, '2032-01-12 08:30:00', '2032-01-12 12:30:00', 4, triad.crewId],
        [0, '2032-01-13 09:00:00', '2032-01-13 17:00:00', 7, triad.crewId],
      ]),
    );
    const seen = await apiAs(fixture.test.app, await tokenFor(fixture.test.app, 'apprenti'))(
      'GET',
      `/app/event/list/${triad.id}?startDate=2032-01-12&endDate=2032-01-13&includePlanning=1`,
    );
    expect(seen.json().map((event: { title: string }) => event.title)).toEqual(['Réseaux', 'Entreprise']);
    // Each triad of the crew, and only those, gets one timeline line for the import.
    const lines = await fixture.test.app.ctx.db
      .select()
      .from(timelineEntries)
      .where(and(eq(timelineEntries.className, 'planning'), eq(timelineEntries.titlePart2, 'Planning importé : 2 événement(s)')));
    const crewTriads = await fixture.test.app.ctx.db.select({ id: triads.id }).from(triads).where(eq(triads.crewId, triad.crewId!));
    expect(lines.map((line) => line.triadId).sort()).toEqual(crewTriads.map((row) => row.id).sort());
  });

  it('reports a bad file by line and column and imports nothing', async () => {
    const before = (await eventsFrom2032()).length;
    const bytes = legacyPlanning([
      ['Formation', 'Bon', '14/01/2032', '08:30', '12:30', '', '', '', '', crewName],
      ['Formation', 'Date fausse', '31/02/2032', '08:30', '12:30', '', '', '', '', crewName],
      ['Cours du soir', 'Type faux', '15/01/2032', '25:00', '12:30', '', '', '', '', 'Groupe inconnu'],
    ]);
    const report = (await importFile('planning', bytes, 'import_planning.xls')).json() as ImportReport;
    expect(report.hasError).toBe(true);
    expect(report.created).toBe(0);
    expect(report.errors.map((error) => [error.line, error.column])).toEqual(
      expect.arrayContaining([
        [3, 'C'],
        [4, 'A'],
        [4, 'D'],
      ]),
    );
    expect((await eventsFrom2032()).length).toBe(before);
  });

  it('imports absences from an .xlsx file; an unknown apprentice refuses the whole file', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Absences');
    sheet.addRow(['Email apprenti', 'Date', 'Heure de début', 'Heure de fin', 'Heures', 'Motif', 'Justifiée']);
    sheet.addRow(['lucas.martin@example.com', '2032-02-02', '08:30', '12:30', '', 'Maladie', 'oui']);
    sheet.addRow(['personne@example.com', '2032-02-03', '08:30', '12:30', '', '', 'non']);
    const bad = (await importFile('absence', Buffer.from(await workbook.xlsx.writeBuffer()), 'absences.xlsx')).json() as ImportReport;
    expect(bad).toMatchObject({ hasError: true, created: 0 });
    expect(bad.errors).toEqual([expect.objectContaining({ line: 3, column: 'A' })]);
    sheet.spliceRows(3, 1);
    const good = (await importFile('absence', Buffer.from(await workbook.xlsx.writeBuffer()), 'absences.xlsx')).json() as ImportReport;
    expect(good).toMatchObject({ hasError: false, created: 1 });
    const [absence] = (await eventsFrom2032()).filter((row) => row.type === 3);
    expect(absence).toMatchObject({ triadId: triad.id, justified: true, startDate: '2032-02-02 08:30:00' });
    expect(Number(absence!.hours)).toBe(4);
  });

  it('sends the absence alert an import raises once the import has committed', async () => {
    const { db } = fixture.test.app.ctx;
    // From a clean slate: the triad's absences justified, no alert sent yet.
    await db.delete(absenceAlerts).where(eq(absenceAlerts.triadId, triad.id));
    await db.update(calendarEvents).set({ justified: true }).where(eq(calendarEvents.triadId, triad.id));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Absences');
    sheet.addRow(['Email apprenti', 'Date', 'Heure de début', 'Heure de fin', 'Heures', 'Motif', 'Justifiée']);
    for (const day of ['2032-03-01', '2032-03-02', '2032-03-03', '2032-03-04', '2032-03-05'])
      sheet.addRow(['lucas.martin@example.com', day, '08:00', '17:00', '', '', 'non']);
    const report = (await importFile('absence', Buffer.from(await workbook.xlsx.writeBuffer()), 'absences.xlsx')).json() as ImportReport;
    expect(report).toMatchObject({ hasError: false, created: 5 });
    expect(await db.select().from(absenceAlerts).where(eq(absenceAlerts.triadId, triad.id))).toHaveLength(1);
    const alerts = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'absence-alert'), recentMail()));
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.filter((mail) => mail.status === 'queued')).toEqual([]);
  });

  it('keeps the imports to the course managers', async () => {
    const response = await importFile('planning', legacyPlanning([]), 'x.xls', await tokenFor(fixture.test.app, 'apprenti'));
    expect(response.statusCode).toBe(403);
  });
});
