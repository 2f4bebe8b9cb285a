import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type FormModel } from '@lea/shared';
import { contracts, historyLog, replies, triads, triadUsers, userPlatforms, users } from '../db/schema/index.js';
import { tokenFor, userIdOf } from '../test/auth.js';
import { crewIdByName, managerClient, payloadOf, useManagerFixture } from './test-helpers.js';

describe('triad, triad-user and lea-user entities', () => {
  const fixture = useManagerFixture();

  const countTriads = async () => (await fixture.test.app.ctx.db.select({ n: count() }).from(triads))[0]!.n;
  const countUsers = async () => (await fixture.test.app.ctx.db.select({ n: count() }).from(users))[0]!.n;
  const triadOf = async (username: string) =>
    (
      await fixture.test.app.ctx.db
        .select()
        .from(triads)
        .where(eq(triads.apprenticeId, await userIdOf(fixture.test.app, username)))
    )[0]!;
  const newTriad = {
    apprenticeLastName: 'Nouvel',
    apprenticeFirstName: 'Élise',
    apprenticeEmail: 'elise.nouvel@example.org',
    tutorLastName: 'Bernard',
    tutorFirstName: 'Julien',
    tutorEmail: 'JULIEN.Bernard@example.com',
  };

  it('serves the triad form as five tabs, the crew of ?crew= preselected', async () => {
    const crewB = await crewIdByName(fixture.test.app, fixture.courseId, 'Promotion 2025 - groupe B');
    const model: FormModel = (await fixture.call('GET', `/triad/form?crew=${crewB}`)).json();
    expect(model.tabs.map((tab) => tab.code)).toEqual(['triad', 'apprentice', 'tutor', 'apprenticeMaster', 'companyManager']);
    const crew = model.tabs[0]!.fields[0]!;
    expect(crew).toMatchObject({ name: 'crew', kind: 'select', required: true, value: String(crewB) });
    expect(crew.choices!.map((choice) => choice.label)).toEqual([
      'Promotion 2025 - groupe A',
      'Promotion 2025 - groupe B',
      'Promotion 2026 - auditeurs libres',
    ]);
    expect(model.tabs[1]!.fields.map((field) => [field.name, field.required])).toEqual([
      ['apprenticeLastName', true],
      ['apprenticeFirstName', true],
      ['apprenticeEmail', true],
    ]);
    expect(model.tabs[0]!.fields[1]).toMatchObject({ name: 'active', value: true });
  });

  it('creates a triad: known people matched by e-mail whatever the case, new ones created without password', async () => {
    const model: FormModel = (await fixture.call('GET', '/triad/form')).json();
    const before = await countUsers();
    const response = await fixture.call('POST', '/triad/post', payloadOf(model, newTriad));
    expect(response.json()).toMatchObject({ hasError: false, message: 'Le trinôme a été enregistré' });
    const [triad] = await fixture.test.app.ctx.db.select().from(triads).where(eq(triads.id, response.json().responses[0].object.id));
    expect(triad!.tutorId).toBe(await userIdOf(fixture.test.app, 'tuteur'));
    expect(await countUsers()).toBe(before + 1);
    const [apprentice] = await fixture.test.app.ctx.db.select().from(users).where(eq(users.id, triad!.apprenticeId!));
    expect(apprentice).toMatchObject({
      firstName: 'Élise',
      lastName: 'Nouvel',
      email: 'elise.nouvel@example.org',
      username: 'elise.nouvel@example.org',
      passwordHash: null,
      type: 'apprentice',
    });
    expect(await fixture.test.app.ctx.db.select().from(userPlatforms).where(eq(userPlatforms.userId, apprentice!.id))).toHaveLength(1);
  });

  it('answers every field error at once and writes nothing', async () => {
    const model: FormModel = (await fixture.call('GET', '/triad/form')).json();
    const triadsBefore = await countTriads();
    const usersBefore = await countUsers();
    const response = await fixture.call(
      'POST',
      '/triad/post',
      payloadOf(model, {
        crew: String(fixture.other.crewId),
        apprenticeLastName: '',
        apprenticeFirstName: 'Paul',
        apprenticeEmail: 'pas-une-adresse',
      }),
    );
    expect(response.json().hasError).toBe(true);
    expect(response.json().responses[0].validationErrors).toEqual([
      { field: 'crew', message: 'Merci de choisir une valeur de la liste' },
      { field: 'apprenticeLastName', message: MESSAGES.required },
      { field: 'apprenticeEmail', message: MESSAGES.email },
    ]);
    const people = await fixture.call(
      'POST',
      '/triad/post',
      payloadOf(model, {
        apprenticeLastName: 'Seul',
        apprenticeFirstName: 'Paul',
        apprenticeEmail: 'paul.seul@example.org',
        tutorLastName: 'Sans',
        tutorEmail: 'paul.seul@example.org',
      }),
    );
    expect(people.json().responses[0].validationErrors).toEqual([
      { field: 'tutorFirstName', message: MESSAGES.required },
      { field: 'tutorEmail', message: 'Cette personne occupe déjà un autre rôle dans le trinôme' },
    ]);
    expect(await countTriads()).toBe(triadsBefore);
    expect(await countUsers()).toBe(usersBefore);
  });

  it('edits a triad from its filled form and renames its people as the manager typed them', async () => {
    const triad = await triadOf('apprenti2');
    const model: FormModel = (await fixture.call('GET', `/triad/form/${triad.id}`)).json();
    const values = Object.fromEntries(model.tabs.flatMap((tab) => tab.fields.map((field) => [field.name, field.value])));
    expect(values).toMatchObject({
      apprenticeLastName: 'Petit',
      apprenticeFirstName: 'Emma',
      apprenticeEmail: 'emma.petit@example.com',
      tutorLastName: 'Bernard',
      active: true,
    });
    const response = await fixture.call(
      'PUT',
      `/triad/post/${triad.id}`,
      payloadOf(model, { apprenticeLastName: 'Petit-Durand', active: false }),
    );
    expect(response.json().hasError).toBe(false);
    expect(await triadOf('apprenti2')).toMatchObject({ active: false, tutorId: triad.tutorId });
    const [emma] = await fixture.test.app.ctx.db.select().from(users).where(eq(users.username, 'apprenti2'));
    expect(emma!.lastName).toBe('Petit-Durand');
  });

  it('moves a triad to another crew of the course only', async () => {
    const triad = await triadOf('apprenti2');
    const crewB = await crewIdByName(fixture.test.app, fixture.courseId, 'Promotion 2025 - groupe B');
    expect((await fixture.call('PUT', `/triad/move/${triad.id}`, { target: crewB })).json()).toMatchObject({ success: true });
    expect((await triadOf('apprenti2')).crewId).toBe(crewB);
    expect((await fixture.call('PUT', `/triad/move/${triad.id}`, { target: fixture.other.crewId })).statusCode).toBe(404);
    expect((await triadOf('apprenti2')).crewId).toBe(crewB);
  });

  it('deletes a triad with everything hanging on it, warning when a questionnaire was signed', async () => {
    const signedRow = (await fixture.test.app.ctx.db.select({ triadId: replies.triadId }).from(replies).where(eq(replies.status, 3)))[0]!;
    const triadId = signedRow.triadId;
    expect(
      (await fixture.test.app.ctx.db.select({ n: count() }).from(contracts).where(eq(contracts.triadId, triadId)))[0]!.n,
    ).toBeGreaterThan(0);
    const response = await fixture.call('DELETE', `/triad/delete/${triadId}`);
    expect(response.json()).toEqual({
      success: true,
      hasError: false,
      message: 'Le trinôme a été supprimé',
      detail: [{ message: 'Le trinôme a été supprimé' }, { message: 'questionnaire_triad_already_signed' }],
    });
    const left = await fixture.test.app.ctx.db.execute(
      sql`select (select count(*) from triads where id = ${triadId}) + (select count(*) from replies where triad_id = ${triadId}) + (select count(*) from contracts where triad_id = ${triadId}) + (select count(*) from triad_users where triad_id = ${triadId}) as n`,
    );
    expect(Number((left as unknown as { rows: { n: number | string }[] }).rows[0]!.n)).toBe(0);
    const logged = await fixture.test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'triad.delete-signed'));
    expect(logged).toHaveLength(1);
    expect((await fixture.call('DELETE', `/triad/delete/${triadId}`)).statusCode).toBe(404);
  });

  it('adds a secondary user with the spec path, refuses a member, another platform user or a foreign triad', async () => {
    const triad = await triadOf('apprenti3');
    const model: FormModel = (await fixture.call('GET', `/generic/triad-user/form/${triad.id}`)).json();
    expect(model.tabs[0]!.fields.map((field) => [field.name, field.kind])).toEqual([
      ['user', 'remoteselect'],
      ['userType', 'radio'],
      ['triad', 'hidden'],
    ]);
    expect(model.tabs[0]!.fields[0]!.attributes.ajaxUrl).toBe(`/app/lea-manager/${fixture.courseId}/lea-user/search`);

    // The parent's triad was deleted above: she belongs to no course any more and is out of the manager's reach.
    expect((await fixture.call('GET', '/lea-user/search/catherine')).json()).toEqual([]);
    const search = (await fixture.call('GET', '/lea-user/search/sandrine')).json();
    const parent = await userIdOf(fixture.test.app, 'secondaire');
    expect(search).toEqual([{ value: String(parent), label: 'Lemaire Sandrine (sandrine.lemaire@example.com)' }]);
    expect((await fixture.call('GET', '/lea-user/search/c')).json()).toEqual([]);
    expect((await fixture.call('GET', '/lea-user/search/claire')).json()).toEqual([]);

    const added = await fixture.call(
      'PUT',
      `/generic/triad-user/post/${triad.id}`,
      payloadOf(model, { user: [String(parent)], userType: '2' }),
    );
    expect(added.json()).toMatchObject({ hasError: false, message: "L'utilisateur secondaire a été enregistré" });
    const [row] = await fixture.test.app.ctx.db.select().from(triadUsers).where(eq(triadUsers.id, added.json().responses[0].object.id));
    expect(row).toMatchObject({ triadId: triad.id, userId: parent, userType: 2 });

    const again = await fixture.call('PUT', `/generic/triad-user/post/${triad.id}`, payloadOf(model, { user: [String(parent)] }));
    expect(again.json().responses[0].validationErrors).toEqual([{ field: 'user', message: 'Cette personne fait déjà partie du trinôme' }]);
    const member = await fixture.call('PUT', `/triad-user/post/${triad.id}`, payloadOf(model, { user: [String(triad.apprenticeId)] }));
    expect(member.json().hasError).toBe(true);
    const otherManager = (await fixture.test.app.ctx.db.select().from(users).where(eq(users.username, 'manager-other')))[0]!;
    await fixture.test.app.ctx.db.delete(userPlatforms).where(eq(userPlatforms.userId, otherManager.id));
    const stranger = await fixture.call('PUT', `/triad-user/post/${triad.id}`, payloadOf(model, { user: [String(otherManager.id)] }));
    expect(stranger.json().responses[0].validationErrors).toEqual([{ field: 'user', message: 'Merci de choisir une valeur de la liste' }]);
    const wrongTriad = await fixture.call('PUT', `/triad-user/post/${triad.id}`, payloadOf(model, { user: [String(parent)], triad: 1 }));
    expect(wrongTriad.json().responses[0].validationErrors).toEqual([{ field: 'triad', message: 'Le trinôme ne correspond pas' }]);

    const list = (await fixture.call('GET', `/triad-user/list/${triad.id}`)).json();
    expect(list.data).toEqual([expect.objectContaining({ fullName: 'Lemaire Sandrine', userType: 'Du tuteur pédagogique' })]);
    expect((await fixture.call('DELETE', `/triad-user/delete/${row!.id}`)).json()).toMatchObject({ success: true });
    expect(await fixture.test.app.ctx.db.select().from(triadUsers).where(eq(triadUsers.id, row!.id))).toHaveLength(0);
  });

  it('adds a user of the platform without password and edits only the people of the course', async () => {
    const model: FormModel = (await fixture.call('GET', '/lea-user/form')).json();
    const created = await fixture.call(
      'POST',
      '/lea-user/post',
      payloadOf(model, { lastName: 'Roux', firstName: 'Anne', email: 'anne.roux@example.org', type: 'tutor', phone: '0611223344' }),
    );
    expect(created.json()).toMatchObject({ hasError: false });
    const [anne] = await fixture.test.app.ctx.db.select().from(users).where(eq(users.id, created.json().responses[0].object.id));
    expect(anne).toMatchObject({ passwordHash: null, type: 'tutor', phone: '0611223344', username: 'anne.roux@example.org' });
    const duplicate = await fixture.call(
      'POST',
      '/lea-user/post',
      payloadOf(model, { lastName: 'X', firstName: 'Y', email: 'Anne.Roux@example.org' }),
    );
    expect(duplicate.json().responses[0].validationErrors).toEqual([
      { field: 'email', message: 'Un utilisateur de la plateforme a déjà cette adresse e-mail' },
    ]);

    const tutor = await userIdOf(fixture.test.app, 'tuteur2');
    const edit: FormModel = (await fixture.call('GET', `/lea-user/form/${tutor}`)).json();
    expect(edit.tabs[0]!.fields[2]!.value).toBe('isabelle.fournier@example.com');
    expect((await fixture.call('GET', `/lea-user/form/${anne!.id}`)).statusCode).toBe(404);
    expect((await fixture.call('GET', `/lea-user/form/${await userIdOf(fixture.test.app, 'admin')}`)).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `/lea-user/delete/${tutor}`)).statusCode).toBe(404);
  });

  it('refuses triad writes to a manager of another course and to members', async () => {
    const triad = await triadOf('apprenti4');
    const model: FormModel = (await fixture.call('GET', `/triad/form/${triad.id}`)).json();
    for (const token of [fixture.other.managerToken, await tokenFor(fixture.test.app, 'apprenti4')]) {
      const outsider = managerClient(fixture.test.app, fixture.courseId, token);
      expect((await outsider('PUT', `/triad/post/${triad.id}`, payloadOf(model, { active: false }))).statusCode).toBe(403);
      expect((await outsider('DELETE', `/triad/delete/${triad.id}`)).statusCode).toBe(403);
      expect((await outsider('PUT', `/generic/triad-user/post/${triad.id}`, [])).statusCode).toBe(403);
    }
    const own = managerClient(fixture.test.app, fixture.other.courseId, fixture.other.managerToken);
    expect((await own('GET', `/triad/form/${triad.id}`)).statusCode).toBe(404);
    expect((await own('DELETE', `/triad/delete/${triad.id}`)).statusCode).toBe(404);
    expect((await triadOf('apprenti4')).active).toBe(true);
  });
});
