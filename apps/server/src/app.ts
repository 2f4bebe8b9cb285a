import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { FILE_HARD_MAX_BYTES } from '@lea/shared';
import { fastifyTrustProxy, type Config } from './config.js';
import type { Database } from './db/client.js';
import { readBearer } from './http/authenticate.js';
import type { AppContext } from './http/context.js';
import { answerFrameworkError, installErrorHandler } from './http/error-handler.js';
import { installAnswerLocalizer } from './http/localize-answers.js';
import { ANSWER_ENCODINGS, BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES, GZIP_OPTIONS } from './http/compression.js';
import { AppError } from './http/errors.js';
import { registerRateLimit } from './http/rate-limit.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { staticCacheHeaders } from './http/static-cache.js';
import { allowsDefaultPlatform, requestHostname, resolvePlatform } from './http/platform.js';
import { installInputChecks } from './http/validation.js';
import { e2eSeedRoutes } from './e2e/seed-routes.js';
import { apiRoutes, rootRoutes } from './routes.js';
import { createLocalFileStore, type FileStore } from './services/file-store.js';
import { createS3FileStore } from './services/s3-file-store.js';
import { createMailer, type Mailer } from './services/mailer.js';
import { profileTitlesOf } from './services/profile-titles.js';
import { cacheBusOf, closeCacheBus } from './services/shared-cache.js';

export type BuildOptions = {
  config: Config;
  database: Database;
  files?: FileStore;
  mailer?: Mailer;
  logger?: boolean;
  /** Sees every route as it is registered: the route sweep test takes the route table from it. */
  onRoute?: (route: RouteOptions) => void;
};

/** Base64 JSON uploads of the hard maximum plus the JSON around them. */
const BODY_LIMIT = Math.ceil(FILE_HARD_MAX_BYTES / 3) * 4 + 64 * 1024;
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: ["'self'", 'blob:', 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
  },
};

const PUBLIC_AUTH_PATHS = new Set(['/api/login_check', '/api/token/refresh', '/api/token/revoke']);

/** Builds the Fastify instance without listening: used by main.ts and by the API tests. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    frameworkErrors: answerFrameworkError,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Files in the S3-compatible bucket when S3_BUCKET is set, else in DATA_DIR/files (decision 036).
  const s3 = options.files || !config.s3 ? null : createS3FileStore(config.s3);
  if (s3) app.addHook('onClose', async () => s3.close());
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    files: options.files ?? s3 ?? createLocalFileStore(join(config.dataDir, 'files')),
    mailer: options.mailer ?? createMailer(database.db, config.smtpUrl, config.mailFrom, app.log),
    cache: cacheBusOf(database),
  };
  app.addHook('onClose', () => closeCacheBus(database));
  app.decorate('ctx', ctx);
  app.decorateRequest('platform', null as never);
  app.decorateRequest('auth', null);
  app.decorateRequest('locale', 'fr');
  app.decorateRequest('profileTitles', null as never);

  installSecurityHeaders(app, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
  });
  // Answers over 2 KB go compressed when the client accepts it (brotli at a quality that costs about as
  // much CPU as gzip, else gzip); event streams never are (their events must leave at once).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ANSWER_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
  installErrorHandler(app);
  installAnswerLocalizer(app);
  installInputChecks(app);
  // API answers are per caller and often personal: no browser or proxy keeps them, errors included.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });

  const allowDefaultPlatform = allowsDefaultPlatform(config);
  const needsPlatform = (url: string) => url.startsWith('/api/') || url.startsWith('/download-file/') || url.startsWith('/inline-file/');
  app.addHook('onRequest', async (request) => {
    if (!needsPlatform(request.url)) return;
    request.platform = await resolvePlatform(ctx.db, requestHostname(request), allowDefaultPlatform);
    request.profileTitles = await profileTitlesOf(ctx.db, request.platform.id);
    const locale = /^\/api\/(fr|en)\//.exec(request.url)?.[1];
    if (locale === 'fr' || locale === 'en') request.locale = locale;
    // Signing in and refreshing must work whatever stale bearer a client still sends.
    if (!PUBLIC_AUTH_PATHS.has(request.url.split('?')[0]!)) await readBearer(request);
  });
  await registerRateLimit(app, config.rateLimit, needsPlatform, { url: config.redisUrl, prefix: config.redisPrefix });

  await app.register(rootRoutes);
  // The end-to-end fixtures' seeding route exists only when playwright.config.ts gives the token.
  if (config.e2eSeedToken !== null) await app.register(e2eSeedRoutes(config.e2eSeedToken));
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        const { locale } = request.params as { locale?: string };
        if (locale !== 'fr' && locale !== 'en') throw new AppError(404, `Unknown locale ${locale}`);
      });
      await api.register(apiRoutes);
    },
    { prefix: '/api/:locale' },
  );

  const spa = config.webDist !== null && existsSync(join(config.webDist, 'index.html'));
  if (spa) {
    await app.register(fastifyStatic, {
      root: config.webDist!,
      wildcard: false,
      index: false,
      // The build's .br/.gz siblings (vite.config.ts) by Accept-Encoding; caching by file (decision 034).
      preCompressed: true,
      cacheControl: false,
      setHeaders: staticCacheHeaders(config.webDist!),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // The SPA: every other GET outside the API gets index.html (its router shows /error).
    if (spa && request.method === 'GET' && !needsPlatform(request.url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 404, message: `No route found for "${request.method} ${request.url.split('?')[0]}"` });
  });
  return app;
}
