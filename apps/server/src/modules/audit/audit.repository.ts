/** Owns the `audit_events` table. */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditEvents, users } from '../../db/schema.js';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export function createAuditRepository(db: Db) {
  return {
    async insert(event: NewAuditEvent): Promise<void> {
      await db.insert(auditEvents).values(event);
    },
    /** One page, newest first, by id (keyset: `before` is the last id of the previous page). */
    async page(organizationId: number, opts: { action?: string; before?: number; limit: number }) {
      const where: SQL[] = [eq(auditEvents.organizationId, organizationId)];
      if (opts.action) where.push(eq(auditEvents.action, opts.action));
      if (opts.before) where.push(lt(auditEvents.id, opts.before));
      return db
        .select({
          id: auditEvents.id,
          createdAt: auditEvents.createdAt,
          action: auditEvents.action,
          target: auditEvents.target,
          ip: auditEvents.ip,
          userAgent: auditEvents.userAgent,
          details: auditEvents.details,
          actorId: users.id,
          actorUsername: users.username,
          actorEmail: users.email,
        })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorUserId))
        .where(and(...where))
        .orderBy(desc(auditEvents.id))
        .limit(opts.limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
