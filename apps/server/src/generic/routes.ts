import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackOfficeEntities,
  BackOfficeListResponse,
  ChoiceSearchResponse,
  FileDownloadResponse,
  FormModel,
  FormPayload,
  GenericActionResponse,
  GenericListQuery,
  GenericMoveBody,
  GenericSaveResponse,
  Id,
  ImportPostBody,
  Index,
  ImportReport,
} from '@lea/shared';
import { requireUser } from '../http/authenticate.js';
import { exportEntity, importEntity, importForm, importModel } from './exchange.js';
import { registerDeclaredPaths } from './declared-paths.js';
import { describeEntity } from './describe.js';
import type { SectionNeed } from '../services/manager-permissions.js';
import { sortAsked, type Mount } from './mounts.js';
import { entitiesOf, entityFor } from './registry.js';
import { copyEntity, entityForm, listEntity, moveEntity, removeEntity, saveEntity, searchEntity, sortEntity } from './service.js';

const Alias = z.string().regex(/^[a-z][a-z0-9-]{0,49}$/);
const EntityShape = { entity: Alias };
const OneShape = { entity: Alias, a: Id };
const TwoShape = { entity: Alias, a: Id, b: Id };
const SortShape = { entity: Alias, id: Id, index: Index };
const SearchShape = { entity: Alias, text: z.string().max(100) };
const FormQuery = z.record(z.string(), z.string());

/**
 * The generic calls of spec 3 §7.1 for every registered entity, each reachable as
 * `{prefix}/{entity}/…` and `{prefix}/generic/{entity}/…`. The entity decides what `{a}`/`{b}` are
 * where the spec allows both shapes: an entity with a parent (contract → triad) reads
 * `form/{parent}[/{id}]`, `post/{parent}` (new) and `post/{parent}/{id}`; others `form/{id}`, `post/{id}`.
 * A singleton (spec 3 §7.2) has no id: `unique-form` and `unique-post` (PUT) edit the scope's one record.
 * Field errors of a save answer 200 with `hasError` (docs/api/manager.md).
 */
export function genericEntityRoutes(mount: Mount): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;
    const { db } = ctx;
    const EntityParams = mount.params.extend(EntityShape);
    const OneParams = mount.params.extend(OneShape);
    const TwoParams = mount.params.extend(TwoShape);
    const SortParams = mount.params.extend(SortShape);
    const SearchParams = mount.params.extend(SearchShape);
    // Every call names what it needs of the entity's section: reads view, saves edit, deletes delete (decision 027).
    const open = async (request: FastifyRequest, alias: string, need: SectionNeed) => {
      const entity = entityFor(alias, mount.area);
      return { entity, scope: await mount.scopeOf(request, { entity, need }) };
    };
    const withParent = (alias: string, a: number) =>
      entityFor(alias, mount.area).parent ? { id: null, parentId: a } : { id: a, parentId: null };
    const auth = { preHandler: requireUser };

    // What the web app draws the area's screens from (decision 022).
    app.get(
      `${mount.prefix}/generic/entities`,
      { ...auth, schema: { params: mount.params, response: { 200: BackOfficeEntities } } },
      async (request) => {
        const scope = await mount.scopeOf(request);
        return { area: mount.area, entities: entitiesOf(mount.area).map((entity) => describeEntity(entity, scope)) };
      },
    );
    registerDeclaredPaths(app, mount);

    for (const base of [mount.prefix, `${mount.prefix}/generic`]) {
      app.get(
        `${base}/:entity/list`,
        { ...auth, schema: { params: EntityParams, querystring: GenericListQuery, response: { 200: BackOfficeListResponse } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'view');
          return listEntity(db, scope, entity, null, request.query, sortAsked(request));
        },
      );
      app.get(
        `${base}/:entity/list/:a`,
        { ...auth, schema: { params: OneParams, querystring: GenericListQuery, response: { 200: BackOfficeListResponse } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'view');
          return listEntity(db, scope, entity, request.params.a, request.query, sortAsked(request));
        },
      );

      app.get(
        `${base}/:entity/form`,
        { ...auth, schema: { params: EntityParams, querystring: FormQuery, response: { 200: FormModel } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'view');
          return entityForm(db, scope, entity, { id: null, parentId: null, query: request.query });
        },
      );
      app.get(
        `${base}/:entity/form/:a`,
        { ...auth, schema: { params: OneParams, querystring: FormQuery, response: { 200: FormModel } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'view');
          return entityForm(db, scope, entity, { ...withParent(entity.alias, request.params.a), query: request.query });
        },
      );
      app.get(
        `${base}/:entity/form/:a/:b`,
        { ...auth, schema: { params: TwoParams, querystring: FormQuery, response: { 200: FormModel } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'view');
          return entityForm(db, scope, entity, { id: request.params.b, parentId: request.params.a, query: request.query });
        },
      );

      // Singletons (spec 3 §7.2): the scope's one record, no id.
      app.get(
        `${base}/:entity/unique-form`,
        { ...auth, schema: { params: EntityParams, querystring: FormQuery, response: { 200: FormModel } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'view');
          return entityForm(db, scope, entity, { one: true, query: request.query });
        },
      );

      const saveSchema = <P extends z.ZodType>(params: P) => ({
        ...auth,
        schema: { params, body: FormPayload, response: { 200: GenericSaveResponse } },
      });
      app.post(`${base}/:entity/post`, saveSchema(EntityParams), async (request) => {
        const { entity, scope } = await open(request, request.params.entity, 'edit');
        return saveEntity(ctx, scope, entity, { id: null, parentId: null }, request.body);
      });
      // New record of an entity with a parent: `post/{parent}`, or the spec's `contract/{triadId}`.
      for (const path of [`${base}/:entity/post/:a`, `${base}/:entity/:a(^\\d+$)`]) {
        app.post(path, saveSchema(OneParams), async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'edit');
          return saveEntity(ctx, scope, entity, { id: null, parentId: entity.parent ? request.params.a : null }, request.body);
        });
      }
      app.put(`${base}/:entity/unique-post`, saveSchema(EntityParams), async (request) => {
        const { entity, scope } = await open(request, request.params.entity, 'edit');
        return saveEntity(ctx, scope, entity, { one: true }, request.body);
      });
      app.put(`${base}/:entity/post/:a`, saveSchema(OneParams), async (request) => {
        const { entity, scope } = await open(request, request.params.entity, 'edit');
        return saveEntity(ctx, scope, entity, { id: request.params.a, parentId: null }, request.body);
      });
      for (const path of [`${base}/:entity/post/:a/:b`, `${base}/:entity/:a(^\\d+$)/:b(^\\d+$)`]) {
        app.put(path, saveSchema(TwoParams), async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'edit');
          return saveEntity(ctx, scope, entity, { id: request.params.b, parentId: request.params.a }, request.body);
        });
      }

      const action = <P extends z.ZodType>(params: P) => ({ ...auth, schema: { params, response: { 200: GenericActionResponse } } });
      app.delete(`${base}/:entity/delete/:a`, action(OneParams), async (request) => {
        const { entity, scope } = await open(request, request.params.entity, 'delete');
        return removeEntity(db, scope, entity, request.params.a, ctx.cache);
      });
      app.put(`${base}/:entity/sort/:id/:index`, action(SortParams), async (request) => {
        const { entity, scope } = await open(request, request.params.entity, 'edit');
        return sortEntity(db, scope, entity, request.params.id, request.params.index, ctx.cache);
      });
      app.put(
        `${base}/:entity/move/:a`,
        { ...auth, schema: { params: OneParams, body: GenericMoveBody, response: { 200: GenericActionResponse } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'edit');
          return moveEntity(db, scope, entity, request.params.a, request.body.target, ctx.cache);
        },
      );
      app.put(`${base}/:entity/move/:a/:b`, action(TwoParams), async (request) => {
        const { entity, scope } = await open(request, request.params.entity, 'edit');
        return moveEntity(db, scope, entity, request.params.b, request.params.a, ctx.cache);
      });
      app.post(`${base}/:entity/copy/:a`, action(OneParams), async (request) => {
        const { entity, scope } = await open(request, request.params.entity, 'edit');
        return copyEntity(db, scope, entity, request.params.a, ctx.cache);
      });

      app.get(
        `${base}/:entity/search/:text`,
        { ...auth, schema: { params: SearchParams, response: { 200: ChoiceSearchResponse } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'view');
          return searchEntity(db, scope, entity, request.params.text);
        },
      );

      const download = { ...auth, schema: { params: EntityParams, response: { 200: FileDownloadResponse } } };
      app.get(`${base}/:entity/export`, download, async (request) => {
        const { entity, scope } = await open(request, request.params.entity, 'view');
        return exportEntity(ctx, scope, entity);
      });
      app.get(`${base}/:entity/import-model`, download, async (request) => {
        const { entity, scope } = await open(request, request.params.entity, 'view');
        return importModel(scope, entity);
      });
      app.get(
        `${base}/:entity/import-form`,
        { ...auth, schema: { params: EntityParams, response: { 200: FormModel } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'view');
          return importForm(scope, entity);
        },
      );
      app.post(
        `${base}/:entity/import-post`,
        { ...auth, schema: { params: EntityParams, body: ImportPostBody, response: { 200: ImportReport } } },
        async (request) => {
          const { entity, scope } = await open(request, request.params.entity, 'edit');
          return importEntity(ctx, scope, entity, request.body);
        },
      );
    }
  };
}
