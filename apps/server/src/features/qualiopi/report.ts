import type { Locale, QualiopiCounts, QualiopiExpected, QualiopiQuery, QualiopiReportResponse, QualiopiRow } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import { absencesInPeriod } from '../../services/attendance.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { textRef } from '../../texts/index.js';
import {
  appliesTo,
  loadCourseDashboard,
  presentProfiles,
  replyOf,
  triadReplies,
  windowFor,
  type DashboardData,
  type DashboardQuestionnaire,
  type DashboardTriadRow,
} from '../questionnaire/dashboard-data.js';
import { orderedTriads } from '../questionnaire/dashboard-export.js';
import { parisDate } from '../questionnaire/rules.js';
import { absenceAlertsInPeriod, contractsInPeriod, remindersInPeriod, skillEvaluations, testTriadIds, type Period } from './queries.js';

/**
 * The Qualiopi follow-up report (issue 20 §5, decision 039): per apprentice of a course, over a
 * period of days, what the training organisation did to follow them. The questionnaires' windows,
 * crews and signatures are read as the signature dashboard reads them (dashboard-data.ts); the
 * rest in one query each, for the whole course: the number of statements does not grow with it.
 */

const latest = (days: string[]) => days.reduce((max, day) => (day > max ? day : max));
const inPeriod = (day: string, period: Period) => day >= period.from && day <= period.to;

/**
 * A questionnaire as expected of a triad, or null when it is not: it must apply to the triad, be
 * signed by at least one profile held in it, and fall due in the period. Its due date is its
 * completeness date, else the latest end of its signing profiles' windows (no end: no due date, so
 * never expected). On time: every signature given, the last one on or before the due date; late:
 * every signature given, the last one after it; missing: one not given and the due date passed;
 * pending: one not given, the due date today or later.
 */
export function expectedOf(
  data: DashboardData,
  entry: DashboardQuestionnaire,
  triad: DashboardTriadRow,
  period: Period,
): QualiopiExpected | null {
  const { questionnaire } = entry;
  if (!appliesTo(entry, triad)) return null;
  const present = presentProfiles(triad);
  const signers = questionnaire.signedBy.filter((profile) => present.includes(profile));
  if (signers.length === 0) return null;
  const ends = signers.map((profile) => questionnaire.completenessDate ?? windowFor(entry, triad, profile).endDate);
  if (ends.some((end) => end === null)) return null;
  const dueDate = latest(ends as string[]);
  if (!inPeriod(dueDate, period)) return null;
  const signed = signers.map((profile) => {
    const reply = replyOf(data, questionnaire.id, triad.id, profile);
    return reply?.status === 3 && reply.signedAt !== null ? parisDate(new Date(reply.signedAt)) : null;
  });
  const base = { questionnaireId: questionnaire.id, title: questionnaire.title, dueDate };
  if (signed.some((day) => day === null)) return { ...base, status: dueDate < data.today ? 'missing' : 'pending', signedOn: null };
  const signedOn = latest(signed as string[]);
  return { ...base, status: signedOn <= dueDate ? 'onTime' : 'late', signedOn };
}

/** The company visits of a triad in the period: the interview dates its shared or signed replies give, once per day and questionnaire. */
function visitsOf(data: DashboardData, triad: DashboardTriadRow, period: Period): QualiopiRow['visits'] {
  const visits = new Map<string, QualiopiRow['visits'][number]>();
  for (const entry of data.questionnaires) {
    const { questionnaire } = entry;
    if (!questionnaire.useInterviewDate || !appliesTo(entry, triad)) continue;
    for (const reply of triadReplies(data, questionnaire.id, triad.id)) {
      const date = reply.interviewDate;
      if (reply.status < 2 || date === null || !questionnaire.interviewDateVisibleBy.includes(reply.profile) || !inPeriod(date, period))
        continue;
      visits.set(`${date}|${questionnaire.id}`, { date, questionnaire: questionnaire.title });
    }
  }
  return [...visits.values()].sort((a, b) => a.date.localeCompare(b.date) || a.questionnaire.localeCompare(b.questionnaire));
}

export function countsOf(expected: QualiopiExpected[]): QualiopiCounts {
  const count = (status: QualiopiExpected['status']) => expected.filter((entry) => entry.status === status).length;
  return { expected: expected.length, onTime: count('onTime'), late: count('late'), missing: count('missing'), pending: count('pending') };
}

const sum = (rows: QualiopiRow[], pick: (row: QualiopiRow) => number) =>
  Math.round(rows.reduce((total, row) => total + pick(row), 0) * 100) / 100;

/**
 * `GET /app/lea-manager/{course}/qualiopi`: the course's managers and the platform's administrators
 * (the course's general section, decision 027); another platform's course or an unknown crew is a 404.
 * Rows: every active triad, and the inactive ones with something in the period (a contract running,
 * a signature, a visit, a skill rated, an absence, an alert or a reminder); test triads never.
 */
export async function getQualiopiReport(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  query: QualiopiQuery,
  locale: Locale,
  now = new Date(),
): Promise<QualiopiReportResponse> {
  const course = await resolveManagedCourse(db, caller, courseId, { access: 'MODULE_LEA_GENERAL', need: 'view' });
  const period: Period = { from: query.from, to: query.to };
  const [data, tests, contracts, skills, absences, alerts, reminders] = await Promise.all([
    loadCourseDashboard(db, course, { crews: query.crew === undefined ? undefined : [query.crew] }, { replies: 'shared', now }),
    testTriadIds(db, course.id),
    contractsInPeriod(db, course.id, period),
    skillEvaluations(db, course.id, period),
    absencesInPeriod(db, { trainingCourseId: course.id, ...period }),
    absenceAlertsInPeriod(db, course.id, period),
    remindersInPeriod(db, course.id, period),
  ]);
  if (query.crew !== undefined && !data.crews.some((crew) => crew.id === query.crew)) throw notFound(textRef('common.crewNotFound'));
  const sessionName = new Map(skills.sessions.map((session) => [session.id, session.name]));
  const sessionRank = new Map(skills.sessions.map((session, index) => [session.id, index]));
  const remindersOf = new Map<number, Set<number>>();
  for (const pair of reminders) remindersOf.set(pair.triadId, (remindersOf.get(pair.triadId) ?? new Set()).add(pair.mailId));

  const rows: QualiopiRow[] = [];
  for (const { triad } of orderedTriads(data, locale)) {
    if (tests.has(triad.id)) continue;
    const expected = data.questionnaires.flatMap((entry) => expectedOf(data, entry, triad, period) ?? []);
    const evaluated = skills.evaluations
      .filter((evaluation) => evaluation.triadId === triad.id)
      .sort((a, b) => (sessionRank.get(a.sessionId) ?? 0) - (sessionRank.get(b.sessionId) ?? 0))
      .map((evaluation) => ({ name: sessionName.get(evaluation.sessionId) ?? '', skills: evaluation.skills }));
    const row: QualiopiRow = {
      triadId: triad.id,
      active: triad.active,
      apprentice: triad.apprentice?.fullName ?? null,
      crew: data.crews.find((crew) => crew.id === triad.crewId)?.title ?? null,
      contracts: contracts.get(triad.id) ?? [],
      visits: visitsOf(data, triad, period),
      questionnaires: countsOf(expected),
      expected,
      skillSessions: { inPeriod: skills.sessions.length, evaluated },
      absences: absences.get(triad.id) ?? { count: 0, hours: 0, unjustifiedHours: 0 },
      absenceAlerts: alerts.get(triad.id) ?? 0,
      reminders: remindersOf.get(triad.id)?.size ?? 0,
    };
    const signedInPeriod = data.questionnaires.some((entry) =>
      triadReplies(data, entry.questionnaire.id, triad.id).some(
        (reply) => reply.status === 3 && reply.signedAt !== null && inPeriod(parisDate(new Date(reply.signedAt)), period),
      ),
    );
    const activity =
      row.contracts.length +
        row.visits.length +
        row.skillSessions.evaluated.length +
        row.absences.count +
        row.absenceAlerts +
        row.reminders >
        0 || signedInPeriod;
    if (triad.active || activity) rows.push(row);
  }

  const reported = new Set(rows.map((row) => row.triadId));
  return {
    course: { id: course.id, displayName: course.displayName, startYear: course.startYear, endYear: course.endYear },
    period,
    today: data.today,
    crews: data.crews,
    rows,
    totals: {
      apprentices: rows.length,
      contracts: sum(rows, (row) => row.contracts.length),
      visits: sum(rows, (row) => row.visits.length),
      questionnaires: countsOf(rows.flatMap((row) => row.expected)),
      skillSessionsEvaluated: sum(rows, (row) => row.skillSessions.evaluated.length),
      absences: {
        count: sum(rows, (row) => row.absences.count),
        hours: sum(rows, (row) => row.absences.hours),
        unjustifiedHours: sum(rows, (row) => row.absences.unjustifiedHours),
      },
      absenceAlerts: sum(rows, (row) => row.absenceAlerts),
      reminders: new Set(reminders.filter((pair) => reported.has(pair.triadId)).map((pair) => pair.mailId)).size,
    },
  };
}
