import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FormPayload,
  GenericActionResponse,
  GenericSaveResponse,
  Id,
  ModuleTriadBody,
  ModuleTriadList,
  ModuleTriadParams,
} from '@lea/shared';
import { managerSectionScope } from '../../generic/section-scope.js';
import { entityFor } from '../../generic/registry.js';
import { saveEntity } from '../../generic/service.js';
import { requireUser } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { textRef } from '../../texts/index.js';
import { editModuleTriad, listModuleTriads } from './service.js';

const Course = z.object({ course: Id });
const CourseRecord = z.object({ course: Id, id: Id });

/**
 * The module menu's visibility per triad (spec 3 §2.2, §7.1) and the spec's path of the skin's
 * save (`generic/training-course/post/{course}`); the modules, configuration, skin and template
 * themselves are back-office entities (generic/entities).
 */
export const courseModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const auth = { preHandler: requireUser };

  app.get(
    '/app/lea-manager/:course/training-course-module-triad/list',
    { ...auth, schema: { params: Course, response: { 200: ModuleTriadList } } },
    async (request) => listModuleTriads(db, await managerSectionScope(request, request.params.course, 'MODULE_LEA_GENERAL')),
  );

  app.put(
    '/app/lea-manager/:course/training-course-module-triad/edit/:id',
    { ...auth, schema: { params: ModuleTriadParams, body: ModuleTriadBody, response: { 200: GenericActionResponse } } },
    async (request) =>
      editModuleTriad(
        db,
        await managerSectionScope(request, request.params.course, 'MODULE_LEA_GENERAL', 'edit'),
        request.params.id,
        request.body,
        ctx.cache,
      ),
  );

  app.put(
    '/app/lea-manager/:course/generic/training-course/post/:id',
    { ...auth, schema: { params: CourseRecord, body: FormPayload, response: { 200: GenericSaveResponse } } },
    async (request) => {
      // One path, two forms (spec 3 §7.1 and spec 2 §5): the tab `absenceConfig` is the course's
      // absence configuration (absence section), any other the course's skin (general section).
      const absence = request.body.some((entry) => entry.code === 'absenceConfig');
      const scope = absence
        ? await managerSectionScope(request, request.params.course, 'MODULE_LEA_ABSENCE', 'edit')
        : await managerSectionScope(request, request.params.course, 'MODULE_LEA_GENERAL', 'edit');
      if (request.params.id !== scope.course.id) throw notFound(textRef('common.courseNotFound'));
      return saveEntity(ctx, scope, entityFor(absence ? 'course-absence-config' : 'skin', 'manager'), { one: true }, request.body);
    },
  );
};
