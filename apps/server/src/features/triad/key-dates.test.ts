import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyDatesResponse } from '@lea/shared';
import { contracts, crews, questionnaireCrews, questionnaires, triads, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAs, tokenFor } from '../../test/auth.js';

/** The events of an iCalendar file as {date, summary, description} (unfolded, unescaped enough for the checks). */
function eventsOf(ics: string) {
  const unfolded = ics.replace(/\r\n /g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map(([, body]) => {
    const field = (name: string) => new RegExp(`^${name}[^:]*:(.*)$`, 'm').exec(body ?? '')?.[1]?.replace(/\r$/, '') ?? null;
    return { date: field('DTSTART'), summary: field('SUMMARY')?.replace(/\\,/g, ',') ?? '', description: field('DESCRIPTION') };
  });
}

describe('GET /app/triad/key-dates/{id}', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  const triadOf: Record<string, number> = {};
  let courseId = 0;

  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['admin', 'manager', 'apprenti', 'apprenti2', 'tuteur', 'maitre', 'parent'])
      tokens[username] = await tokenFor(test.app, username);
    const rows = await test.app.ctx.db
      .select({ id: triads.id, courseId: triads.trainingCourseId, username: users.username })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId));
    for (const row of rows) triadOf[row.username] = row.id;
    courseId = rows.find((row) => row.username === 'apprenti')?.courseId ?? 0;
  });
  afterAll(async () => {
    await test.close();
  });

  const download = async (username: string, triadId: number, locale = 'fr') => {
    const response = await getAs(test.app, `/api/${locale}/app/triad/key-dates/${triadId}`, tokens[username]);
    expect(response.statusCode, response.body).toBe(200);
    const file = KeyDatesResponse.parse(response.json());
    return { ...file, ics: Buffer.from(file.data, 'base64').toString('utf8') };
  };

  it('answers 401 without a token, 403 outside the triad, 404 for an unknown triad', async () => {
    expect((await getAs(test.app, `/api/fr/app/triad/key-dates/${triadOf.apprenti}`)).statusCode).toBe(401);
    expect((await getAs(test.app, `/api/fr/app/triad/key-dates/${triadOf.apprenti}`, tokens.apprenti2)).statusCode).toBe(403);
    expect((await getAs(test.app, '/api/fr/app/triad/key-dates/987654', tokens.admin)).statusCode).toBe(404);
  });

  it("gives the apprentice a calendar of the contract and of the questionnaires' windows", async () => {
    const file = await download('apprenti', triadOf.apprenti ?? 0);
    expect(file).toMatchObject({ filename: 'dates-cles-lucas-martin.ics', type: 'text/calendar' });
    expect(file.ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(file.ics).toContain('X-WR-CALNAME:Dates clés – Lucas Martin – BTS SIO 2025-2027');
    const events = eventsOf(file.ics);
    expect(events).toContainEqual({ date: '20250901', summary: 'Début du contrat : Atelier Numérique Rhône', description: null });
    expect(events).toContainEqual({ date: '20270831', summary: 'Fin du contrat : Atelier Numérique Rhône', description: null });
    const visit = await test.app.ctx.db.select().from(questionnaires).where(eq(questionnaires.title, 'Visite en entreprise'));
    const window = visit[0]?.accessDates.all;
    expect(window?.startDate).toBeTruthy();
    expect(events).toContainEqual({
      date: window?.startDate?.replace(/-/g, ''),
      summary: 'Ouverture : Visite en entreprise',
      description: null,
    });
    expect(events).toContainEqual({
      date: window?.endDate?.replace(/-/g, ''),
      summary: 'Clôture : Visite en entreprise',
      description: null,
    });
    // Sorted by day.
    const days = events.map((event) => event.date ?? '');
    expect(days).toEqual([...days].sort());
  });

  it('speaks English under /api/en', async () => {
    const file = await download('tuteur', triadOf.apprenti ?? 0, 'en');
    expect(file.filename).toBe('key-dates-lucas-martin.ics');
    expect(eventsOf(file.ics).map((event) => event.summary)).toContain('Contract start: Atelier Numérique Rhône');
  });

  it("takes the caller's own window, the crew's dates, the completeness date, and leaves out what they cannot see", async () => {
    const { db } = test.app.ctx;
    const [crew] = await db.select().from(crews).where(eq(crews.name, 'Promotion 2025 - groupe A'));
    const [crewB] = await db.select().from(crews).where(eq(crews.name, 'Promotion 2025 - groupe B'));
    await db.insert(questionnaires).values({
      trainingCourseId: courseId,
      year: 1,
      title: 'Bilan par profil',
      visibleBy: [1, 2, 3, 4],
      accessDates: { all: { startDate: '2026-03-01', endDate: '2026-03-31' }, 3: { startDate: '2026-04-01', endDate: '2026-04-15' } },
      completenessDate: '2026-05-02',
    });
    await db.insert(questionnaires).values({
      trainingCourseId: courseId,
      year: 1,
      title: 'Réservé au tuteur',
      visibleBy: [2, 4],
      accessDates: { all: { startDate: '2026-06-01', endDate: null } },
    });
    await db.insert(questionnaires).values({
      trainingCourseId: courseId,
      year: 1,
      title: 'Inactif',
      active: false,
      accessDates: { all: { startDate: '2026-06-02', endDate: null } },
    });
    const [crewDated] = await db
      .insert(questionnaires)
      .values({
        trainingCourseId: courseId,
        year: 1,
        title: 'Dates du groupe',
        useCrewDates: true,
        accessDates: { all: { startDate: '2026-07-01', endDate: null } },
      })
      .returning();
    await db.insert(questionnaireCrews).values([
      { questionnaireId: crewDated?.id ?? 0, crewId: crew?.id ?? 0, startDate: '2026-09-10', endDate: '2026-09-20' },
      { questionnaireId: crewDated?.id ?? 0, crewId: crewB?.id ?? 0, startDate: null, endDate: null },
    ]);

    const apprentice = eventsOf((await download('apprenti', triadOf.apprenti ?? 0)).ics);
    expect(apprentice).toContainEqual({ date: '20260301', summary: 'Ouverture : Bilan par profil', description: null });
    expect(apprentice).toContainEqual({ date: '20260502', summary: 'À compléter au plus tard : Bilan par profil', description: null });
    expect(apprentice).toContainEqual({ date: '20260910', summary: 'Ouverture : Dates du groupe', description: null });
    expect(apprentice.some((event) => /Réservé au tuteur|Inactif/.test(event.summary))).toBe(false);

    const master = eventsOf((await download('maitre', triadOf.apprenti ?? 0)).ics);
    expect(master).toContainEqual({ date: '20260401', summary: 'Ouverture : Bilan par profil', description: null });
    expect(master.some((event) => event.date === '20260301')).toBe(false);

    expect(eventsOf((await download('tuteur', triadOf.apprenti ?? 0)).ics).map((event) => event.summary)).toContain(
      'Ouverture : Réservé au tuteur',
    );
    expect(eventsOf((await download('manager', triadOf.apprenti ?? 0)).ics).map((event) => event.summary)).toContain(
      'Ouverture : Réservé au tuteur',
    );
    // A crew without dates of its own gets the questionnaire's window.
    const otherCrew = eventsOf((await download('manager', triadOf.apprenti3 ?? 0)).ics);
    expect(otherCrew).toContainEqual({ date: '20260701', summary: 'Ouverture : Dates du groupe', description: null });
  });

  it('gives a secondary user the contract dates only, and a terminated contract its cause', async () => {
    const { db } = test.app.ctx;
    await db.insert(contracts).values({
      triadId: triadOf.apprenti ?? 0,
      startDate: '2024-09-01',
      endDate: '2025-08-31',
      ruptureDate: '2025-03-14',
      ruptureCause: "Départ, à la demande de l'apprenti",
    });
    const events = eventsOf((await download('parent', triadOf.apprenti ?? 0)).ics);
    expect(events.every((event) => /contrat/.test(event.summary))).toBe(true);
    expect(events).toContainEqual({
      date: '20250314',
      summary: 'Rupture du contrat : Contrat',
      description: "Motif : Départ\\, à la demande de l'apprenti",
    });
  });
});
