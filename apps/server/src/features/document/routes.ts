import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DocumentCategoriesResponse,
  DocumentFormParams,
  DocumentFormQuery,
  DocumentListParams,
  DocumentListResponse,
  DocumentPostRequest,
  DocumentPostResponse,
  DocumentRemoveRequest,
  DocumentRemoveResponse,
  FormModel,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { fileLinksOf } from '../../services/file-links.js';
import { postDocument, removeDocument } from './post-document.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { documentForm, listPlatformCategories, listTriadDocuments } from './service.js';

/**
 * Documents and notes of a triad (spec 2 §7, MODULE_LEA_DOCUMENT), under /api/{locale}. The two
 * writes keep the spec's `/api/document/…` paths, so they answer at `/api/{locale}/api/document/…`.
 * The token is checked before the body (preValidation): a call without one is 401 whatever it sends.
 */
export async function documentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/app/document/categories',
    { preValidation: requireUser, schema: { response: { 200: DocumentCategoriesResponse } } },
    (request) => listPlatformCategories(ctx.db, callerOf(request)),
  );

  app.get(
    '/app/document/:triad/:category/list',
    { preValidation: requireUser, schema: { params: DocumentListParams, response: { 200: DocumentListResponse } } },
    (request) => listTriadDocuments(ctx.db, callerOf(request), fileLinksOf(request), request.params.triad, request.params.category),
  );

  app.get(
    '/app/document/:triad/:kind/form',
    { preValidation: requireUser, schema: { params: DocumentFormParams, querystring: DocumentFormQuery, response: { 200: FormModel } } },
    (request) =>
      documentForm(ctx.db, callerOf(request), request.locale, {
        triadId: request.params.triad,
        kind: request.params.kind,
        id: request.query.id,
        category: request.query.category,
      }),
  );

  app.post(
    '/api/document/post',
    { preValidation: requireUser, schema: { body: DocumentPostRequest, response: { 200: DocumentPostResponse } } },
    (request) => postDocument(ctx, callerOf(request), request.body, writeMetaOf(request), request.log),
  );

  app.post(
    '/api/document/remove',
    { preValidation: requireUser, schema: { body: DocumentRemoveRequest, response: { 200: DocumentRemoveResponse } } },
    (request) => removeDocument(ctx, callerOf(request), request.body, writeMetaOf(request)),
  );
}
