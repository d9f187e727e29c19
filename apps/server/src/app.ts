/**
 * Owns the HTTP application: security headers, CORS, limits, OpenAPI, the error handler,
 * the API under /api and the built SPA with history fallback, all on one port.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Mailer } from './adapters/email/mailer.js';
import { publicUrlOf, type Config } from './config.js';
import type { Container } from './container.js';
import type { Database } from './db/client.js';
import { AppError } from './errors.js';
import { errorHandler } from './http/error-handler.js';
import type { Queue } from './jobs/queue.js';
import { createSealer } from './lib/crypto.js';
import type { Secrets } from './lib/secrets.js';
import { authenticate, createTokenService, type AuthUser } from './plugins/auth.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { recordingsRoutes } from './modules/recordings/recordings.routes.js';
import { analysisRoutes } from './modules/analysis/analysis.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    requireUser(req: FastifyRequest): Promise<AuthUser & { exp: number }>;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  queue: Queue;
  mailer: Mailer;
  secrets: Secrets;
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
  const { config, database, queue, secrets } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const webDist = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  await app.register(helmet, {
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

  const origins = (config.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  // Closed by default: the SPA is served from the same origin and needs no CORS.
  await app.register(cors, { origin: origins.length > 0 ? origins : false, credentials: false });
  await app.register(rateLimit, { global: false });

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

  const tokens = createTokenService(secrets.jwtSecret, config.JWT_TTL_SECONDS);
  app.decorate('requireUser', (req: FastifyRequest) => authenticate(req, { db: database.db, tokens }));

  const usersService = createUsersService({
    repo: createUsersRepository(database.db),
    tokens,
    mailer: deps.mailer,
    sealer: createSealer(secrets.encryptionKey),
    publicUrl: publicUrlOf(config),
    log: deps.logger,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        driver: database.driver,
        pingDb: () => database.ping(),
        pingQueue: () => queue.ping(),
        version: VERSION,
      });
      await api.register(usersRoutes, {
        service: usersService,
        authRateLimit: { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS },
      });
      await api.register(analysisRoutes, {
        service: deps.container.analysis,
        catalogue: deps.container.catalogue,
        shareRateLimit: { max: config.SHARE_RATE_LIMIT_MAX, timeWindow: 60_000 },
      });
      await api.register(recordingsRoutes, {
        service: deps.container.recordings,
        samples: deps.container.samples,
        maxUploadBytes: Math.round(config.MAX_UPLOAD_MB * 1024 * 1024),
      });
    },
    { prefix: '/api' },
  );

  if (indexHtml) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.raw.url ?? '/';
    if (url.startsWith('/api') || req.method !== 'GET' || !indexHtml) {
      throw new AppError('NOT_FOUND', `There is no ${req.method} ${url.split('?')[0]} here.`);
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });

  return app;
}
