/** Owns GET /api/health: database and queue status for load balancers and people. */
import { healthApi } from '@call-insights/contracts/health.routes';
import type { Router } from '../../http/route.js';

export type HealthDeps = {
  driver: 'pglite' | 'postgres';
  pingDb: () => Promise<boolean>;
  pingQueue: () => Promise<boolean>;
  version: string;
};

export function healthRoutes(router: Router, deps: HealthDeps): void {
  router.route(healthApi.health, async ({ reply }) => {
    const [dbOk, queueOk] = await Promise.all([deps.pingDb(), deps.pingQueue()]);
    if (!dbOk) reply.code(503);
    return {
      status: dbOk && queueOk ? ('ok' as const) : ('degraded' as const),
      database: { ok: dbOk, driver: deps.driver },
      queue: { ok: queueOk },
      version: deps.version,
    };
  });
}
