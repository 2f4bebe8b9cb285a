import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessField, MANAGER_ACCESSES } from '@lea/shared';
import {
  courseAbsenceConfigs,
  crews,
  managerProfileAssignments,
  managerProfilePermissions,
  managerProfiles,
  platforms,
} from '../../db/schema/index.js';
import { crewIdByName, payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';

type Model = { tabs: { code: string; fields: { name: string; value: unknown; choices?: { value: string }[] }[] }[] };

/** Manager profiles (lea-manager-profile) and the permissions the manager area enforces (decision 027). */
describe('manager profiles and section permissions', () => {
  const fixture = useManagerFixture();
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, token?: string) =>
    tokenFor(fixture.test.app, 'admin').then((adminToken) =>
      fixture.test.app.inject({
        method,
        url: `/api/en/app/admin${path}`,
        headers: { authorization: `Bearer ${token ?? adminToken}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    );
  const levels = (level: number) => Object.fromEntries(MANAGER_ACCESSES.map((access) => [accessField(access.name), String(level)]));
  const saveProfile = async (id: number | null, values: Record<string, unknown>) => {
    const form = (await admin('GET', id ? `/lea-manager-profile/form/${id}` : '/lea-manager-profile/form')).json() as Model;
    const answer = await admin(
      id ? 'PUT' : 'POST',
      id ? `/lea-manager-profile/post/${id}` : '/lea-manager-profile/post',
      payloadOf(form as never, values),
    );
    return answer.json();
  };
  const assign = async (profileId: number) => {
    const { db } = fixture.test.app.ctx;
    const userId = await userIdOf(fixture.test.app, 'manager');
    const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    await db.delete(managerProfileAssignments).where(eq(managerProfileAssignments.userId, userId));
    await db.insert(managerProfileAssignments).values({ userId, platformId: platform!.id, profileId });
  };

  it('lets every manager do everything under the demo default profile (every section in full)', async () => {
    expect((await fixture.call('GET', '/crew/list')).statusCode).toBe(200);
    expect((await fixture.call('GET', '/questionnaire-category/list')).statusCode).not.toBe(403);
  });

  it('adds a profile with a level per section (view by default), lists it, refuses a level the section does not allow', async () => {
    const form = (await admin('GET', '/lea-manager-profile/form')).json() as Model;
    expect(form.tabs.map((tab) => tab.code)).toEqual(['profile', 'permissions']);
    const general = form.tabs[1]!.fields.find((field) => field.name === accessField('MODULE_LEA_GENERAL'))!;
    expect(general.value).toBe('1');
    expect(general.choices!.map((choice) => choice.value)).toEqual(['0', '1', '2', '4']);
    const refused = await saveProfile(null, { name: 'Mauvais', [accessField('MODULE_LEA_GENERAL')]: '3' });
    expect(refused.hasError).toBe(true);
    expect(refused.responses[0].validationErrors[0].field).toBe(accessField('MODULE_LEA_GENERAL'));
    const blank = await saveProfile(null, { name: ' ' });
    expect(blank.hasError).toBe(true);
    const added = await saveProfile(null, { name: 'Lecture seule', ...levels(1) });
    expect(added.hasError).toBe(false);
    const id = added.responses[0].object.id as number;
    const rows = await fixture.test.app.ctx.db.select().from(managerProfilePermissions).where(eq(managerProfilePermissions.profileId, id));
    expect(rows).toHaveLength(MANAGER_ACCESSES.length);
    const list = (await admin('GET', '/lea-manager-profile/list')).json();
    expect(list.data.find((row: { id: number }) => row.id === id)).toMatchObject({ name: 'Lecture seule', isDefault: false, managers: 0 });
  });

  it('enforces the levels on the manager area: view reads, edit saves, delete deletes', async () => {
    const { db } = fixture.test.app.ctx;
    const added = await saveProfile(null, { name: 'Groupes en lecture', ...levels(1), [accessField('MODULE_LEA_QUESTIONNAIRE')]: '0' });
    const id = added.responses[0].object.id as number;
    await assign(id);
    expect((await fixture.call('GET', '/crew/list')).statusCode).toBe(200);
    const crewForm = (await fixture.call('GET', '/crew/form')).json();
    const post = await fixture.call('POST', '/crew/post', payloadOf(crewForm, { title: 'Groupe refusé' }));
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toContain('profil de gestionnaire');
    expect(await db.select().from(crews).where(eq(crews.name, 'Groupe refusé'))).toHaveLength(0);
    expect((await fixture.call('GET', '/questionnaire-category/list')).statusCode).toBe(403);
    // The feature routes of the section follow the same profile: the questionnaire editor and the signature dashboard.
    expect((await fixture.call('GET', '/questionnaires')).statusCode).toBe(403);
    expect((await fixture.call('GET', '/dashboard')).statusCode).toBe(403);

    expect((await saveProfile(id, { name: 'Groupes en écriture', ...levels(2) })).hasError).toBe(false);
    expect((await fixture.call('GET', '/questionnaires')).statusCode).toBe(200);
    const created = (await fixture.call('POST', '/crew/post', payloadOf(crewForm, { title: 'Groupe permis' }))).json();
    expect(created.hasError).toBe(false);
    const crewId = await crewIdByName(fixture.test.app, fixture.courseId, 'Groupe permis');
    expect((await fixture.call('DELETE', `/crew/delete/${crewId}`)).statusCode).toBe(403);

    const full = await saveProfile(id, { name: 'Groupes complets', ...levels(2), [accessField('MODULE_LEA_TRIAD')]: '3' });
    expect(full.hasError).toBe(false);
    expect((await fixture.call('DELETE', `/crew/delete/${crewId}`)).json()).toMatchObject({ success: true });
    // Administrators are never held by a profile.
    const adminToken = await tokenFor(fixture.test.app, 'admin');
    const asAdmin = await fixture.test.app.inject({
      method: 'GET',
      url: `/api/fr/app/lea-manager/${fixture.courseId}/crew/list`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(asAdmin.statusCode).toBe(200);
    await db.delete(managerProfileAssignments);
  });

  it('holds the hand-written manager routes to the same levels: triad mails, module visibility, course settings, messaging', async () => {
    const { db } = fixture.test.app.ctx;
    const added = await saveProfile(null, { name: 'Tout en lecture', ...levels(1), [accessField('MODULE_LEA_MESSAGE')]: '0' });
    const id = added.responses[0].object.id as number;
    await assign(id);
    const course = fixture.courseId;
    expect((await fixture.call('GET', '/triad/send-user-infos')).statusCode).toBe(200);
    expect((await fixture.call('POST', '/triad/send-welcome', { users: [await userIdOf(fixture.test.app, 'apprenti')] })).statusCode).toBe(
      403,
    );
    expect((await fixture.call('GET', '/triad/generate-triad-test')).statusCode).toBe(403);
    expect((await fixture.call('GET', '/training-course-module-triad/list')).statusCode).toBe(200);
    expect((await fixture.call('PUT', '/training-course-module-triad/edit/1', { visible: false })).statusCode).toBe(403);
    const absenceConfig = [{ code: 'absenceConfig', form: { alertThresholdHours: 12 } }];
    expect((await fixture.call('PUT', `/generic/training-course/post/${course}`, absenceConfig)).statusCode).toBe(403);
    expect((await fixture.call('PUT', `/generic/training-course/post/${course}`, [{ code: 'skin', form: {} }])).statusCode).toBe(403);
    expect((await fixture.call('GET', '/message/recipients')).statusCode).toBe(403);
    expect((await fixture.call('GET', '/message/reported')).statusCode).toBe(403);

    // With edit on the absence section, the tab absenceConfig of that path saves the course's absence configuration.
    expect((await saveProfile(id, { name: 'Absences en écriture', ...levels(1), [accessField('MODULE_LEA_ABSENCE')]: '2' })).hasError).toBe(
      false,
    );
    const saved = await fixture.call('PUT', `/generic/training-course/post/${course}`, absenceConfig);
    expect(saved.json()).toMatchObject({ hasError: false });
    const [config] = await db.select().from(courseAbsenceConfigs).where(eq(courseAbsenceConfigs.trainingCourseId, course));
    expect(config?.alertThresholdHours).toBe(12);
    expect((await fixture.call('PUT', `/generic/training-course/post/${course}`, [{ code: 'skin', form: {} }])).statusCode).toBe(403);
    await db.delete(managerProfileAssignments);
  });

  it('applies the default profile to managers without one; the default is never deleted, a new default takes over', async () => {
    const { db } = fixture.test.app.ctx;
    const first = (await saveProfile(null, { name: 'Par défaut', isDefault: true, ...levels(0) })).responses[0].object.id as number;
    expect((await fixture.call('GET', '/crew/list')).statusCode).toBe(403);
    const refused = (await admin('DELETE', `/lea-manager-profile/delete/${first}`)).json();
    expect(refused).toMatchObject({ success: false });
    expect(refused.detail[0].message).toContain('default profile cannot be deleted');
    const second = (await saveProfile(null, { name: 'Nouveau défaut', isDefault: true, ...levels(4) })).responses[0].object.id as number;
    const defaults = await db.select().from(managerProfiles).where(eq(managerProfiles.isDefault, true));
    expect(defaults.map((row) => row.id)).toEqual([second]);
    expect((await fixture.call('GET', '/crew/list')).statusCode).toBe(200);
    expect((await admin('DELETE', `/lea-manager-profile/delete/${first}`)).json()).toMatchObject({ success: true });
  });

  it('answers 403 to managers and apprentices on the profiles, 404 for another platform, 400 to bad ids', async () => {
    const { db } = fixture.test.app.ctx;
    for (const username of ['manager', 'apprenti']) {
      const token = await tokenFor(fixture.test.app, username);
      for (const path of ['/lea-manager-profile/list', '/lea-manager-profile/form']) {
        expect([username, path, (await admin('GET', path, undefined, token)).statusCode]).toEqual([username, path, 403]);
      }
      expect((await admin('POST', '/lea-manager-profile/post', [], token)).statusCode).toBe(403);
    }
    const foreign = await createForeignCourse(db, 'autre-profils.example.com');
    const [profile] = await db.insert(managerProfiles).values({ platformId: foreign.platformId, name: 'Ailleurs' }).returning();
    expect((await admin('GET', `/lea-manager-profile/form/${profile!.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/lea-manager-profile/delete/${profile!.id}`)).statusCode).toBe(404);
    expect((await admin('GET', '/lea-manager-profile/form/0')).statusCode).toBe(400);
    const list = (await admin('GET', '/lea-manager-profile/list')).json();
    expect(list.data.map((row: { name: string }) => row.name)).not.toContain('Ailleurs');
    expect(
      await db
        .select()
        .from(managerProfiles)
        .where(and(eq(managerProfiles.id, profile!.id))),
    ).toHaveLength(1);
  });
});
