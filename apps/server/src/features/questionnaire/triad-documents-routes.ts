import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AttestationListResponse,
  AttestationPdfQuery,
  GradebookListResponse,
  GradebookPdfQuery,
  PdfDataResponse,
  TriadDocumentsParams,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { attestationPdf, listAttestations } from './attestation-book.js';
import { gradebookPdf, listGradebooks } from './gradebook-book.js';

/**
 * Gradebooks and attendance certificates of a triad (spec 2 §2, §7): their lists and their branded
 * PDFs (`data` base64, `fileName`). They are printed with the questionnaire PDF's layout and the
 * triad's branding, which live in this feature.
 */
export async function triadDocumentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, files } = app.ctx;

  app.get(
    '/app/gradebook/list/:triad',
    { preHandler: requireUser, schema: { params: TriadDocumentsParams, response: { 200: GradebookListResponse } } },
    (request) => listGradebooks(db, callerOf(request), request.params.triad),
  );

  app.get(
    '/api/gradebook/get-pdf',
    { preHandler: requireUser, schema: { querystring: GradebookPdfQuery, response: { 200: PdfDataResponse } } },
    (request) => gradebookPdf({ db, files }, callerOf(request), request.query, request.locale),
  );

  app.get(
    '/app/attestations/list/:triad',
    { preHandler: requireUser, schema: { params: TriadDocumentsParams, response: { 200: AttestationListResponse } } },
    (request) => listAttestations(db, callerOf(request), request.params.triad, request.locale),
  );

  app.get(
    '/api/attestations/get-pdf',
    { preHandler: requireUser, schema: { querystring: AttestationPdfQuery, response: { 200: PdfDataResponse } } },
    (request) => attestationPdf({ db, files }, callerOf(request), request.query, request.locale),
  );
}
