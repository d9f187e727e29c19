/** Owns the analysis screen's HTTP routes, coaching, re-analysis and share links, registered against `analysisApi`. */
import type { CoachCatalogue } from '@call-insights/contracts/analysis';
import { analysisApi } from '@call-insights/contracts/analysis.routes';
import type { Router } from '../../http/route.js';
import type { AnalysisService } from './analysis.service.js';

export function analysisRoutes(router: Router, service: AnalysisService, catalogue: CoachCatalogue): void {
  router.route(analysisApi.record, async ({ caller, query, lang }) =>
    service.getRecord(caller, query.id, lang),
  );
  router.route(analysisApi.coaches, async () => catalogue);
  router.route(analysisApi.coaching, async ({ caller, body }) =>
    service.coaching(caller, { id: body.id, coach_name: body.coach_name, method: body.method }),
  );
  router.route(analysisApi.reanalyze, async ({ caller, params }) => service.reanalyze(caller, params.id));
  router.route(analysisApi.createShareLink, async ({ caller, body }) =>
    service.createLink(caller, body.id, body.expires_in_days),
  );
  router.route(analysisApi.shareLinks, async ({ caller, params }) => service.listLinks(caller, params.id));
  router.route(analysisApi.revokeShareLink, async ({ caller, query }) => {
    await service.revokeLink(caller, query.link);
  });
  router.route(analysisApi.openShared, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    return service.openShared(query.link);
  });
}
