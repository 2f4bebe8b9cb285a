import ICAL from 'ical.js';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import {
  absenceAlerts,
  absenceConfigs,
  calendarEvents,
  mailOutbox,
  timelineEntries,
  trainingCourses,
  trainings,
} from '../../db/schema/index.js';
import { demoCourseId } from '../../generic/test-helpers.js';
import { checkAbsenceAlerts } from '../../services/absence-alerts.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { apiAs, triadOfApprentice } from './calendar-test-helpers.js';

/** Issue 15 §4–5: the private iCalendar feed and the absence alerts. */
describe('calendar feed and absence alerts', () => {
  let test: TestApp;
  let courseId: number;
  let triad: Awaited<ReturnType<typeof triadOfApprentice>>;
  const tokens: Record<string, string> = {};
  const next = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    test = await createTestApp();
    courseId = await demoCourseId(test.app);
    triad = await triadOfApprentice(test.app, 'apprenti');
    for (const username of ['apprenti', 'tuteur', 'manager']) tokens[username] = await tokenFor(test.app, username);
    await test.app.ctx.db.insert(calendarEvents).values([
      {
        trainingCourseId: courseId,
        crewId: triad.crewId,
        type: 1,
        title: 'Cours, réseaux; systèmes',
        startDate: `${next} 08:30:00`,
        endDate: `${next} 12:30:00`,
        hours: 4,
        classroom: 'B12',
      },
      {
        trainingCourseId: courseId,
        triadId: triad.id,
        type: 3,
        title: 'Absence',
        startDate: `${next} 14:00:00`,
        endDate: `${next} 16:00:00`,
        hours: 2,
      },
    ]);
  });
  afterAll(async () => test?.close());

  it('gives a private address whose feed parses back with an iCalendar parser, and a revoked one answers 404', async () => {
    const as = apiAs(test.app, tokens.apprenti!);
    expect((await as('GET', '/app/event/feed')).json()).toEqual({ url: null });
    const created = (await as('POST', '/app/event/feed')).json() as { url: string };
    expect(created.url).toMatch(/\/api\/fr\/calendar\/feed\/[A-Za-z0-9_-]{43}$/);
    expect((await as('GET', '/app/event/feed')).json()).toEqual(created);
    const path = new URL(created.url).pathname;

    const feed = await test.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const course = events.find((event) => event.summary === 'Cours, réseaux; systèmes');
    expect(course?.location).toBe('B12');
    expect(course?.startDate.toString()).toMatch(/T08:30:00$/);
    expect(course?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Paris');
    const absence = events.find((event) => event.summary.startsWith('Absence') && event.startDate.toString().startsWith(`${next}T14`));
    expect(absence?.summary).toContain('non justifiée');
    expect(absence?.endDate.toString()).toMatch(/T16:00:00$/);

    // The tutor's own feed has the triad's events too; the address carries no bearer.
    const tutor = (await apiAs(test.app, tokens.tuteur!)('POST', '/app/event/feed')).json() as { url: string };
    expect(tutor.url).not.toBe(created.url);
    expect((await test.app.inject({ method: 'GET', url: new URL(tutor.url).pathname })).body).toContain('Cours\\, réseaux\\; systèmes');

    const renewed = (await as('POST', '/app/event/feed')).json() as { url: string };
    expect(renewed.url).not.toBe(created.url);
    expect((await test.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await as('DELETE', '/app/event/feed')).json()).toEqual({ url: null });
    expect((await test.app.inject({ method: 'GET', url: new URL(renewed.url).pathname })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/api/fr/calendar/feed/short' })).statusCode).toBe(400);
    expect((await apiAs(test.app, null)('POST', '/app/event/feed')).statusCode).toBe(401);
  });

  it('alerts the manager and the tutor once when the unjustified hours pass the threshold, even from two processes at once', async () => {
    const { db } = test.app.ctx;
    const [platform] = await db
      .select({ id: trainings.platformId })
      .from(trainingCourses)
      .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
      .where(eq(trainingCourses.id, courseId));
    await db
      .insert(absenceConfigs)
      .values({ platformId: platform!.id, alertThresholdHours: 5 })
      .onConflictDoUpdate({
        target: absenceConfigs.platformId,
        set: { alertThresholdHours: 5 },
      });
    // The demo's absences of the triad are set aside: this test counts its own hours.
    await db.update(calendarEvents).set({ justified: true }).where(eq(calendarEvents.triadId, triad.id));
    const unjustified = async () => {
      const rows = await db.select().from(calendarEvents).where(eq(calendarEvents.triadId, triad.id));
      return rows.filter((row) => row.type === 3 && !row.justified).reduce((sum, row) => sum + Number(row.hours), 0);
    };
    const alertMails = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'absence-alert'))).length;
    const before = await alertMails();

    // Under the threshold: nothing.
    await db.transaction((tx) => checkAbsenceAlerts(tx, [triad.id]));
    expect(await unjustified()).toBeLessThanOrEqual(5);
    expect(await alertMails()).toBe(before);

    // Past it: two processes check at the same moment, one sends.
    await db.insert(calendarEvents).values({
      trainingCourseId: courseId,
      triadId: triad.id,
      type: 3,
      title: 'Absence',
      startDate: '2031-05-05 08:00:00',
      endDate: '2031-05-05 17:00:00',
      hours: 8,
    });
    const second = test.engine === 'postgres' ? await openDatabase(test.app.ctx.config.databaseUrl!, '') : null;
    const otherDb = second?.db ?? db;
    const results = await Promise.all([
      db.transaction((tx) => checkAbsenceAlerts(tx, [triad.id])),
      otherDb.transaction((tx) => checkAbsenceAlerts(tx, [triad.id])),
    ]);
    await second?.close();
    expect(results.flat()).toEqual([triad.id]);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'absence-alert'));
    const recipients = mails.slice(before).map((mail) => mail.toAddress);
    expect(recipients.length).toBeGreaterThanOrEqual(2);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(mails.at(-1)!.subject).toContain('seuil de 5 h');
    const [timeline] = await db.select().from(timelineEntries).where(eq(timelineEntries.triadId, triad.id));
    expect(timeline).toBeDefined();

    // Again: still once. Back under (the absence justified), then past again: a second crossing, a second alert.
    await db.transaction((tx) => checkAbsenceAlerts(tx, [triad.id]));
    expect(await alertMails()).toBe(before + recipients.length);
    await db.update(calendarEvents).set({ justified: true }).where(eq(calendarEvents.startDate, '2031-05-05 08:00:00'));
    await db.transaction((tx) => checkAbsenceAlerts(tx, [triad.id]));
    expect(
      await db
        .select()
        .from(absenceAlerts)
        .where(inArray(absenceAlerts.triadId, [triad.id])),
    ).toEqual([]);
    await db.update(calendarEvents).set({ justified: false }).where(eq(calendarEvents.startDate, '2031-05-05 08:00:00'));
    await db.transaction((tx) => checkAbsenceAlerts(tx, [triad.id]));
    expect(await alertMails()).toBe(before + 2 * recipients.length);
  });

  it('alerts through a manager absence save too, the mails leaving once it has committed', async () => {
    const { db } = test.app.ctx;
    await db.delete(absenceAlerts);
    await db.update(calendarEvents).set({ justified: true }).where(eq(calendarEvents.triadId, triad.id));
    const call = apiAs(test.app, tokens.manager!);
    const form = (await call('GET', `/app/lea-manager/${courseId}/absence/form`)).json();
    const payload = form.tabs.map((tab: { code: string; fields: { name: string; value: unknown }[] }) => ({
      code: tab.code,
      form: Object.fromEntries(
        tab.fields.map((field) => [
          field.name,
          {
            triad: String(triad.id),
            title: 'Absence',
            startDate: '2031-06-02 08:00',
            endDate: '2031-06-02 17:00',
            hours: '9',
            justified: false,
          }[field.name] ?? field.value,
        ]),
      ),
    }));
    const saved = await call('POST', `/app/lea-manager/${courseId}/absence/post`, payload);
    expect(saved.json().hasError).toBe(false);
    expect(await db.select().from(absenceAlerts).where(eq(absenceAlerts.triadId, triad.id))).toHaveLength(1);
    const queued = await db.select().from(mailOutbox).where(eq(mailOutbox.status, 'queued'));
    expect(queued.filter((mail) => mail.kind === 'absence-alert')).toEqual([]);
  });
});
