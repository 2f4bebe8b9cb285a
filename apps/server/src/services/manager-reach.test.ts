import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type FormModel, type ImportReport } from '@lea/shared';
import { emailChanges, mailOutbox, platforms, triads, triadUsers, userPlatforms, users } from '../db/schema/index.js';
import { managerClient, payloadOf, useManagerFixture } from '../generic/test-helpers.js';
import { getAs, tokenFor, userIdOf } from '../test/auth.js';

/**
 * The reach rule (services/manager-reach.ts) on every manager-side path: the demo manager runs the
 * demo courses; `other` is a course of the same platform run by `manager-other`. Manon belongs to
 * the other course only, Paul to both (a secondary user in each).
 */
describe('a course manager acts only on people of the courses they run', () => {
  const fixture = useManagerFixture();
  const id: Record<string, number> = {};
  const email: Record<string, string> = {};

  const userRow = async (userId: number) => (await fixture.test.app.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!;
  const triadOf = async (username: string) =>
    (await fixture.test.app.ctx.db.select().from(triads).where(eq(triads.apprenticeId, id[username]!)))[0]!;
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { responses: { validationErrors?: unknown[] }[] }).responses[0]!.validationErrors;

  beforeAll(async () => {
    const { db } = fixture.test.app.ctx;
    const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    const people = await db
      .insert(users)
      .values([
        {
          username: 'manon',
          email: 'manon.blanc@example.net',
          firstName: 'Manon',
          lastName: 'Blanc',
          type: 'apprentice',
          lastLoginAt: new Date(),
        },
        { username: 'paul', email: 'paul.partage@example.net', firstName: 'Paul', lastName: 'Partagé', lastLoginAt: new Date() },
      ])
      .returning();
    await db.insert(userPlatforms).values(people.map((person) => ({ userId: person.id, platformId: platform!.id })));
    for (const username of [
      'admin',
      'manager',
      'manager-other',
      'manon',
      'paul',
      'parent',
      'apprenti2',
      'apprenti3',
      'apprenti4',
      'tuteur2',
      'maitre',
    ]) {
      id[username] = await userIdOf(fixture.test.app, username);
      email[username] = (await userRow(id[username]!)).email;
    }
    const [otherTriad] = await db
      .insert(triads)
      .values({ trainingCourseId: fixture.other.courseId, crewId: fixture.other.crewId, apprenticeId: id.manon })
      .returning();
    await db.insert(triadUsers).values({ triadId: otherTriad!.id, userId: id.paul!, userType: 1 });
    await db.insert(triadUsers).values({ triadId: (await triadOf('apprenti2')).id, userId: id.paul!, userType: 1 });
  });

  it('adds as a secondary user only people it reaches; an administrator adds anyone of the platform', async () => {
    const triad = await triadOf('apprenti3');
    const model: FormModel = (await fixture.call('GET', `/generic/triad-user/form/${triad.id}`)).json();
    for (const username of ['admin', 'manager-other', 'manon', 'paul']) {
      const response = await fixture.call(
        'PUT',
        `/generic/triad-user/post/${triad.id}`,
        payloadOf(model, { user: [String(id[username])], userType: '1' }),
      );
      expect(errorsOf(response), username).toEqual([{ field: 'user', message: MESSAGES.personElsewhere }]);
    }
    const rows = await fixture.test.app.ctx.db.select().from(triadUsers).where(eq(triadUsers.triadId, triad.id));
    expect(rows.map((row) => row.userId)).toEqual([]);

    const own = await fixture.call(
      'PUT',
      `/generic/triad-user/post/${triad.id}`,
      payloadOf(model, { user: [String(id.parent)], userType: '1' }),
    );
    expect(own.json()).toMatchObject({ hasError: false });
    const admin = managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, 'admin'));
    expect(
      (await admin('PUT', `/generic/triad-user/post/${triad.id}`, payloadOf(model, { user: [String(id.manon)], userType: '1' }))).json(),
    ).toMatchObject({ hasError: false });
  });

  it('searches only the people of the courses the manager runs, and shows no other e-mail', async () => {
    const search = async (text: string) =>
      (await fixture.call('GET', `/lea-user/search/${encodeURIComponent(text)}`)).json() as { value: string; label: string }[];
    for (const text of ['claire', 'morel', 'responsable', 'manon', 'blanc', email.manon!, 'partag', email['manager-other']!]) {
      expect(await search(text), text).toEqual([]);
    }
    const broad = JSON.stringify(await search('example'));
    for (const username of ['admin', 'manager-other', 'manon', 'paul', 'manager']) expect(broad, username).not.toContain(email[username]);
    expect(broad).toContain(email.parent);
    expect(await search('catherine')).toEqual([{ value: String(id.parent), label: `Martin Catherine (${email.parent})` }]);

    // A person just added with "add user" belongs to no course yet: found by their whole address only.
    const model: FormModel = (await fixture.call('GET', '/lea-user/form')).json();
    const created = await fixture.call(
      'POST',
      '/lea-user/post',
      payloadOf(model, { lastName: 'Neuve', firstName: 'Alice', email: 'alice.neuve@example.org' }),
    );
    const aliceId = created.json().responses[0].object.id as number;
    expect(await search('neuve')).toEqual([]);
    expect(await search('Alice.Neuve@example.org')).toEqual([{ value: String(aliceId), label: 'Neuve Alice (alice.neuve@example.org)' }]);
  });

  it('the triad form attaches a known person by e-mail without renaming them, and refuses one who belongs elsewhere', async () => {
    const triad = await triadOf('apprenti4');
    const model: FormModel = (await fixture.call('GET', `/triad/form/${triad.id}`)).json();
    for (const username of ['admin', 'manager-other', 'manon', 'paul']) {
      const before = await userRow(id[username]!);
      const response = await fixture.call(
        'PUT',
        `/triad/post/${triad.id}`,
        payloadOf(model, { tutorLastName: 'Pirate', tutorFirstName: 'Jack', tutorEmail: email[username] }),
      );
      expect(errorsOf(response), username).toEqual([{ field: 'tutorEmail', message: MESSAGES.personElsewhere }]);
      expect(await userRow(id[username]!), username).toEqual(before);
    }
    expect(await triadOf('apprenti4')).toEqual(triad);

    const attached = await fixture.call(
      'PUT',
      `/triad/post/${triad.id}`,
      payloadOf(model, { tutor2LastName: 'Autrement', tutor2FirstName: 'Nommé', tutor2Email: email.maitre }),
    );
    expect(attached.json()).toMatchObject({ hasError: false });
    expect((await triadOf('apprenti4')).tutor2Id).toBe(id.maitre);
    expect(await userRow(id.maitre!)).toMatchObject({ firstName: 'Nathalie', lastName: 'Dubois' });
  });

  it('keeps a member who belongs elsewhere as they are, and refuses to rename them', async () => {
    const { db } = fixture.test.app.ctx;
    const triad = await triadOf('apprenti3');
    await db.update(triads).set({ tutor2Id: id.paul }).where(eq(triads.id, triad.id));
    const model: FormModel = (await fixture.call('GET', `/triad/form/${triad.id}`)).json();
    expect((await fixture.call('PUT', `/triad/post/${triad.id}`, payloadOf(model, { active: false }))).json()).toMatchObject({
      hasError: false,
    });
    const renamed = await fixture.call('PUT', `/triad/post/${triad.id}`, payloadOf(model, { tutor2FirstName: 'Paulo' }));
    expect(errorsOf(renamed)).toEqual([{ field: 'tutor2Email', message: MESSAGES.personElsewhere }]);
    expect((await userRow(id.paul!)).firstName).toBe('Paul');
    await db.update(triads).set({ tutor2Id: null, active: true }).where(eq(triads.id, triad.id));
  });

  it('refuses an import line naming a person who belongs elsewhere, and writes nothing', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Trinômes');
    sheet.addRow(['Groupe', 'Nom apprenti', 'Prénom apprenti', 'Email apprenti', 'Nom tuteur', 'Prénom tuteur', 'Email tuteur']);
    sheet.addRow(['Promotion 2025 - groupe A', 'Import', 'Zoé', 'zoe.import@example.org', 'Blanc', 'Manon', email.manon!]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const uploaded = await fixture.test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${fixture.token}` },
      payload: { data: bytes.toString('base64'), originalName: 'trinomes.xlsx', type: 'import' },
    });
    const file = uploaded.json().responses[0].object;
    const response = await fixture.call('POST', '/triad/import-post', {
      form: [{ code: 'import', form: { file: { id: file.id, originalName: file.originalName } } }],
      trainingCourse: { id: fixture.courseId },
      update: false,
    });
    const report = response.json() as ImportReport;
    expect(report).toMatchObject({ hasError: true, created: 0 });
    expect(report.errors).toEqual([{ line: 2, column: 'G', message: `Email tuteur : ${MESSAGES.personElsewhere}` }]);
    expect(await fixture.test.app.ctx.db.select().from(users).where(eq(users.email, 'zoe.import@example.org'))).toEqual([]);
  });

  it('refuses to impersonate a person who belongs elsewhere or manages a course, even when attached to a triad of the course', async () => {
    const { db } = fixture.test.app.ctx;
    await db.insert(triadUsers).values({ triadId: (await triadOf('apprenti4')).id, userId: id['manager-other']!, userType: 2 });
    const switchTo = (userId: number) => getAs(fixture.test.app, `/api/fr/app/user/lea-manager/switch/${userId}`, fixture.token);
    expect((await switchTo(id['manager-other']!)).statusCode).toBe(403);
    expect((await switchTo(id.paul!)).statusCode).toBe(403);
    expect((await switchTo(id.parent!)).statusCode).toBe(200);
  });

  it('sends welcome and new-password mails only to people it reaches', async () => {
    const { db } = fixture.test.app.ctx;
    const mailsTo = async (address: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
    for (const kind of ['send-welcome', 'send-new-password']) {
      for (const username of ['manager-other', 'paul']) {
        const response = await fixture.call('POST', `/triad/${kind}`, { users: [id[username]] });
        expect(response.statusCode, `${kind} ${username}`).toBe(403);
        expect(await mailsTo(email[username]!)).toEqual([]);
      }
    }
    expect((await fixture.call('POST', '/triad/send-welcome', { users: [id.tuteur2] })).json()).toMatchObject({ hasError: false, sent: 1 });
  });

  it('edits only people it reaches; a new e-mail waits for the link sent to it', async () => {
    const { db } = fixture.test.app.ctx;
    expect((await fixture.call('GET', `/lea-user/form/${id.paul}`)).statusCode).toBe(404);
    const model: FormModel = (await fixture.call('GET', `/lea-user/form/${id.apprenti2}`)).json();
    const response = await fixture.call(
      'PUT',
      `/lea-user/post/${id.apprenti2}`,
      payloadOf(model, { firstName: 'Emmanuelle', email: 'emma.nouvelle@example.org' }),
    );
    expect(response.json()).toMatchObject({ hasError: false });
    expect(await userRow(id.apprenti2!)).toMatchObject({ firstName: 'Emmanuelle', email: email.apprenti2 });
    const pending = await db
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, id.apprenti2!), eq(emailChanges.newEmail, 'emma.nouvelle@example.org')));
    expect(pending).toEqual([expect.objectContaining({ oldEmail: email.apprenti2, requestedBy: id.manager, usedAt: null })]);
    const mails = await db
      .select({ to: mailOutbox.toAddress, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'email-change'));
    expect(mails).toEqual([{ to: 'emma.nouvelle@example.org', kind: 'email-change' }]);
  });
});
