import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Triad } from '@lea/shared';
import { contracts, platforms, triads, users } from '../../db/schema/index.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { fileLinksFor } from '../../services/file-links.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getTriad } from './service.js';
import { getAs, tokenFor, userIdOf } from '../../test/auth.js';

describe('GET /app/triad/{id}', () => {
  let test: TestApp;
  const triadOf: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of [
      'admin',
      'manager',
      'apprenti',
      'apprenti2',
      'apprenti5',
      'tuteur',
      'tuteur2',
      'maitre',
      'parent',
      'dirigeant',
    ]) {
      tokens[username] = await tokenFor(test.app, username);
    }
    const rows = await test.app.ctx.db
      .select({ id: triads.id, username: users.username })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId));
    for (const row of rows) triadOf[row.username] = row.id;
  });
  afterAll(async () => {
    await test.close();
  });

  const fetchTriad = async (username: string, triadId: number, locale = 'fr') => {
    const response = await getAs(test.app, `/api/${locale}/app/triad/${triadId}`, tokens[username]);
    expect(response.statusCode).toBe(200);
    return Triad.parse(response.json());
  };

  it('answers 401 without a token', async () => {
    const response = await getAs(test.app, `/api/fr/app/triad/${triadOf.apprenti}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, message: 'JWT Token not found' });
  });

  it.each(['fr', 'en'])('gives the apprentice the whole triad (%s)', async (locale) => {
    const triad = await fetchTriad('apprenti', triadOf.apprenti ?? 0, locale);
    expect(triad).toMatchObject({
      active: true,
      apprentice: { fullName: 'Lucas Martin', email: 'lucas.martin@example.com' },
      tutor: { fullName: 'Julien Bernard' },
      tutor2: { fullName: 'Isabelle Fournier' },
      apprenticeMaster: { fullName: 'Nathalie Dubois' },
      apprenticeMaster2: null,
      companyManager: { fullName: 'Philippe Garnier' },
      userRoles: [1],
      profileLabels: { 1: 'A', 2: 'T', 3: 'M', 4: 'SM' },
      leaManagerColumn: false,
      crew: { name: 'Promotion 2025 - groupe A' },
      training: {
        title: 'BTS Services informatiques aux organisations',
        institution: { name: 'CFA Campus Demo - site de Lyon', logo: null },
      },
    });
    expect(triad.triadUsers).toEqual([
      {
        id: expect.any(Number),
        userType: 1,
        triadUserName: 'Catherine Martin',
        user: expect.objectContaining({ fullName: 'Catherine Martin' }),
      },
    ]);
    expect(triad.trainingCourse).toMatchObject({
      displayName: 'BTS SIO 2025-2027',
      isLeaManager: false,
      archive: false,
      displayDocument: true,
      blocNameDocument: 'Documents de la formation',
    });
    expect(triad.trainingCourse.menu.map((entry) => entry.code)).toEqual([
      'MODULE_LEA_DOCUMENT',
      'MODULE_LEA_SKILL',
      'MODULE_LEA_QUESTIONNAIRE',
      'MODULE_LEA_ABSENCE',
      'MODULE_LEA_MESSAGE',
      'MODULE_LEA_COURSE',
      'MODULE_LEA_NOTEPAD',
      'MODULE_LEA_WEBLINKS',
      'MODULE_LEA_GRADEBOOK',
      'MODULE_LEA_ATTESTATION',
    ]);
    expect(triad.trainingCourse.infoBlocks.presentation?.display).toBe(true);
    expect(triad.contracts).toHaveLength(1);
    expect(triad.activeContract).toMatchObject({
      contractType: { title: "Contrat d'apprentissage" },
      company: { companyName: 'Atelier Numérique Rhône', postCode: '69002' },
      startDate: '2025-09-01',
      endDate: '2027-08-31',
      apprenticeMaster: { fullName: 'Nathalie Dubois' },
      manager: { fullName: 'Philippe Garnier' },
    });
  });

  it('gives each caller their profile numbers in the triad', async () => {
    const rolesOf = async (username: string) => (await fetchTriad(username, triadOf.apprenti ?? 0)).userRoles;
    expect(await rolesOf('tuteur')).toEqual([2]);
    expect(await rolesOf('tuteur2')).toEqual([2]);
    expect(await rolesOf('maitre')).toEqual([3]);
    expect(await rolesOf('manager')).toEqual([4]);
    expect(await rolesOf('admin')).toEqual([4]);
    expect(await rolesOf('parent')).toEqual([]);
    expect(await rolesOf('dirigeant')).toEqual([]);
    expect((await fetchTriad('manager', triadOf.apprenti ?? 0)).trainingCourse.isLeaManager).toBe(true);
    expect((await fetchTriad('admin', triadOf.apprenti ?? 0)).trainingCourse.isLeaManager).toBe(false);
  });

  it('opens inactive triads and triads of archived courses to their members and managers', async () => {
    const inactive = await fetchTriad('manager', triadOf.apprenti5 ?? 0);
    expect(inactive.active).toBe(false);
    expect(inactive.activeContract?.ruptureDate).toBe('2026-01-15');
    expect((await fetchTriad('apprenti5', triadOf.apprenti5 ?? 0)).userRoles).toEqual([1]);
    const archived = await fetchTriad('tuteur', triadOf.apprenti6 ?? 0);
    expect(archived.trainingCourse.archive).toBe(true);
    expect(archived.crew).toBeNull();
  });

  it("answers 403 for another user's triad", async () => {
    const response = await getAs(test.app, `/api/fr/app/triad/${triadOf.apprenti}`, tokens.apprenti2);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403 });
    expect((await getAs(test.app, `/api/en/app/triad/${triadOf.apprenti3}`, tokens.tuteur)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown triad and for a triad of another platform', async () => {
    const unknown = await getAs(test.app, '/api/fr/app/triad/987654', tokens.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404 });
    const { db } = test.app.ctx;
    const { courseId } = await createForeignCourse(db, 'autre.example.com');
    const [foreign] = await db
      .insert(triads)
      .values({ trainingCourseId: courseId, apprenticeId: await userIdOf(test.app, 'apprenti') })
      .returning();
    const response = await getAs(test.app, `/api/fr/app/triad/${foreign?.id}`, tokens.apprenti);
    expect(response.statusCode).toBe(404);
  });

  it('answers 400 for a non-numeric id', async () => {
    expect((await getAs(test.app, '/api/fr/app/triad/abc', tokens.admin)).statusCode).toBe(400);
  });

  it('picks the contract running on the day, else the latest one', async () => {
    const { db } = test.app.ctx;
    const triadId = triadOf.apprenti ?? 0;
    await db.insert(contracts).values({ triadId, startDate: '2024-09-01', endDate: '2025-08-31' });
    const [platform] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost'));
    const caller = { userId: await userIdOf(test.app, 'apprenti'), platformId: platform?.id ?? 0, admin: false };
    const links = fileLinksFor(test.app.ctx.config.jwtSecret, caller);
    const during2025 = await getTriad(db, caller, triadId, links, 'fr', '2025-03-01');
    expect(during2025.contracts.map((contract) => contract.startDate)).toEqual(['2025-09-01', '2024-09-01']);
    expect(during2025.activeContract?.startDate).toBe('2024-09-01');
    expect((await getTriad(db, caller, triadId, links, 'fr', '2026-03-01')).activeContract?.startDate).toBe('2025-09-01');
    expect((await getTriad(db, caller, triadId, links, 'fr', '2030-01-01')).activeContract?.startDate).toBe('2025-09-01');
    expect((await getTriad(db, caller, triadId, links, 'fr', '2026-03-01')).activeContract?.contractType).toEqual({
      title: "Contrat d'apprentissage",
    });
  });
});
