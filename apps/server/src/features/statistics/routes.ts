import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StatisticsQuery, StatisticsResponse } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { adminScope } from '../../generic/scope.js';
import { platformStatistics } from './service.js';

/** `GET /app/admin/statistic` (spec 3 §2.3 statistic): the admin home's and the statistics screen's figures. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app/admin/statistic',
    { preHandler: requireUser, schema: { querystring: StatisticsQuery, response: { 200: StatisticsResponse } } },
    async (request) => {
      const scope = adminScope(request);
      return platformStatistics(app.ctx.db, scope.platformId, request.query.archive === '1');
    },
  );
};
