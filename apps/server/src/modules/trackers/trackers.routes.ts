/** HTTP routes of the trackers module (declared in `@call-insights/contracts/trackers.routes`). */
import { trackersApi } from '@call-insights/contracts/trackers.routes';
import type { Router } from '../../http/route.js';
import type { TrackersService } from './trackers.service.js';

export function trackersRoutes(router: Router, service: TrackersService): void {
  router.route(trackersApi.list, async ({ caller }) => service.list(caller));
  router.route(trackersApi.create, async ({ caller, body }) => service.create(caller, body));
  router.route(trackersApi.update, async ({ caller, params, body }) =>
    service.update(caller, params.id, body),
  );
  router.route(trackersApi.remove, async ({ caller, params }) => service.remove(caller, params.id));
  router.route(trackersApi.reapply, async ({ caller }) => service.startReapply(caller));
  router.route(trackersApi.reapplyStatus, async ({ caller, params }) =>
    service.reapplyStatus(caller, params.id),
  );
  router.route(trackersApi.recordingHits, async ({ caller, params }) =>
    service.recordingHits(caller, params.id),
  );
}
