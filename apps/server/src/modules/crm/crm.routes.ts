/**
 * Owns the crm HTTP routes (provider, OAuth start/callback, sync start/status, settings, webhooks)
 * and the two spec paths that finish an install (POST /locations, POST /locations/company).
 */
import { crmApi } from '@call-insights/contracts/crm.routes';
import { locationsApi } from '@call-insights/contracts/locations.routes';
import type { FastifyInstance } from 'fastify';
import type { Router } from '../../http/route.js';
import type { CrmService } from './crm.service.js';

export async function crmRoutes(
  app: FastifyInstance,
  router: Router,
  service: CrmService,
  /** A router over another Fastify scope (the webhook scope keeps raw bodies). */
  routerFor: (scope: FastifyInstance) => Router,
): Promise<void> {
  router.route(crmApi.provider, async () => service.provider());
  router.route(crmApi.oauthStart, async ({ caller, body }) => service.oauthStart(caller, body.user_type));
  router.route(crmApi.oauthCallback, async ({ caller, body }) => ({
    msg: 'success' as const,
    ...(await service.completeInstall(caller, body)),
  }));
  router.route(locationsApi.saveLocation, async ({ caller, body }) => ({
    success: 'success' as const,
    ...(await service.completeInstall(caller, body, 'Location')),
  }));
  router.route(locationsApi.saveCompany, async ({ caller, body }) => ({
    msg: 'success' as const,
    ...(await service.completeInstall(caller, body, 'Company')),
  }));
  router.route(crmApi.startSync, async ({ caller, body }) => service.startSync(caller, body));
  router.route(crmApi.syncStatus, async ({ caller, params }) => service.syncStatus(caller, params.id));
  router.route(crmApi.getSettings, async ({ caller }) => service.settings(caller));
  router.route(crmApi.putSettings, async ({ caller, body }) => service.saveSettings(caller, body));

  // The signature covers the exact bytes HighLevel sent: this scope keeps JSON bodies raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    routerFor(scope).route(crmApi.webhook, async ({ req }) => {
      const header = req.headers['x-ghl-signature'];
      return service.webhook({
        raw: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: typeof header === 'string' ? header : undefined,
      });
    });
  });
}
