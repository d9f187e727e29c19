/** Owns GET /api/health: database and queue status for load balancers and people. */
import { HealthResponse } from '@call-insights/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type HealthOptions = {
  driver: 'pglite' | 'postgres';
  pingDb: () => Promise<boolean>;
  pingQueue: () => Promise<boolean>;
  version: string;
};

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, opts) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Service health',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_req, reply) => {
      const [dbOk, queueOk] = await Promise.all([opts.pingDb(), opts.pingQueue()]);
      const body = {
        status: dbOk && queueOk ? ('ok' as const) : ('degraded' as const),
        database: { ok: dbOk, driver: opts.driver },
        queue: { ok: queueOk },
        version: opts.version,
      };
      return reply.code(dbOk ? 200 : 503).send(body);
    },
  );
};
