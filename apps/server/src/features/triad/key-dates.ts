import type { KeyDatesResponse, Locale } from '@lea/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { appliesToTriad, canSeeQuestionnaire, effectiveWindow } from '../../services/questionnaire-windows.js';
import { buildCalendar, type AllDayEvent } from './ics.js';
import { findPeople, listContracts, listQuestionnaireDates } from './queries.js';
import { loadTriadAccess } from './service.js';
import { translator, type Translate } from '../../texts/index.js';

/** Lower-case ASCII words joined by dashes, for a file name. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The completion windows and completeness dates of the questionnaires the caller sees in the triad,
 * each window taken for the caller's own profile (their lowest, as the questionnaire screens do).
 * A member without a profile (secondary user, company manager) sees no questionnaire, so no date.
 */
async function questionnaireEvents(
  db: Db,
  access: Awaited<ReturnType<typeof loadTriadAccess>>,
  canManage: boolean,
  t: Translate,
): Promise<AllDayEvent[]> {
  const { triad, course } = access.detail;
  const profile = access.roles.length === 0 ? null : Math.min(...access.roles);
  if (profile === null) return [];
  const { questionnaires, crews, triads } = await listQuestionnaireDates(db, course.id);
  const events: AllDayEvent[] = [];
  for (const questionnaire of questionnaires) {
    const applies = appliesToTriad(
      {
        crewIds: crews.filter((crew) => crew.questionnaireId === questionnaire.id).map((crew) => crew.crewId),
        triadIds: triads.filter((link) => link.questionnaireId === questionnaire.id).map((link) => link.triadId),
      },
      triad,
    );
    if (!canSeeQuestionnaire(questionnaire, applies, profile, canManage)) continue;
    const crew = crews.find((row) => row.questionnaireId === questionnaire.id && row.crewId === triad.crewId);
    const window = effectiveWindow(questionnaire, profile, crew ? { startDate: crew.startDate, endDate: crew.endDate } : null);
    const uid = (kind: string) => `lea-${triad.id}-questionnaire-${questionnaire.id}-${kind}@lea`;
    if (window.startDate)
      events.push({ uid: uid('start'), date: window.startDate, summary: t('triad.opens', { title: questionnaire.title }) });
    if (window.endDate) events.push({ uid: uid('end'), date: window.endDate, summary: t('triad.closes', { title: questionnaire.title }) });
    if (questionnaire.completenessDate) {
      events.push({
        uid: uid('completeness'),
        date: questionnaire.completenessDate,
        summary: t('triad.completeness', { title: questionnaire.title }),
      });
    }
  }
  return events;
}

/** The dates of every contract of the triad: the members see them all on the dashboard's contract block. */
async function contractEvents(db: Db, triadId: number, t: Translate): Promise<AllDayEvent[]> {
  const events: AllDayEvent[] = [];
  for (const { contract, company } of await listContracts(db, triadId)) {
    const name = company?.companyName ?? t('triad.contract');
    const uid = (kind: string) => `lea-${triadId}-contract-${contract.id}-${kind}@lea`;
    events.push({ uid: uid('start'), date: contract.startDate, summary: t('triad.contractStart', { name }) });
    if (contract.endDate) events.push({ uid: uid('end'), date: contract.endDate, summary: t('triad.contractEnd', { name }) });
    if (contract.ruptureDate) {
      const description = contract.ruptureCause ? t('triad.cause', { cause: contract.ruptureCause }) : null;
      events.push({ uid: uid('rupture'), date: contract.ruptureDate, summary: t('triad.rupture', { name }), description });
    }
  }
  return events;
}

/**
 * GET /app/triad/key-dates/{id}: the triad's key dates as an iCalendar file of all-day events, for
 * whoever may open the triad (spec 2 §2 "download key dates", which the original left unimplemented).
 */
export async function exportKeyDates(db: Db, caller: Caller, triadId: number, locale: Locale, now = new Date()): Promise<KeyDatesResponse> {
  const access = await loadTriadAccess(db, caller, triadId);
  const { triad, course } = access.detail;
  const t = translator(locale);
  const [questionnaireDates, contractDates, [apprentice]] = await Promise.all([
    questionnaireEvents(db, access, access.detail.isManager || caller.admin, t),
    contractEvents(db, triad.id, t),
    findPeople(db, triad.apprenticeId === null ? [] : [triad.apprenticeId]),
  ]);
  const events = [...contractDates, ...questionnaireDates].sort(
    (a, b) => a.date.localeCompare(b.date) || a.summary.localeCompare(b.summary),
  );
  const apprenticeName = apprentice ? `${apprentice.firstName} ${apprentice.lastName}` : null;
  const name = [t('triad.calendar'), apprenticeName, course.displayName].filter(Boolean).join(' – ');
  const ics = buildCalendar({ name, events, stamp: now });
  return {
    filename: `${[t('triad.calendarFile'), slug(apprenticeName ?? String(triad.id))].join('-')}.ics`,
    data: Buffer.from(ics, 'utf8').toString('base64'),
    type: 'text/calendar',
  };
}
