import type { EventListQuery, FileDownloadResponse } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { XLSX_MIME, writeWorkbook } from '../../generic/xlsx.js';
import type { ManagerScope } from '../../generic/types.js';
import { typeLabel } from '../../generic/entities/calendar-common.js';
import { absencesByApprentice } from '../../services/attendance.js';
import { listTriadEvents, wireDateTime } from '../../services/calendar-events.js';
import { resolveTriadAccess } from '../../services/triad-access.js';
import { translator } from '../../texts/index.js';

const today = () => new Date().toISOString().slice(0, 10);

/** GET /app/event/export/{triadId}: the triad's planning of a period as xlsx (spec 2 §2 "export planning"). */
export async function exportTriadPlanning(
  db: DbOrTx,
  caller: Caller,
  locale: 'fr' | 'en',
  triadId: number,
  query: EventListQuery,
): Promise<FileDownloadResponse> {
  const { triad } = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_ABSENCE' });
  const t = translator(locale);
  const rows = await listTriadEvents(db, triad, { from: query.startDate, to: query.endDate }, true);
  const bytes = await writeWorkbook(
    t('calendar.planningList'),
    [
      t('calendar.type'),
      t('calendar.title'),
      t('calendar.start'),
      t('calendar.end'),
      t('calendar.hours'),
      t('calendar.subject'),
      t('calendar.teacher'),
      t('calendar.classroom'),
    ],
    rows
      .filter((row) => row.type !== 3)
      .map((row) => [
        typeLabel(row.type, locale),
        row.title,
        wireDateTime(row.startDate),
        wireDateTime(row.endDate),
        Number(row.hours),
        row.subject,
        row.teacher,
        row.classroom,
      ]),
    [14, 32, 18, 18, 10, 20, 20, 12],
  );
  return { filename: `lea-${t('calendar.exportPlanning')}-${triadId}-${today()}.xlsx`, data: bytes.toString('base64'), type: XLSX_MIME };
}

/** GET /app/lea-manager/{course}/absence/export-apprentices: absences per apprentice with their hours, justified and not. */
export async function exportCourseAbsences(db: DbOrTx, scope: ManagerScope, year: number | null): Promise<FileDownloadResponse> {
  const t = translator(scope.locale);
  const rows = await absencesByApprentice(db, { trainingCourseId: scope.course.id, year });
  const bytes = await writeWorkbook(
    t('calendar.totalsSheet'),
    [
      t('calendar.apprentice'),
      t('calendar.crew'),
      t('calendar.absenceCount'),
      t('calendar.hours'),
      t('calendar.justifiedHours'),
      t('calendar.unjustifiedHours'),
    ],
    rows.map((row) => [
      [row.apprenticeLastName, row.apprenticeFirstName].filter(Boolean).join(' '),
      row.crew,
      row.absences,
      row.hours,
      row.justifiedHours,
      row.unjustifiedHours,
    ]),
    [28, 20, 16, 10, 16, 18],
  );
  return {
    filename: `lea-${t('calendar.exportAbsences')}-${scope.course.id}${year === null ? '' : `-${year}`}-${today()}.xlsx`,
    data: bytes.toString('base64'),
    type: XLSX_MIME,
  };
}
