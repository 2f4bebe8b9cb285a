import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, contractTypes, contracts } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import type { FileStore } from '../../services/file-store.js';
import { type ExportFile, fileSlug, pdfPlatform, questionnairePdfInput } from './export.js';
import { listTriadQuestionnaires } from './list.js';
import { type BookletContract, renderBookletPdf } from './pdf/booklet-pdf.js';
import { findExportDetails } from './queries.js';
import { parisDate } from './rules.js';
import { textRef } from '../../texts/index.js';

/** The contract running on `today` (ISO day), else the latest one started: the one the cover prints. */
async function findActiveContract(db: DbOrTx, triadId: number, today: string): Promise<BookletContract | null> {
  const rows = await db
    .select({
      contract: contracts,
      companyName: companies.companyName,
      siretNumber: companies.siretNumber,
      address1: companies.address1,
      postCode: companies.postCode,
      city: companies.city,
      type: contractTypes.title,
    })
    .from(contracts)
    .leftJoin(companies, eq(companies.id, contracts.companyId))
    .leftJoin(contractTypes, eq(contractTypes.id, contracts.contractTypeId))
    .where(eq(contracts.triadId, triadId))
    .orderBy(desc(contracts.startDate));
  const running = (row: (typeof rows)[number]) => {
    const end = row.contract.ruptureDate ?? row.contract.endDate;
    return row.contract.startDate <= today && (end === null || end >= today);
  };
  const row = rows.find(running) ?? rows[0];
  if (!row) return null;
  const address = [row.address1, [row.postCode, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    type: row.type,
    company: row.companyName,
    siretNumber: row.siretNumber,
    address: address === '' ? null : address,
    startDate: row.contract.startDate,
    endDate: row.contract.endDate,
    ruptureDate: row.contract.ruptureDate,
  };
}

/**
 * GET /app/triad/pdf/{id}: the triad's booklet — a cover and every questionnaire with at least one
 * signed reply, each as the caller's own export shows it. Access is the questionnaire list's
 * (members, course managers, administrators), so the booklet never prints more than the pages do.
 */
export async function exportBookletPdf(
  deps: { db: DbOrTx; files: FileStore },
  caller: Caller,
  params: { triadId: number; locale: 'fr' | 'en' },
  now = new Date(),
): Promise<ExportFile> {
  const { db } = deps;
  const list = await listTriadQuestionnaires(db, caller, { triadId: params.triadId, locale: params.locale }, now);
  const details = await findExportDetails(db, { triadId: params.triadId, platformId: caller.platformId });
  if (!details) throw notFound(textRef('common.triadNotFound'));
  const signed = list.years
    .flatMap((year) => year.categories.flatMap((category) => category.questionnaires))
    .filter((item) => Object.values(item.profileStatus).some((status) => status.hasSigned));
  const inputs = [];
  // One at a time: each input loads a whole questionnaire, and the pool is shared with other requests.
  for (const item of signed) {
    inputs.push(
      await questionnairePdfInput(
        deps,
        caller,
        { triadId: params.triadId, questionnaireId: item.id, model: 1, locale: params.locale },
        now,
      ),
    );
  }
  const members: [number, string | null][] = [
    [1, details.apprentice],
    [2, details.tutor],
    [3, details.apprenticeMaster],
  ];
  const pdf = await renderBookletPdf(
    {
      platform: await pdfPlatform(deps, details, caller.platformId),
      trainingCourse: details.trainingCourse,
      crew: details.crew,
      members: members.filter((entry): entry is [number, string] => entry[1] !== null),
      contract: await findActiveContract(db, params.triadId, parisDate(now)),
      generatedAt: now,
      locale: params.locale,
    },
    inputs,
  );
  return {
    data: pdf.toString('base64'),
    filename: `livret-${fileSlug(details.apprentice ?? details.trainingCourse)}.pdf`,
    filetype: 'application/pdf',
  };
}
