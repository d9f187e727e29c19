import { AuditExportQuery, AuditPage, AuditQuery } from './audit.js';
import { defineRoute } from './http.js';

const tags = ['audit'] as const;

export const auditApi = {
  list: defineRoute({
    method: 'GET',
    path: '/audit',
    access: 'admin',
    summary: "The organization's audit log, newest first (50 per page)",
    tags,
    query: AuditQuery,
    response: AuditPage,
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/audit/export.csv',
    access: 'admin',
    summary: 'The audit log as CSV',
    tags,
    query: AuditExportQuery,
    produces: 'stream',
    contentType: 'text/csv',
  }),
} as const;
