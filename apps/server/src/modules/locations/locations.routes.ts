/** Owns the /locations HTTP routes (thin: contract in, service call, answer out). */
import { locationsApi } from '@call-insights/contracts/locations.routes';
import type { Router } from '../../http/route.js';
import type { LocationsService } from './locations.service.js';

/** Finishing an install (POST /locations, /locations/company) lives with the OAuth flow (crm module). */
export function locationsRoutes(router: Router, service: LocationsService): void {
  router.route(locationsApi.profile, async ({ caller }) => service.profile(caller));
  router.route(locationsApi.list, async ({ caller }) => service.profile(caller));
  router.route(locationsApi.setActive, async ({ caller, body }) => {
    await service.setActive(caller, body.id, body.status);
    return { msg: 'success' as const };
  });
  router.route(locationsApi.get, async ({ caller, query }) => ({
    location: await service.detail(caller, query.id),
  }));
  router.route(locationsApi.rename, async ({ caller, body }) => {
    await service.rename(caller, body.id, body.name);
    return { msg: 'success' as const };
  });
  router.route(locationsApi.activeLocations, async ({ caller }) => service.activeLocations(caller));
}
