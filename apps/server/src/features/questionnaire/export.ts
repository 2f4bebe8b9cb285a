import { DEFAULT_COLOR } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import type { FileStore } from '../../services/file-store.js';
import { profileTitlesOf } from '../../services/profile-titles.js';
import { loadQuestionnaireContext } from './context.js';
import { type PdfPlatform, type QuestionnairePdfInput, renderQuestionnairePdf } from './pdf/index.js';
import { findExportDetails, listStandingSignatures } from './queries.js';
import { buildView, readableReplies } from './view.js';
import { textRef } from '../../texts/index.js';

export type ExportFile = { data: string; filename: string; filetype: string };

/** "Bilan de mi-parcours (2e année)" → "bilan-de-mi-parcours-2e-annee". */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug === '' ? 'questionnaire' : slug;
}

/** The design part of findExportDetails (and of findCourseBranding). */
type ExportDetails = Pick<NonNullable<Awaited<ReturnType<typeof findExportDetails>>>, 'platformName' | 'colors' | 'template' | 'logo'>;

/**
 * The platform's name, colours and logo as the PDF prints them (the course's skin first, then the
 * institution's), the course's booklet template (cover text, page header and footer) and the
 * platform's profile titles.
 */
export async function pdfPlatform(
  deps: { db: DbOrTx; files: FileStore },
  details: ExportDetails,
  platformId: number,
): Promise<PdfPlatform> {
  const [logo, profileTitles] = await Promise.all([
    details.logo ? deps.files.get(details.logo.pathName) : null,
    profileTitlesOf(deps.db, platformId),
  ]);
  const { colors } = details;
  return {
    name: details.platformName,
    principalColor: colors.coursePrincipal ?? colors.institutionPrincipal ?? colors.platformPrincipal ?? DEFAULT_COLOR,
    secondaryColor: colors.courseSecondary ?? colors.institutionSecondary ?? colors.platformSecondary ?? DEFAULT_COLOR,
    logo,
    logoMime: logo ? (details.logo?.mimeType ?? null) : null,
    template: details.template ?? undefined,
    profileTitles,
  };
}

type ExportParams = { triadId: number; questionnaireId: number; model: 0 | 1; profile?: number | undefined; locale: 'fr' | 'en' };

/** What the PDF of the caller's view prints: the view, the platform's look, the triad and the standing signatures. */
export async function questionnairePdfInput(
  deps: { db: DbOrTx; files: FileStore },
  caller: Caller,
  params: ExportParams,
  now = new Date(),
): Promise<QuestionnairePdfInput> {
  const { db } = deps;
  const context = await loadQuestionnaireContext(db, caller, params, { profile: params.profile, now });
  const [view, details] = await Promise.all([
    buildView(db, context, null),
    findExportDetails(db, { triadId: context.access.triad.id, platformId: caller.platformId }),
  ]);
  if (!details) throw notFound(textRef('common.triadNotFound'));
  const readable = [...readableReplies(context).values()];
  const signatures =
    params.model === 0
      ? []
      : await listStandingSignatures(
          db,
          readable.map((reply) => reply.id),
        );
  const profileOfReply = new Map(readable.map((reply) => [reply.id, reply.profile]));
  return {
    view,
    model: params.model,
    platform: await pdfPlatform(deps, details, caller.platformId),
    triad: {
      apprentice: details.apprentice,
      tutor: details.tutor,
      apprenticeMaster: details.apprenticeMaster,
      trainingCourse: details.trainingCourse,
      crew: details.crew,
    },
    signatures: signatures.map((row) => ({
      profile: profileOfReply.get(row.signature.replyId) ?? 0,
      signerName: row.signerName,
      signedAt: row.signature.signedAt.toISOString(),
      digest: row.signature.digest,
      impersonatorName: row.impersonatorName,
      paper:
        row.signature.method === 'paper' && row.signature.paperSignedOn
          ? { signedOn: row.signature.paperSignedOn, recordedBy: row.recorderName ?? '' }
          : null,
    })),
    generatedAt: now,
    locale: params.locale,
  };
}

/**
 * GET /app/questionnaire/export/{triad}/{questionnaire}?model=0|1: the PDF of the caller's view
 * (model 0 the blank model, 1 the filled booklet), with the signatures of the replies they see.
 */
export async function exportQuestionnairePdf(
  deps: { db: DbOrTx; files: FileStore },
  caller: Caller,
  params: ExportParams,
  now = new Date(),
): Promise<ExportFile> {
  const input = await questionnairePdfInput(deps, caller, params, now);
  const pdf = await renderQuestionnairePdf(input);
  const { view } = input;
  const suffix = params.model === 0 ? '-modele' : '';
  return { data: pdf.toString('base64'), filename: `${fileSlug(view.title)}${suffix}.pdf`, filetype: 'application/pdf' };
}
