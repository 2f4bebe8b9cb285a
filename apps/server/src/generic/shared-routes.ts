import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackOfficeEntities,
  BackOfficeListResponse,
  FormModel,
  FormPayload,
  GenericActionResponse,
  GenericListQuery,
  GenericSaveResponse,
  Id,
} from '@lea/shared';
import { requireUser } from '../http/authenticate.js';
import type { SectionNeed } from '../services/manager-permissions.js';
import { describeEntity } from './describe.js';
import { sortAsked, type Mount } from './mounts.js';
import { entitiesOf } from './registry.js';
import { sharedScope } from './scope.js';
import { entityForm, listEntity, removeEntity, saveEntity } from './service.js';
import type { EntityDeclaration } from './types.js';

/** The manager calls across the caller's courses, with no course in the path (the shared documents). */
export const SHARED_MOUNT: Mount = {
  area: 'shared',
  prefix: '/app/lea-manager',
  params: z.looseObject({}),
  scopeOf: (request, section) => sharedScope(request, section),
};

const OneParams = z.looseObject({ a: Id });

/**
 * The generic calls of the shared area (spec 3 §7.1: `POST /app/lea-manager/document/post`,
 * `PUT …/document/post/{id}`, the generic list `document/shared`), each under the entity's own
 * static alias so that they never meet the course-scoped `/app/lea-manager/{course}/…` routes.
 * Only list, form, post and delete: the shared entities are neither sorted, moved, copied nor imported.
 */
export const sharedEntityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const { prefix } = SHARED_MOUNT;
  const auth = { preHandler: requireUser };
  const open = async (request: FastifyRequest, entity: EntityDeclaration, need: SectionNeed) =>
    SHARED_MOUNT.scopeOf(request, { entity, need });

  app.get(`${prefix}/generic/entities`, { ...auth, schema: { response: { 200: BackOfficeEntities } } }, async (request) => {
    const scope = await SHARED_MOUNT.scopeOf(request);
    return { area: SHARED_MOUNT.area, entities: entitiesOf(SHARED_MOUNT.area).map((entity) => describeEntity(entity, scope)) };
  });

  for (const entity of entitiesOf(SHARED_MOUNT.area)) {
    const base = `${prefix}/${entity.alias}`;
    for (const path of [`${base}/list`, `${base}/shared`]) {
      app.get(path, { ...auth, schema: { querystring: GenericListQuery, response: { 200: BackOfficeListResponse } } }, async (request) =>
        listEntity(db, await open(request, entity, 'view'), entity, null, request.query, sortAsked(request)),
      );
    }
    app.get(`${base}/form`, { ...auth, schema: { response: { 200: FormModel } } }, async (request) =>
      entityForm(db, await open(request, entity, 'view'), entity, { id: null, parentId: null }),
    );
    app.get(`${base}/form/:a`, { ...auth, schema: { params: OneParams, response: { 200: FormModel } } }, async (request) =>
      entityForm(db, await open(request, entity, 'view'), entity, { id: request.params.a, parentId: null }),
    );
    const save = { body: FormPayload, response: { 200: GenericSaveResponse } };
    app.post(`${base}/post`, { ...auth, schema: save }, async (request) =>
      saveEntity(ctx, await open(request, entity, 'edit'), entity, { id: null, parentId: null }, request.body),
    );
    app.put(`${base}/post/:a`, { ...auth, schema: { ...save, params: OneParams } }, async (request) =>
      saveEntity(ctx, await open(request, entity, 'edit'), entity, { id: request.params.a, parentId: null }, request.body),
    );
    app.delete(`${base}/delete/:a`, { ...auth, schema: { params: OneParams, response: { 200: GenericActionResponse } } }, async (request) =>
      removeEntity(db, await open(request, entity, 'delete'), entity, request.params.a, ctx.cache),
    );
  }
};
