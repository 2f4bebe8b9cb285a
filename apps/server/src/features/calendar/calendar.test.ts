import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent, FormModel, GenericSaveResponse } from '@lea/shared';
import { absenceJustifications, calendarEvents, historyLog, timelineEntries } from '../../db/schema/index.js';
import { useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { apiAs, formPayload, triadOfApprentice } from './calendar-test-helpers.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

/** Issue 15: the triad's calendar, the manager's planning and absences, copy/move/bulk delete, justifications. */
describe('absences and planning', () => {
  const fixture = useManagerFixture();
  const tokens: Record<string, string> = {};
  let triad: Awaited<ReturnType<typeof triadOfApprentice>>;
  let otherTriad: Awaited<ReturnType<typeof triadOfApprentice>>;
  const as = (who: string, locale: 'fr' | 'en' = 'fr') => apiAs(fixture.test.app, tokens[who] ?? null, locale);
  const manager = (path: string) => `/app/lea-manager/${fixture.courseId}${path}`;
  const period = (from: string, to: string, includePlanning = '1') => `?startDate=${from}&endDate=${to}&includePlanning=${includePlanning}`;
  const events = async (who: string, from = '2031-03-01', to = '2031-03-31', includePlanning = '1') => {
    const response = await as(who)('GET', `/app/event/list/${triad.id}${period(from, to, includePlanning)}`);
    expect(response.statusCode).toBe(200);
    return response.json() as CalendarEvent[];
  };
  const form = async (path: string, who = 'manager') => (await as(who)('GET', path)).json() as FormModel;
  const save = async (alias: string, values: Record<string, unknown>, id?: number) => {
    const model = await form(manager(`/${alias}/form${id ? `/${id}` : ''}`));
    const response = await as('manager')(id ? 'PUT' : 'POST', manager(`/${alias}/post${id ? `/${id}` : ''}`), formPayload(model, values));
    expect(response.statusCode).toBe(200);
    return response.json() as GenericSaveResponse;
  };
  const upload = async (who: string) => {
    const response = await as(who)('POST', '/app/file/upload', {
      data: PDF.toString('base64'),
      originalName: 'certificat.pdf',
      type: 'justification',
    });
    return response.json().responses[0].object as { id: number; originalName: string };
  };

  beforeAll(async () => {
    const { app } = fixture.test;
    for (const username of ['apprenti', 'tuteur', 'maitre', 'apprenti2', 'admin']) tokens[username] = await tokenFor(app, username);
    tokens.manager = fixture.token;
    tokens.otherManager = fixture.other.managerToken;
    triad = await triadOfApprentice(app, 'apprenti');
    otherTriad = await triadOfApprentice(app, 'apprenti2');
  });

  it('lets the manager add a crew planning, seen by every triad of the crew, and a triad planning seen by that triad only', async () => {
    const crewSave = await save('planning', {
      type: '1',
      title: 'Réseaux',
      startDate: '2031-03-03 08:30',
      endDate: '2031-03-03 12:30',
      hours: '4',
      crew: String(triad.crewId),
      triad: null,
    });
    expect(crewSave.hasError).toBe(false);
    const own = await save('planning', {
      type: '0',
      title: 'Entreprise',
      startDate: '2031-03-04 09:00',
      endDate: '2031-03-04 17:00',
      hours: '7',
      triad: String(triad.id),
    });
    expect(own.hasError).toBe(false);
    const mine = await events('apprenti');
    expect(mine.map((event) => event.title)).toEqual(expect.arrayContaining(['Réseaux', 'Entreprise']));
    expect(mine.find((event) => event.title === 'Réseaux')).toMatchObject({
      type: 1,
      start_date: '2031-03-03 08:30',
      end_date: '2031-03-03 12:30',
      hours: 4,
    });
    const others = await as('apprenti2')('GET', `/app/event/list/${otherTriad.id}${period('2031-03-01', '2031-03-31')}`);
    const titles = (others.json() as CalendarEvent[]).map((event) => event.title);
    if (otherTriad.crewId === triad.crewId) expect(titles).toContain('Réseaux');
    expect(titles).not.toContain('Entreprise');
    expect(await events('apprenti', '2031-03-01', '2031-03-31', '0')).toEqual([]);
    // The timeline of each triad reached says so; another triad's does not hear of the triad's own event.
    const planningLines = async (triadId: number) =>
      (
        await fixture.test.app.ctx.db
          .select({ text: timelineEntries.titlePart2 })
          .from(timelineEntries)
          .where(and(eq(timelineEntries.triadId, triadId), eq(timelineEntries.className, 'planning')))
      ).map((line) => line.text);
    expect(await planningLines(triad.id)).toEqual(
      expect.arrayContaining(['Planning : Réseaux le 03/03/2031', 'Planning : Entreprise le 04/03/2031']),
    );
    expect(await planningLines(otherTriad.id)).not.toContain('Planning : Entreprise le 04/03/2031');
  });

  it('answers 403 outside the triad, 404 for an unknown or foreign triad, 400 for a bad period', async () => {
    expect((await as('apprenti2')('GET', `/app/event/list/${triad.id}${period('2031-03-01', '2031-03-31')}`)).statusCode).toBe(403);
    expect((await as('otherManager')('GET', `/app/event/list/${triad.id}${period('2031-03-01', '2031-03-31')}`)).statusCode).toBe(403);
    expect((await as('apprenti')('GET', `/app/event/list/99999999${period('2031-03-01', '2031-03-31')}`)).statusCode).toBe(404);
    expect((await as('apprenti')('GET', `/app/event/list/${triad.id}${period('2031-03-31', '2031-03-01')}`)).statusCode).toBe(400);
    expect((await as('apprenti')('GET', `/app/event/list/${triad.id}${period('2031-02-30', '2031-03-01')}`)).statusCode).toBe(400);
    expect((await as('apprenti')('GET', `/app/event/list/${triad.id}${period('2020-01-01', '2031-03-01')}`)).statusCode).toBe(400);
    expect((await as('apprenti')('GET', `/app/event/list/${triad.id}?startDate=x&endDate=y`)).statusCode).toBe(400);
    expect(
      (await apiAs(fixture.test.app, null)('GET', `/app/event/list/${triad.id}${period('2031-03-01', '2031-03-31')}`)).statusCode,
    ).toBe(401);
    expect((await as('admin')('GET', `/app/event/list/${triad.id}${period('2031-03-01', '2031-03-31')}`)).statusCode).toBe(200);
  });

  it('refuses a bad planning with field errors and writes nothing', async () => {
    const before = await fixture.test.app.ctx.db.select().from(calendarEvents).where(eq(calendarEvents.trainingCourseId, fixture.courseId));
    const answer = await save('planning', {
      type: '1',
      title: '',
      startDate: '2031-03-05 12:00',
      endDate: '2031-03-05 08:00',
      hours: 'abc',
    });
    expect(answer.hasError).toBe(true);
    const fields = answer.responses[0]!.validationErrors!.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'hours']));
    const foreignCrew = await save('planning', {
      type: '1',
      title: 'x',
      startDate: '2031-03-05 08:00',
      endDate: '2031-03-05 12:00',
      hours: '1',
      crew: String(fixture.other.crewId),
    });
    expect(foreignCrew.responses[0]!.validationErrors!.map((error) => error.field)).toEqual(['crew']);
    const reversed = await save('planning', {
      type: '1',
      title: 'x',
      startDate: '2031-03-05 12:00',
      endDate: '2031-03-05 08:00',
      hours: '1',
      crew: String(triad.crewId),
      triad: String(triad.id),
    });
    expect(reversed.responses[0]!.validationErrors!.map((error) => error.field)).toEqual(expect.arrayContaining(['endDate', 'triad']));
    const after = await fixture.test.app.ctx.db.select().from(calendarEvents).where(eq(calendarEvents.trainingCourseId, fixture.courseId));
    expect(after.length).toBe(before.length);
  });

  it('keeps the manager area to the course managers: 403 for an apprentice or another manager, 404 for a foreign course', async () => {
    for (const who of ['apprenti', 'otherManager']) {
      expect((await as(who)('GET', manager('/planning/list'))).statusCode).toBe(403);
      expect((await as(who)('DELETE', manager('/planning/delete'), { plannings: [1] })).statusCode).toBe(403);
    }
    const foreign = await createForeignCourse(fixture.test.app.ctx.db, 'calendar.example.org');
    expect((await as('manager')('GET', `/app/lea-manager/${foreign.courseId}/absence/list`)).statusCode).toBe(404);
  });

  it('copies, cuts and moves an absence; lists it; deletes plannings in bulk, all or nothing', async () => {
    const added = await save('absence', {
      triad: String(triad.id),
      title: 'Absence',
      startDate: '2031-03-10 08:30',
      endDate: '2031-03-10 10:30',
      hours: '2',
    });
    expect(added.hasError).toBe(false);
    const id = added.responses[0]!.object!.id;
    const copy = await as('manager')('POST', manager(`/absence/copy/${id}`), { startDate: '2031-03-12', action: 'copy' });
    expect(copy.json()).toMatchObject({ success: true });
    const copyId = copy.json().id as number;
    const cut = await as('manager')('POST', manager(`/absence/copy/${copyId}`), { startDate: '2031-03-13', action: 'cut' });
    expect(cut.json()).toMatchObject({ success: true, id: copyId });
    const moved = await as('manager')('PUT', manager(`/absence/move/${id}`), { startDate: '2031-03-11 14:00' });
    expect(moved.json()).toMatchObject({ success: true });
    const absences = (await events('tuteur', '2031-03-01', '2031-03-31', '0')).map((event) => [event.id, event.start_date, event.end_date]);
    expect(absences).toEqual(
      expect.arrayContaining([
        [id, '2031-03-11 14:00', '2031-03-11 16:00'],
        [copyId, '2031-03-13 08:30', '2031-03-13 10:30'],
      ]),
    );
    expect((await as('manager')('PUT', manager(`/planning/move/${id}`), { startDate: '2031-03-11' })).statusCode).toBe(404);
    expect((await as('manager')('POST', manager(`/absence/copy/${id}`), { startDate: '2031-03-12', action: 'paste' })).statusCode).toBe(
      400,
    );
    const list = await as('manager', 'en')('GET', manager('/absence/list?search=2031-03-1&limit=50'));
    expect(list.json().count).toBeGreaterThanOrEqual(2);
    expect(list.json().columns[0]).toMatchObject({ key: 'id', hidden: true });

    const plannings = (await events('apprenti')).filter((event) => event.type !== 3).map((event) => event.id);
    const refused = await as('manager')('DELETE', manager('/planning/delete'), { plannings: [...plannings, id] });
    expect(refused.json()).toMatchObject({ hasError: true, success: false });
    expect((await events('apprenti')).filter((event) => event.type !== 3)).toHaveLength(plannings.length);
    const deleted = await as('manager', 'en')('DELETE', manager('/planning/delete'), { plannings });
    expect(deleted.json()).toMatchObject({ hasError: false, success: true, message: `${plannings.length} planning(s) deleted` });
    expect((await events('apprenti')).filter((event) => event.type !== 3)).toEqual([]);
    const [line] = await fixture.test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'planning.bulk-delete'));
    expect(line).toBeDefined();
    expect((await as('manager')('DELETE', manager('/planning/delete'), { plannings: [] })).statusCode).toBe(400);
    expect((await as('manager')('DELETE', manager('/planning/delete'), { plannings: ['x'] })).statusCode).toBe(400);
  });

  it('lets an apprentice justify an absence with a file, and the manager accept it: the absence becomes justified', async () => {
    const added = await save('absence', {
      triad: String(triad.id),
      title: 'Absence',
      startDate: '2031-03-17 08:30',
      endDate: '2031-03-17 12:30',
      hours: '4',
    });
    const id = added.responses[0]!.object!.id;
    const path = `/app/${fixture.courseId}/absence/justify`;
    expect((await as('manager')('GET', `${path}/form/absence/${id}`)).statusCode).toBe(403);
    expect((await as('apprenti2')('GET', `${path}/form/absence/${id}`)).statusCode).toBe(403);
    expect((await as('apprenti')('GET', `/app/${fixture.other.courseId}/absence/justify/form/absence/${id}`)).statusCode).toBe(404);
    const model = await form(`${path}/form/absence/${id}`, 'apprenti');
    expect(model.tabs[0]!.fields.map((field) => field.name)).toEqual(['comment', 'files']);
    const file = await upload('apprenti');
    const foreignFile = await upload('tuteur');
    const refusedFile = await as('apprenti')(
      'PUT',
      `${path}/put/${id}`,
      formPayload(model, { comment: 'Certificat', files: [foreignFile] }),
    );
    expect(refusedFile.json().hasError).toBe(true);
    const sent = await as('apprenti')('PUT', `${path}/put/${id}`, formPayload(model, { comment: 'Certificat médical', files: [file] }));
    expect(sent.json()).toMatchObject({ hasError: false });
    const [event] = (await events('apprenti', '2031-03-17', '2031-03-17', '0')).filter((row) => row.id === id);
    expect(event).toMatchObject({ justified: false, justificationStatus: 0 });

    const read = await as('manager')('GET', `/app/event/justifications/${id}`);
    const [justification] = read.json();
    expect(justification).toMatchObject({ comment: 'Certificat médical', status: 0, files: [{ originalName: 'certificat.pdf' }] });
    expect(justification.files[0].url).toContain('/download-file/');
    expect((await as('apprenti2')('GET', `/app/event/justifications/${id}`)).statusCode).toBe(403);

    const decide = (who: string, body: unknown) => as(who)('PUT', manager(`/absence/justification/${justification.id}`), body);
    expect((await decide('apprenti', { status: 1 })).statusCode).toBe(403);
    expect((await decide('manager', { status: 2 })).statusCode).toBe(400);
    expect((await decide('manager', { status: 5 })).statusCode).toBe(400);
    expect((await decide('manager', { status: 1 })).json()).toMatchObject({ success: true });
    expect((await decide('manager', { status: 2, refusalReason: 'non' })).statusCode).toBe(409);
    const [after] = (await events('apprenti', '2031-03-17', '2031-03-17', '0')).filter((row) => row.id === id);
    expect(after).toMatchObject({ justified: true, justificationStatus: 1 });
    const timeline = await fixture.test.app.ctx.db.select().from(timelineEntries).where(eq(timelineEntries.triadId, triad.id));
    expect(timeline.map((entry) => entry.titlePart2)).toEqual(expect.arrayContaining(['Justificatif accepté pour le 17/03/2031']));
  });

  it('lets an apprentice announce an absence before the day, justified pending, and refuses one in the past', async () => {
    const path = `/app/${fixture.courseId}/absence/justify`;
    const model = await form(`${path}/form/announce/${triad.id}`, 'apprenti');
    expect(model.tabs[0]!.fields.map((field) => field.name)).toEqual([
      'title',
      'startDate',
      'endDate',
      'hours',
      'reason',
      'comment',
      'files',
    ]);
    expect((await as('apprenti2')('GET', `${path}/form/announce/${triad.id}`)).statusCode).toBe(403);
    const past = await as('apprenti')(
      'PUT',
      `${path}/put/${triad.id}?type=announce`,
      formPayload(model, { startDate: '2020-01-06 09:00', endDate: '2020-01-06 11:00', hours: '2' }),
    );
    expect(past.json().hasError).toBe(true);
    expect(past.json().responses[0].validationErrors.map((error: { field: string }) => error.field)).toContain('startDate');
    const sent = await as('apprenti')(
      'PUT',
      `${path}/put/${triad.id}?type=announce`,
      formPayload(model, { startDate: '2031-03-20 14:00', endDate: '2031-03-20 16:00', hours: '2', comment: 'Rendez-vous médical' }),
    );
    expect(sent.json()).toMatchObject({ hasError: false });
    const id = sent.json().responses[0].object.id as number;
    const [event] = (await events('maitre', '2031-03-20', '2031-03-20', '0')).filter((row) => row.id === id);
    expect(event).toMatchObject({ announced: true, justified: false, justificationStatus: 0, hours: 2 });
    const [justification] = await fixture.test.app.ctx.db.select().from(absenceJustifications).where(eq(absenceJustifications.eventId, id));
    const refused = await as('manager')('PUT', manager(`/absence/justification/${justification!.id}`), {
      status: 2,
      refusalReason: 'Pas de justificatif',
    });
    expect(refused.json()).toMatchObject({ success: true });
    const [row] = await fixture.test.app.ctx.db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.id, id)));
    expect(row!.justified).toBe(false);
  });

  it('exports the triad planning and the course absences per apprentice as xlsx', async () => {
    const planning = await as('apprenti')('GET', `/app/event/export/${triad.id}${period('2031-03-01', '2031-03-31')}`);
    expect(planning.statusCode).toBe(200);
    expect(planning.json().filename).toMatch(/\.xlsx$/);
    expect((await as('apprenti2')('GET', `/app/event/export/${triad.id}${period('2031-03-01', '2031-03-31')}`)).statusCode).toBe(403);
    const totals = await as('manager')('GET', manager('/absence/export-apprentices?year=2031'));
    expect(totals.statusCode).toBe(200);
    expect((await as('apprenti')('GET', manager('/absence/export-apprentices'))).statusCode).toBe(403);
    expect((await as('manager')('GET', manager('/absence/export-apprentices?year=abc'))).statusCode).toBe(400);
  });
});
