/**
 * Owns the HTTP application: security headers, CORS, limits, OpenAPI, the error handler,
 * the API under /api and the built SPA with history fallback, all on one port.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Container } from './container.js';
import type { Database } from './db/client.js';
import { AppError } from './errors.js';
import { createClientErrorHandler } from './http/client-error.js';
import { errorHandler } from './http/error-handler.js';
import type { Queue } from './jobs/queue.js';
import { rejectUnsafeInput } from './http/input-guard.js';
import { requestContextHook } from './http/request-context.js';
import { responseSerializerCompiler } from './http/serializer.js';
import { createRouter } from './http/route.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { retentionRoutes } from './modules/recordings/retention.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { recordingsRoutes } from './modules/recordings/recordings.routes.js';
import { analysisRoutes } from './modules/analysis/analysis.routes.js';
import { samplesRoutes } from './modules/samples/samples.routes.js';
import { locationsRoutes } from './modules/locations/locations.routes.js';
import { crmRoutes } from './modules/crm/crm.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { membersRoutes } from './modules/users/members.routes.js';
import { managerRoutes } from './modules/manager/manager.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { trackersRoutes } from './modules/trackers/trackers.routes.js';

export type AppDeps = {
  config: Config;
  database: Database;
  queue: Queue;
  logger: Logger;
  container: Container;
};

export const VERSION = '0.1.0';
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** SHA-256 CSP sources for the inline scripts of the built index.html (the theme pre-paint script). */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = m[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

export async function buildApp(deps: AppDeps) {
  const { config, database, queue } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    // Errors the router raises before any route (an address that does not decode) leave in the
    // API's one error shape too.
    frameworkErrors: (err, req, reply) => errorHandler(err, req, reply),
    // And so do requests Node's parser refuses before Fastify sees them (headers too large: 431).
    clientErrorHandler: createClientErrorHandler(deps.logger),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their contracts in development and tests; production writes plain
  // JSON answers with a compiled serializer instead (http/serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler({ validate: config.NODE_ENV !== 'production' }));
  app.setErrorHandler(errorHandler);
  app.addHook('onRequest', requestContextHook);
  app.addHook('preValidation', rejectUnsafeInput);
  app.addHook('onSend', (req, reply, _payload, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  const webDist = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  // Security headers: Helmet's middleware built once (the Fastify plugin built it again for every
  // request), set on the raw response so hijacked answers (the event stream) carry them too.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(indexHtml ? inlineScriptHashes(indexHtml) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) =>
      err === undefined ? done() : done(err instanceof Error ? err : new Error(String(err))),
    ),
  );

  const origins = (config.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  // Closed by default: the SPA is served from the same origin and needs no CORS.
  await app.register(cors, { origin: origins.length > 0 ? origins : false, credentials: false });
  await app.register(rateLimit, { global: false });
  // Fastify reads text/plain bodies as strings by default; no route takes text, so a JSON route sent
  // text answers 415 "send JSON" like any other media type, not a puzzling "must be an object".
  app.removeContentTypeParser('text/plain');

  await app.register(swagger, {
    openapi: {
      info: { title: 'Call Insights API', version: VERSION },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token <jwt> or Bearer <jwt>',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { container } = deps;
  const authenticate = (req: FastifyRequest) => container.sessions.authenticate(req);

  await app.register(
    async (api) => {
      const routerDeps = {
        authenticate,
        rateLimits: {
          auth: { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS },
          signup: { max: config.SIGNUP_RATE_LIMIT_PER_HOUR, timeWindow: 3_600_000 },
          share: { max: config.SHARE_RATE_LIMIT_MAX, timeWindow: 60_000 },
        },
      };
      const router = createRouter(api, routerDeps);
      healthRoutes(router, {
        driver: database.driver,
        pingDb: () => database.ping(),
        pingQueue: () => queue.ping(),
        version: VERSION,
      });
      usersRoutes(router, container.users);
      analysisRoutes(router, container.analysis, container.catalogue);
      await recordingsRoutes(
        api,
        router,
        { service: container.recordings, maxUploadBytes: Math.round(config.MAX_UPLOAD_MB * 1024 * 1024) },
        authenticate,
      );
      samplesRoutes(router, container.samples);
      auditRoutes(router, container.audit);
      retentionRoutes(router, {
        retention: container.retention,
        enqueue: queue.send,
        retentionDays: (organizationId) => container.users.retentionDays(organizationId),
      });
      locationsRoutes(router, container.locations);
      await crmRoutes(api, router, container.crm, (scope) => createRouter(scope, routerDeps));
      chatRoutes(router, container.chat);
      membersRoutes(router, container.members);
      managerRoutes(router, container.manager);
      notificationsRoutes(api, router, container.notifications);
      trackersRoutes(router, container.trackers);
    },
    { prefix: '/api' },
  );

  if (indexHtml) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.raw.url ?? '/';
    // HEAD as GET: link checkers and uptime monitors probe pages with it.
    if (url.startsWith('/api') || (req.method !== 'GET' && req.method !== 'HEAD') || !indexHtml) {
      throw new AppError('NOT_FOUND', 'There is no {method} {path} here.', {
        params: { method: req.method, path: url.split('?')[0] ?? '/' },
      });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });

  return app;
}
