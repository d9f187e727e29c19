import { z } from 'zod';
import { Id } from './http.js';

/** Sensitive actions the audit log records. */
export const AuditAction = z.enum([
  'sign_in',
  'sign_in_failed',
  'password_changed',
  'password_reset',
  'role_changed',
  'member_invited',
  'member_removed',
  'share_link_created',
  'share_link_revoked',
  'export',
  'crm_connected',
  'crm_disconnected',
  'settings_changed',
]);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditEvent = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  action: AuditAction,
  actor: z
    .object({ id: z.number().int(), username: z.string(), email: z.string() })
    .nullable()
    .describe('Who did it (null when the account is gone)'),
  target: z.string().nullable().describe('What it was done to, e.g. "recording:42"'),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AUDIT_PAGE_SIZE = 50;

export const AuditQuery = z.object({
  action: AuditAction.optional(),
  /** Events older than this id (the `next_before` of the previous page). */
  before: Id.optional(),
});

export const AuditPage = z.object({ events: z.array(AuditEvent), next_before: z.number().int().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditExportQuery = z.object({ action: AuditAction.optional() });
