import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppConfig, DataAgreement, Design, GlobalDocumentList, PlatformInfo, PlatformQuery } from '@lea/shared';
import { allowsDefaultPlatform, requestHostname, resolvePlatform } from '../../http/platform.js';
import { getAppConfig, getDataAgreement, getDesign, getGlobalDocuments } from './service.js';

/** The web app may send `location.hostname` or a whole origin: keep the host name only. */
function hostnameOf(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    return new URL(text.includes('://') ? text : `http://${text}`).hostname.toLowerCase() || null;
  } catch {
    return text.toLowerCase();
  }
}

/** Platform data loaded at start (spec 1 §7.2): public, answered for the request's platform. */
export async function platformRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get('/app/design', { schema: { response: { 200: Design } } }, (request) => getDesign(db, request.platform.id));

  app.get('/app/document/home', { schema: { response: { 200: GlobalDocumentList } } }, (request) =>
    getGlobalDocuments(db, request.platform.id),
  );

  app.get('/app/platform', { schema: { querystring: PlatformQuery, response: { 200: PlatformInfo } } }, async (request) => {
    const hostname = hostnameOf(request.query.frontHostname) ?? requestHostname(request);
    return resolvePlatform(db, hostname, allowsDefaultPlatform(app.ctx.config));
  });

  app.get('/app/config', { schema: { response: { 200: AppConfig } } }, (request) => getAppConfig(db, request.platform.id));

  app.get('/app/data-agreement', { schema: { response: { 200: DataAgreement } } }, (request) => getDataAgreement(db, request.platform.id));
}
