import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, NewsItem, NewsListQuery, NewsListResponse } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { fileLinksOf } from '../../services/file-links.js';
import { listNews, readNews } from './service.js';

/** The news every signed-in user of the platform reads (spec 2 §2 News, spec 3 §2.3 news list and {id}). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/app/news',
    { preHandler: requireUser, schema: { querystring: NewsListQuery, response: { 200: NewsListResponse } } },
    async (request) => listNews(db, callerOf(request), fileLinksOf(request), request.query),
  );
  app.get('/app/news/:id', { preHandler: requireUser, schema: { params: IdParams, response: { 200: NewsItem } } }, async (request) =>
    readNews(db, callerOf(request), fileLinksOf(request), request.params.id),
  );
};
