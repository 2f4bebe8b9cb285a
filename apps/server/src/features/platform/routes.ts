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

/** Platforms whose design and texts a process keeps (one deployment serves a few organisations). */
const PLATFORM_ENTRIES_MAX = 200;

/** Platform data loaded at start (spec 1 §7.2): public, answered for the request's platform. */
export async function platformRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  // The platform's look and texts change only when an administrator saves them: answered from the shared
  // cache (decision 033), which the design and data-agreement saves forget in every process.
  const designs = app.ctx.cache.cache<Design>('design', PLATFORM_ENTRIES_MAX);
  const agreements = app.ctx.cache.cache<DataAgreement>('dataAgreement', PLATFORM_ENTRIES_MAX);

  app.get('/app/design', { schema: { response: { 200: Design } } }, (request) =>
    designs.get(request.platform.id, () => getDesign(db, request.platform.id)),
  );

  app.get('/app/document/home', { schema: { response: { 200: GlobalDocumentList } } }, (request) =>
    getGlobalDocuments(db, request.platform.id),
  );

  app.get('/app/platform', { schema: { querystring: PlatformQuery, response: { 200: PlatformInfo } } }, async (request) => {
    const hostname = hostnameOf(request.query.frontHostname) ?? requestHostname(request);
    return resolvePlatform(db, hostname, allowsDefaultPlatform(app.ctx.config));
  });

  app.get('/app/config', { schema: { response: { 200: AppConfig } } }, (request) => getAppConfig(db, request.platform.id));

  app.get('/app/data-agreement', { schema: { response: { 200: DataAgreement } } }, (request) =>
    agreements.get(request.platform.id, () => getDataAgreement(db, request.platform.id)),
  );
}
