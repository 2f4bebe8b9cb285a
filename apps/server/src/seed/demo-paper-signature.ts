import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { files, questionnaires, replies, replySignatures, triads } from '../db/schema/index.js';
import type { FileStore } from '../services/file-store.js';
import { replyDigest } from '../services/reply-digest.js';
import { renderPdf, storeDemoFile } from './demo-files.js';

const QUESTIONNAIRE = 'Accueil en entreprise';

/**
 * A signature given on paper (issue 20 §3), so that `npm start` shows one: the apprenticeship master
 * of the second triad (Emma Petit's, whose master is `maitre2`) signed the printed "Accueil en entreprise", and the
 * manager recorded it with the scan. Only in the demo itself, not in the journeys' copies.
 */
export async function insertDemoPaperSignature(
  tx: Tx,
  store: FileStore,
  params: { platformId: number; courseId: number; people: Map<string, number>; today?: Date },
) {
  const today = params.today ?? new Date();
  const managerId = params.people.get('manager');
  const apprenticeId = params.people.get('apprenti2');
  const [questionnaire] = await tx
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(and(eq(questionnaires.trainingCourseId, params.courseId), eq(questionnaires.title, QUESTIONNAIRE)));
  const [triad] = apprenticeId
    ? await tx.select({ id: triads.id, masterId: triads.apprenticeMasterId }).from(triads).where(eq(triads.apprenticeId, apprenticeId))
    : [];
  if (!questionnaire || !triad?.masterId || !managerId)
    throw new Error('demo seed: the paper signature’s questionnaire or triad is missing');

  const scan = await storeDemoFile(
    store,
    'accueil-entreprise-signe.pdf',
    'application/pdf',
    await renderPdf(`${QUESTIONNAIRE} – page signée`, [
      "Scan de la page de signature imprimée, signée à la main par le maître d'apprentissage.",
      'Document enregistré par le responsable de formation comme preuve de la signature sur papier.',
    ]),
  );
  const [file] = await tx
    .insert(files)
    .values({ ...scan, folder: 'paper-signature', platformId: params.platformId, uploadedBy: managerId })
    .returning({ id: files.id });
  const recordedAt = new Date(today.getTime() - 2 * 86_400_000);
  const [reply] = await tx
    .insert(replies)
    .values({ questionnaireId: questionnaire.id, triadId: triad.id, profile: 3, status: 3, version: 1, signedAt: recordedAt })
    .returning({ id: replies.id });
  await tx.insert(replySignatures).values({
    replyId: reply!.id,
    signedAt: recordedAt,
    userId: triad.masterId,
    ip: '127.0.0.1',
    userAgent: 'seed',
    digest: replyDigest([]),
    method: 'paper',
    paperFileId: file!.id,
    paperSignedOn: new Date(recordedAt.getTime() - 3 * 86_400_000).toISOString().slice(0, 10),
    recordedByUserId: managerId,
  });
}
