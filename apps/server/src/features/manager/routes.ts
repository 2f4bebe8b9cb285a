import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GenericActionResponse,
  GenericSaveResponse,
  Id,
  ManagerHomeResponse,
  ManagerMenuResponse,
  ManagerTriadListResponse,
  PERMISSION_LEVEL,
  SendInfosBody,
  SendInfosResponse,
  SendInfosResult,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { managerScope } from '../../generic/scope.js';
import { managerSectionScope } from '../../generic/section-scope.js';
import { MENU_ACCESSES, managerHome, managerMenu } from './service.js';
import { sectionLevel } from '../../services/manager-permissions.js';
import { listSendInfos, sendUserMails } from './send-infos.js';
import { generateTestTriad, removeTriadMember } from './triad-actions.js';
import { listCourseTriads } from './triad-list.js';
import { textRef } from '../../texts/index.js';

const Course = z.object({ course: Id });
const MemberParams = z.object({ course: Id, a: Id, b: Id, c: Id });
const MemberParamsWithCourse = MemberParams.extend({ d: Id });
const TestTriadQuery = z.object({ crew: Id.optional() });

/**
 * The manager area's own calls (spec 3 §7.1); the generic entity calls are generic/routes.ts.
 * Static paths win over the generic `{entity}` ones, so `triad/list` here is the crew widgets.
 */
export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const auth = { preHandler: requireUser };

  app.get(
    '/app/lea-manager/menu/:courseId',
    { ...auth, schema: { params: z.object({ courseId: Id }), response: { 200: ManagerMenuResponse } } },
    async (request) => {
      const scope = await managerScope(request, request.params.courseId);
      const levels = await Promise.all(
        MENU_ACCESSES.map(async (access) => [access, await sectionLevel(db, scope.caller, access)] as const),
      );
      const hidden = new Set(levels.filter(([, level]) => level < PERMISSION_LEVEL.view).map(([access]) => access));
      return managerMenu(scope.course, scope.locale, hidden);
    },
  );

  app.get(
    '/app/lea-manager/:course/config',
    { ...auth, schema: { params: Course, response: { 200: ManagerHomeResponse } } },
    async (request) => {
      const scope = await managerScope(request, request.params.course);
      return managerHome(db, scope.course);
    },
  );

  for (const base of ['/app/lea-manager/:course', '/app/lea-manager/:course/generic']) {
    app.get(`${base}/triad/list`, { ...auth, schema: { params: Course, response: { 200: ManagerTriadListResponse } } }, async (request) => {
      const scope = await managerSectionScope(request, request.params.course, 'MODULE_LEA_TRIAD');
      return listCourseTriads(db, scope.course, scope.locale);
    });

    app.get(
      `${base}/triad/generate-triad-test`,
      { ...auth, schema: { params: Course, querystring: TestTriadQuery, response: { 200: GenericSaveResponse } } },
      async (request) => {
        const scope = await managerSectionScope(request, request.params.course, 'MODULE_LEA_TRIAD', 'edit');
        return generateTestTriad(db, scope, request.query.crew ?? null);
      },
    );

    // The spec's path is delete-member/{triad}/{type}/{user}; the form repeating the course first is accepted too.
    app.delete(
      `${base}/triad/delete-member/:a/:b/:c`,
      { ...auth, schema: { params: MemberParams, response: { 200: GenericActionResponse } } },
      async (request) => {
        const { course, a, b, c } = request.params;
        return removeTriadMember(db, await managerSectionScope(request, course, 'MODULE_LEA_TRIAD', 'delete'), a, b, c);
      },
    );
    app.delete(
      `${base}/triad/delete-member/:a/:b/:c/:d`,
      { ...auth, schema: { params: MemberParamsWithCourse, response: { 200: GenericActionResponse } } },
      async (request) => {
        const { course, a, b, c, d } = request.params;
        const scope = await managerSectionScope(request, course, 'MODULE_LEA_TRIAD', 'delete');
        if (a !== course) throw notFound(textRef('common.courseNotFound'));
        return removeTriadMember(db, scope, b, c, d);
      },
    );

    app.get(
      `${base}/triad/send-user-infos`,
      { ...auth, schema: { params: Course, response: { 200: SendInfosResponse } } },
      async (request) => listSendInfos(db, await managerSectionScope(request, request.params.course, 'MODULE_LEA_TRIAD')),
    );
    for (const [path, kind] of [
      ['send-welcome', 'welcome'],
      ['send-new-password', 'new-password'],
    ] as const) {
      app.post(
        `${base}/triad/${path}`,
        { ...auth, schema: { params: Course, body: SendInfosBody, response: { 200: SendInfosResult } } },
        async (request) =>
          sendUserMails(
            ctx,
            await managerSectionScope(request, request.params.course, 'MODULE_LEA_TRIAD', 'edit'),
            kind,
            request.body.users,
          ),
      );
    }
  }
};
