/** Owns the SQL of the `notifications` table: one row per event and recipient. */
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export function createNotificationsRepository(db: Db) {
  return {
    async insert(rows: NewNotification[]): Promise<void> {
      if (rows.length > 0) await db.insert(notifications).values(rows);
    },

    /** Newest first, keyset by id. */
    async list(userId: number, opts: { limit: number; before?: number }): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            opts.before === undefined ? undefined : lt(notifications.id, opts.before),
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(opts.limit);
    },

    async unread(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks the recipient's own notifications read (`ids` of someone else's are ignored). */
    async markRead(userId: number, ids: number[] | 'all'): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids === 'all' ? undefined : inArray(notifications.id, ids),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
