import { and, eq, max } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { components, helpDocuments, institutions, trainings } from '../db/schema/index.js';

/**
 * The admin setup's demo rows (issue 13 §3, §5): the institution's code and components (the
 * demo's training given by its computing department), a second institution with its own, and a
 * third help document. No data-agreement version: none is published, so nobody is asked to accept.
 */
export async function insertDemoAdminSetup(tx: Tx, platformId: number): Promise<void> {
  const [institution] = await tx.select({ id: institutions.id }).from(institutions).where(eq(institutions.platformId, platformId)).limit(1);
  if (!institution) return;
  await tx.update(institutions).set({ code: 'CFA-LYON' }).where(eq(institutions.id, institution.id));
  const [computing] = await tx
    .insert(components)
    .values([
      { institutionId: institution.id, name: 'Pôle numérique', code: 'NUM' },
      { institutionId: institution.id, name: 'Pôle tertiaire', code: 'TER' },
    ])
    .returning({ id: components.id });
  await tx
    .update(trainings)
    .set({ componentId: computing!.id })
    .where(and(eq(trainings.platformId, platformId), eq(trainings.institutionId, institution.id)));
  const [second] = await tx
    .insert(institutions)
    .values({ platformId, name: 'CFA Campus Demo - site de Villeurbanne', code: 'CFA-VIL', postCode: '69100', city: 'Villeurbanne' })
    .returning({ id: institutions.id });
  await tx.insert(components).values({ institutionId: second!.id, name: 'Pôle industrie', code: 'IND' });
  const [last] = await tx
    .select({ position: max(helpDocuments.position) })
    .from(helpDocuments)
    .where(eq(helpDocuments.platformId, platformId));
  await tx.insert(helpDocuments).values({
    platformId,
    title: 'Contacter son responsable de formation',
    documentType: 2,
    description:
      '<p>Depuis votre livret, ouvrez <strong>Messagerie</strong> et choisissez votre responsable de formation, ou écrivez à l’assistance dont l’adresse figure en bas de page.</p>',
    position: (last?.position ?? -1) + 1,
  });
}
