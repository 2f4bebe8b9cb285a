import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ManagerTriadListResponse } from '@lea/shared';
import { replies, triads, users } from '../../db/schema/index.js';
import { managerClient, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor, userIdOf } from '../../test/auth.js';

describe('manager area: menu, home, triad list and triad actions', () => {
  const fixture = useManagerFixture();

  const triadOf = async (username: string) => {
    const [row] = await fixture.test.app.ctx.db
      .select()
      .from(triads)
      .where(eq(triads.apprenticeId, await userIdOf(fixture.test.app, username)));
    return row!;
  };
  const menuOf = (token: string | null, course = fixture.courseId) =>
    fixture.test.app.inject({
      method: 'GET',
      url: `/api/en/app/lea-manager/menu/${course}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('serves the side menu of a managed course, in the request language', async () => {
    const response = await menuOf(await tokenFor(fixture.test.app, 'manager'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.trainingCourse).toEqual({ id: fixture.courseId, displayName: 'BTS SIO 2025-2027', archive: false });
    expect(body.entries.map((entry: { code: string }) => entry.code)).toEqual([
      'LEA_MANAGER_CONFIG',
      'LEA_MANAGER_SETTINGS',
      'LEA_MANAGER_SKIN',
      'LEA_MANAGER_TEMPLATE',
      'LEA_MANAGER_MODULE',
      'LEA_MANAGER_DOCUMENTS_UPLOAD',
      'LEA_MANAGER_TRIAD',
      'LEA_MANAGER_QUESTIONNAIRES',
      'LEA_MANAGER_SKILLS',
      'LEA_MANAGER_DASHBOARD',
      'LEA_MANAGER_SKILL_DASHBOARD',
      'LEA_MANAGER_MESSAGE',
      'LEA_MANAGER_ABSENCE',
      'LEA_MANAGER_COURSE',
      'LEA_MANAGER_SUBJECT',
      'LEA_MANAGER_WEBLINKS',
      'LEA_MANAGER_MAIL',
      'LEA_MANAGER_HISTORY',
      'LEA_MANAGER_EXPORT',
      'LEA_MANAGER_QUALIOPI',
    ]);
    expect(body.entries[6]).toEqual({ code: 'LEA_MANAGER_TRIAD', title: 'Triads', icon: 'IconUsersGroup', path: 'triad' });
  });

  it('answers the menu 403 to triad members and other managers, 401 without token, 404 for an unknown course', async () => {
    expect((await menuOf(await tokenFor(fixture.test.app, 'apprenti'))).statusCode).toBe(403);
    expect((await menuOf(fixture.other.managerToken)).statusCode).toBe(403);
    expect((await menuOf(null)).statusCode).toBe(401);
    expect((await menuOf(await tokenFor(fixture.test.app, 'manager'), 987654)).statusCode).toBe(404);
    expect((await menuOf(await tokenFor(fixture.test.app, 'admin'))).statusCode).toBe(200);
  });

  it('counts the crews, triads and people of the course on the home', async () => {
    const body = (await fixture.call('GET', '/config')).json();
    expect(body).toEqual({
      trainingCourse: { id: fixture.courseId, displayName: 'BTS SIO 2025-2027', startYear: 2025, endYear: 2027 },
      counts: { crews: 3, triads: 5, activeTriads: 4, users: 12 },
    });
    expect((await managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken)('GET', '/config')).statusCode).toBe(403);
  });

  it('lists the triads per crew with their four person columns, secondary users, contracts and signed flag', async () => {
    const response = await fixture.call('GET', '/triad/list');
    expect(response.statusCode).toBe(200);
    const body: ManagerTriadListResponse = response.json();
    expect(body.crews.map((crew) => [crew.title, crew.triads.map((triad) => triad.apprentice?.lastName)])).toEqual([
      ['Promotion 2025 - groupe A', ['Martin', 'Petit']],
      ['Promotion 2025 - groupe B', ['Durand', 'Lefebvre', 'Moreau']],
      ['Promotion 2026 - auditeurs libres', []],
    ]);
    const first = body.crews[0]!.triads[0]!;
    expect(first).toMatchObject({
      active: true,
      isTest: false,
      apprentice: { firstName: 'Lucas', lastName: 'Martin', fullName: 'Lucas Martin', email: 'lucas.martin@example.com' },
      tutor: { fullName: 'Julien Bernard' },
      apprenticeMaster: { fullName: 'Nathalie Dubois' },
      manager: { fullName: 'Philippe Garnier' },
      contractCount: 1,
    });
    expect(first.triadUsers.map((user) => [user.userType, user.user.fullName])).toContainEqual([1, 'Catherine Martin']);
    const inactive = body.crews[1]!.triads.find((triad) => triad.apprentice?.lastName === 'Lefebvre')!;
    expect(inactive.active).toBe(false);

    const signedTriads = new Set(
      (await fixture.test.app.ctx.db.select({ triadId: replies.triadId }).from(replies).where(eq(replies.status, 3))).map(
        (row) => row.triadId,
      ),
    );
    for (const triad of body.crews.flatMap((crew) => crew.triads))
      expect(triad.isAlreadyQuestionnaireSigned).toBe(signedTriads.has(triad.id));
    expect(signedTriads.size).toBeGreaterThan(0);
    expect((await fixture.call('GET', '/generic/triad/list')).json()).toEqual(body);
  });

  it('refuses the triad list to members and other managers', async () => {
    expect(
      (await managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, 'tuteur'))('GET', '/triad/list'))
        .statusCode,
    ).toBe(403);
    expect((await managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken)('GET', '/triad/list')).statusCode).toBe(
      403,
    );
    expect((await managerClient(fixture.test.app, fixture.courseId, null)('GET', '/triad/list')).statusCode).toBe(401);
  });

  it('generates a test triad with new test users in a crew of the course', async () => {
    const response = await fixture.call('GET', '/triad/generate-triad-test');
    expect(response.json()).toMatchObject({ hasError: false, message: 'Le trinôme de test a été créé' });
    const id = response.json().responses[0].object.id;
    const [triad] = await fixture.test.app.ctx.db.select().from(triads).where(eq(triads.id, id));
    expect(triad).toMatchObject({ isTest: true, active: true, trainingCourseId: fixture.courseId });
    const people = await fixture.test.app.ctx.db.select().from(users).where(eq(users.id, triad!.apprenticeId!));
    expect(people[0]).toMatchObject({ passwordHash: null, type: 'apprentice' });
    expect(people[0]!.email).toMatch(/@lea\.invalid$/);
    const list: ManagerTriadListResponse = (await fixture.call('GET', '/triad/list')).json();
    expect(list.crews[0]!.triads.some((entry) => entry.id === id && entry.isTest)).toBe(true);
    expect((await fixture.call('GET', `/triad/generate-triad-test?crew=${fixture.other.crewId}`)).statusCode).toBe(404);
  });

  it('removes a tutor (the second one moves up) or a master, and refuses other types and other places', async () => {
    const triad = await triadOf('apprenti');
    const tutor = await userIdOf(fixture.test.app, 'tuteur');
    const tutor2 = await userIdOf(fixture.test.app, 'tuteur2');
    const removed = await fixture.call('DELETE', `/triad/delete-member/${triad.id}/2/${tutor}`);
    expect(removed.json()).toMatchObject({ success: true, hasError: false, message: 'Le membre a été retiré du trinôme' });
    expect(await triadOf('apprenti')).toMatchObject({ tutorId: tutor2, tutor2Id: null });

    expect((await fixture.call('DELETE', `/triad/delete-member/${triad.id}/2/${tutor}`)).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `/triad/delete-member/${triad.id}/1/${triad.apprenticeId}`)).statusCode).toBe(403);
    expect((await fixture.call('DELETE', `/triad/delete-member/${triad.id}/4/${tutor2}`)).statusCode).toBe(403);

    const master = triad.apprenticeMasterId!;
    const viaCoursePath = await fixture.call('DELETE', `/triad/delete-member/${fixture.courseId}/${triad.id}/3/${master}`);
    expect(viaCoursePath.json()).toMatchObject({ success: true });
    expect(await triadOf('apprenti')).toMatchObject({ apprenticeMasterId: null, apprenticeId: triad.apprenticeId });
    expect((await fixture.call('DELETE', `/triad/delete-member/${fixture.other.courseId}/${triad.id}/2/${tutor2}`)).statusCode).toBe(404);
  });

  it('keeps the triad actions away from another course and from members', async () => {
    const triad = await triadOf('apprenti2');
    const outsider = managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken);
    expect((await outsider('DELETE', `/triad/delete-member/${triad.id}/2/${triad.tutorId}`)).statusCode).toBe(403);
    expect((await outsider('GET', '/triad/generate-triad-test')).statusCode).toBe(403);
    const member = managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, 'tuteur'));
    expect((await member('DELETE', `/triad/delete-member/${triad.id}/2/${triad.tutorId}`)).statusCode).toBe(403);
    // The other course's manager, on their own course, does not reach this course's triad.
    const own = managerClient(fixture.test.app, fixture.other.courseId, fixture.other.managerToken);
    expect((await own('DELETE', `/triad/delete-member/${triad.id}/2/${triad.tutorId}`)).statusCode).toBe(404);
    const [unchanged] = await fixture.test.app.ctx.db
      .select()
      .from(triads)
      .where(and(eq(triads.id, triad.id)));
    expect(unchanged!.tutorId).toBe(triad.tutorId);
  });

  it('lets the manager impersonate a secondary user from the triad list', async () => {
    const parent = await userIdOf(fixture.test.app, 'parent');
    const response = await fixture.test.app.inject({
      method: 'GET',
      url: `/api/fr/app/user/lea-manager/switch/${parent}`,
      headers: { authorization: `Bearer ${await tokenFor(fixture.test.app, 'manager')}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('token');
  });
});
