import { and, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormModel } from '@lea/shared';
import { historyLog, platforms, questionnaires, triads } from '../db/schema/index.js';
import { userIdOf } from '../test/auth.js';
import { crewIdByName, payloadOf, useManagerFixture } from './test-helpers.js';

const AGENT = 'lea-history-test/1.0';

/**
 * Every back-office write goes to the history log with who, from where and what (issue 10), not
 * only the writes made while impersonating: the generic engine's saves, deletes, sorts, moves,
 * copies and imports, and the manager's own actions.
 */
describe('history of the back-office writes', () => {
  const fixture = useManagerFixture();
  let managerId = 0;
  let platformId = 0;

  beforeAll(async () => {
    managerId = await userIdOf(fixture.test.app, 'manager');
    const [platform] = await fixture.test.app.ctx.db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    platformId = platform!.id;
  });

  /** A manager-area call signed in as the demo manager, from a known browser. */
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) => {
    const response = await fixture.test.app.inject({
      method,
      url: `/api/fr/app/lea-manager/${fixture.courseId}${path}`,
      headers: { authorization: `Bearer ${fixture.token}`, 'user-agent': AGENT },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(200);
    return response.json();
  };
  const linesAfter = (id: number) => fixture.test.app.ctx.db.select().from(historyLog).where(gt(historyLog.id, id)).orderBy(historyLog.id);
  const lastId = async () => (await linesAfter(0)).at(-1)?.id ?? 0;
  const expectLine = (line: typeof historyLog.$inferSelect | undefined, action: string, entity: string) =>
    expect(line).toMatchObject({ platformId, userId: managerId, impersonatorId: null, action, entity, ip: '127.0.0.1', userAgent: AGENT });

  it('logs the generic saves with the names of the fields they changed, and the deletes, sorts, moves and copies', async () => {
    const start = await lastId();
    const model: FormModel = await call('GET', '/crew/form');
    const crewId = (await call('POST', '/crew/post', payloadOf(model, { title: 'Groupe journal' }))).responses[0].object.id as number;
    const edit: FormModel = await call('GET', `/crew/form/${crewId}`);
    await call('PUT', `/crew/post/${crewId}`, payloadOf(edit, { title: 'Groupe journal (renommé)' }));
    await call('PUT', `/crew/sort/${crewId}/0`);
    const copyId = (await call('POST', `/crew/copy/${crewId}`)).id as number;
    await call('DELETE', `/crew/delete/${copyId}`);
    const [triad] = await fixture.test.app.ctx.db.select().from(triads).where(eq(triads.trainingCourseId, fixture.courseId)).limit(1);
    await call('PUT', `/triad/move/${triad!.id}`, { target: crewId });

    const lines = await linesAfter(start);
    expect(lines.map((line) => line.action)).toEqual(['crew.add', 'crew.edit', 'crew.sort', 'crew.copy', 'crew.delete', 'triad.move']);
    for (const line of lines) expectLine(line, line.action, line.action.split('.')[0]!);
    expect(lines[0]).toMatchObject({ entityId: crewId, details: { trainingCourseId: fixture.courseId, fields: ['title'] } });
    expect(lines[1]).toMatchObject({ entityId: crewId, details: { fields: ['title'] } });
    expect(lines[4]).toMatchObject({ entityId: copyId });
    expect(lines[5]).toMatchObject({ entityId: triad!.id, details: { target: crewId } });
  });

  it('logs only the fields a save changed, never a value', async () => {
    const triad = (await fixture.test.app.ctx.db.select().from(triads).where(eq(triads.trainingCourseId, fixture.courseId)).limit(1))[0]!;
    const start = await lastId();
    const model: FormModel = await call('GET', `/triad/form/${triad.id}`);
    await call('PUT', `/triad/post/${triad.id}`, payloadOf(model, { active: !triad.active, apprenticeFirstName: 'Prénom-journal' }));
    const [line] = await linesAfter(start);
    expectLine(line, 'triad.edit', 'triad');
    expect(line!.details).toEqual({ trainingCourseId: fixture.courseId, fields: ['active', 'apprenticeFirstName'] });
  });

  it('logs an import, the manager actions and the questionnaire screens', async () => {
    const start = await lastId();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Trinômes').addRows([
      ['Groupe', 'Nom apprenti', 'Prénom apprenti', 'Email apprenti'],
      ['Groupe journal (renommé)', 'Journal', 'Inès', 'ines.journal@example.org'],
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const upload = await fixture.test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${fixture.token}` },
      payload: { data: bytes.toString('base64'), originalName: 'trinomes.xlsx', type: 'import' },
    });
    const file = upload.json().responses[0].object;
    const report = await call('POST', '/triad/import-post', {
      form: [{ code: 'import', form: { file: { id: file.id, originalName: file.originalName } } }],
      trainingCourse: { id: fixture.courseId },
      update: false,
    });
    expect(report).toMatchObject({ hasError: false, created: 1 });

    const crewId = await crewIdByName(fixture.test.app, fixture.courseId, 'Groupe journal (renommé)');
    const created = await call('GET', `/triad/generate-triad-test?crew=${crewId}`);
    const testTriad = (await fixture.test.app.ctx.db.select().from(triads).where(eq(triads.id, created.responses[0].object.id)))[0]!;
    await call('POST', '/triad/send-welcome', { users: [testTriad.apprenticeId] });
    await call('DELETE', `/triad/delete-member/${testTriad.id}/2/${testTriad.tutorId}`);
    const [questionnaire] = await fixture.test.app.ctx.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.trainingCourseId, fixture.courseId))
      .limit(1);
    await call('PUT', `/questionnaire/active/${questionnaire!.id}`);
    await call('GET', `/unlock-all/${questionnaire!.id}`);

    const lines = await linesAfter(start);
    expect(lines.map((line) => line.action)).toEqual([
      'triad.import',
      'triad.generate-test',
      'triad.send-welcome',
      'triad.delete-member',
      'questionnaire-editor.active',
      'questionnaire.unlock-all',
    ]);
    for (const line of lines) expect(line).toMatchObject({ userId: managerId, impersonatorId: null, ip: '127.0.0.1', userAgent: AGENT });
    const welcome = await fixture.test.app.ctx.db
      .select()
      .from(historyLog)
      .where(and(gt(historyLog.id, start), eq(historyLog.action, 'triad.send-welcome')));
    expect(welcome[0]!.details).toMatchObject({ users: [testTriad.apprenticeId] });
  });
});
