/**
 * Owns the audit log: other modules call `record` for sensitive actions (sign-in and its failures,
 * passwords, roles, invitations, share links, exports, CRM connections, settings); the address and
 * user agent come from the request context. Admins read it page by page or export it as CSV.
 * Recording never fails the action it records: a write error is logged.
 */
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEvent,
  type AuditPage,
} from '@call-insights/contracts/audit';
import type { Logger } from 'pino';
import { currentRequest } from '../../http/request-context.js';
import { csvLine } from '../../lib/csv.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditRepository } from './audit.repository.js';

export type AuditRecord = {
  organizationId: number;
  actorUserId: number | null;
  action: AuditAction;
  target?: string;
  details?: Record<string, string | number | boolean | null>;
};

type Row = Awaited<ReturnType<AuditRepository['page']>>[number];

function toEvent(row: Row): AuditEvent {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action as AuditAction,
    actor:
      row.actorId !== null && row.actorUsername !== null && row.actorEmail !== null
        ? { id: row.actorId, username: row.actorUsername, email: row.actorEmail }
        : null,
    target: row.target,
    ip: row.ip,
    userAgent: row.userAgent,
    details: (row.details as AuditEvent['details']) ?? null,
  };
}

const EXPORT_COLUMNS = ['Date', 'Action', 'User', 'Email', 'Target', 'Address', 'User agent', 'Details'];
const EXPORT_BATCH = 1000;

export function createAuditService(deps: { repo: AuditRepository; log: Logger }) {
  return {
    async record(event: AuditRecord): Promise<void> {
      const req = currentRequest();
      try {
        await deps.repo.insert({
          organizationId: event.organizationId,
          actorUserId: event.actorUserId,
          action: event.action,
          target: event.target ?? null,
          details: event.details ?? null,
          ip: req?.ip ?? null,
          userAgent: req?.userAgent ?? null,
        });
      } catch (err) {
        deps.log.error({ err, action: event.action }, 'audit event not recorded');
      }
    },

    async page(caller: AuthUser, query: { action?: AuditAction; before?: number }): Promise<AuditPage> {
      const rows = await deps.repo.page(caller.organizationId, { ...query, limit: AUDIT_PAGE_SIZE });
      const events = rows.map(toEvent);
      return {
        events,
        next_before: rows.length === AUDIT_PAGE_SIZE ? (events[events.length - 1]?.id ?? null) : null,
      };
    },

    async *exportCsv(caller: AuthUser, action: AuditAction | undefined): AsyncGenerator<string> {
      yield '\uFEFF' + csvLine(EXPORT_COLUMNS);
      let before: number | undefined;
      for (;;) {
        const rows = await deps.repo.page(caller.organizationId, { action, before, limit: EXPORT_BATCH });
        if (rows.length === 0) return;
        yield rows
          .map((r) =>
            csvLine([
              r.createdAt.toISOString(),
              r.action,
              r.actorUsername ?? '',
              r.actorEmail ?? '',
              r.target ?? '',
              r.ip ?? '',
              r.userAgent ?? '',
              r.details ? JSON.stringify(r.details) : '',
            ]),
          )
          .join('');
        before = rows[rows.length - 1]!.id;
        if (rows.length < EXPORT_BATCH) return;
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
