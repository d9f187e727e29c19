/** Owns the /manager routes (managers and admins) and the user's hub (/dashboard/me). */
import { dashboardApi, managerApi } from '@call-insights/contracts/manager.routes';
import type { Router } from '../../http/route.js';
import type { ManagerService } from './manager.service.js';

export function managerRoutes(router: Router, service: ManagerService): void {
  router.route(managerApi.users, async ({ caller, query }) => service.users(caller, query));
  router.route(managerApi.totalRecordings, async ({ caller }) => service.totalRecordings(caller));
  router.route(managerApi.totalTimes, async ({ caller }) => service.totalTimes(caller));
  router.route(managerApi.results, async ({ caller }) => service.results(caller));
  router.route(managerApi.summary, async ({ caller, query }) => service.summary(caller, query.duration));
  router.route(dashboardApi.me, async ({ caller, lang }) => service.hub(caller, lang));
}
