import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FormModel,
  FormPayload,
  GenericActionResponse,
  GenericListQuery,
  GenericSaveResponse,
  BackOfficeListResponse,
  Id,
} from '@lea/shared';
import { requireUser } from '../http/authenticate.js';
import { sortAsked, type Mount } from './mounts.js';
import { entitiesOf } from './registry.js';
import { entityForm, listEntity, removeEntity, saveEntity } from './service.js';
import type { DeclaredPath, EntityDeclaration } from './types.js';

type Ids = { id?: number; parent?: number };
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
const FormQuery = z.record(z.string(), z.string());

/** The path's own parameters: `:id` the record, `:parent` its parent, both int4 ids. */
function paramsOf(mount: Mount, path: string) {
  const shape: Record<string, typeof Id> = {};
  for (const name of path.match(/:(\w+)/g) ?? []) {
    const param = name.slice(1);
    if (param !== 'id' && param !== 'parent') throw new Error(`${path}: only :id and :parent are declared path parameters`);
    shape[param] = Id;
  }
  return mount.params.extend(shape);
}

/**
 * The spec paths an entity declares beside the generic ones (`questionnaire/category/{id}`,
 * `triad-user/post/{triadId}`), served at both bases with the same services, access rules and
 * answers as the generic calls.
 */
export function registerDeclaredPaths(app: ZodApp, mount: Mount): void {
  const { ctx } = app;
  const auth = { preHandler: requireUser };
  const ids = (request: FastifyRequest) => request.params as Ids;
  const serve = (entity: EntityDeclaration, declared: DeclaredPath, url: string) => {
    const params = paramsOf(mount, declared.path);
    if (declared.action === 'delete' && !declared.path.includes(':id'))
      throw new Error(`${declared.path}: a delete path names the record (:id)`);
    const need = ({ list: 'view', form: 'view', save: 'edit', delete: 'delete' } as const)[declared.action];
    const scoped = (request: FastifyRequest) => mount.scopeOf(request, { entity, need });
    switch (declared.action) {
      case 'list':
        return app.route({
          method: declared.method,
          url,
          ...auth,
          schema: { params, querystring: GenericListQuery, response: { 200: BackOfficeListResponse } },
          handler: async (request) =>
            listEntity(
              ctx.db,
              await scoped(request),
              entity,
              ids(request).parent ?? null,
              request.query as GenericListQuery,
              sortAsked(request),
            ),
        });
      case 'form':
        return app.route({
          method: declared.method,
          url,
          ...auth,
          schema: { params, querystring: FormQuery, response: { 200: FormModel } },
          handler: async (request) =>
            entityForm(ctx.db, await scoped(request), entity, {
              id: ids(request).id ?? null,
              parentId: ids(request).parent ?? null,
              query: request.query as Record<string, string>,
            }),
        });
      case 'save':
        return app.route({
          method: declared.method,
          url,
          ...auth,
          schema: { params, body: FormPayload, response: { 200: GenericSaveResponse } },
          handler: async (request) =>
            saveEntity(
              ctx,
              await scoped(request),
              entity,
              { id: ids(request).id ?? null, parentId: ids(request).parent ?? null },
              request.body as FormPayload,
            ),
        });
      case 'delete':
        return app.route({
          method: declared.method,
          url,
          ...auth,
          schema: { params, response: { 200: GenericActionResponse } },
          // A delete path holds `:id` (checked when registering).
          handler: async (request) => removeEntity(ctx.db, await scoped(request), entity, ids(request).id!, ctx.cache),
        });
    }
  };
  for (const entity of entitiesOf(mount.area)) {
    for (const declared of entity.paths ?? []) {
      for (const base of [mount.prefix, `${mount.prefix}/generic`]) serve(entity, declared, `${base}/${declared.path}`);
    }
  }
}
