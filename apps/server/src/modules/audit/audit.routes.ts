/** Owns the audit log routes (admins only, by the contract's `access`). */
import { auditApi } from '@call-insights/contracts/audit.routes';
import { Readable } from 'node:stream';
import type { Router } from '../../http/route.js';
import type { AuditService } from './audit.service.js';

export function auditRoutes(router: Router, audit: AuditService): void {
  router.route(auditApi.list, async ({ caller, query }) => audit.page(caller, query));
  router.route(auditApi.exportCsv, async ({ caller, query, reply }) => {
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
      .header('cache-control', 'no-store');
    await audit.record({
      organizationId: caller.organizationId,
      actorUserId: caller.id,
      action: 'export',
      target: 'audit',
    });
    return Readable.from(audit.exportCsv(caller, query.action));
  });
}
