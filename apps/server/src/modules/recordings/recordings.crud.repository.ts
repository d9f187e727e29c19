/**
 * Recordings one by one: insert, tenant-scoped and by-id reads, the CRM messages a location already
 * imported, and the retention batches (count, oldest, delete).
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordings } from '../../db/schema.js';
import { formatDateTime } from './recordings.search.repository.js';

export type RecordingRow = typeof recordings.$inferSelect;
export type NewRecording = typeof recordings.$inferInsert;

export function createRecordingCrudQueries(db: Db) {
  return {
    async insert(row: NewRecording): Promise<RecordingRow> {
      const createdAt = row.createdAt ?? new Date();
      const [created] = await db
        .insert(recordings)
        .values({ ...row, createdAt, createdText: formatDateTime(createdAt) })
        .returning();
      if (!created) throw new Error('recording insert returned nothing');
      return created;
    },

    /** Which of these CRM message ids a location already has, with when each was added. */
    async crmImported(locationId: number, messageIds: string[]): Promise<Map<string, Date>> {
      if (messageIds.length === 0) return new Map();
      const rows = await db
        .select({ id: recordings.crmMessageId, dateAdded: recordings.dateAdded })
        .from(recordings)
        .where(and(eq(recordings.locationId, locationId), inArray(recordings.crmMessageId, messageIds)));
      return new Map(rows.map((r) => [r.id as string, r.dateAdded]));
    },

    async findForOrg(organizationId: number, id: number): Promise<RecordingRow | undefined> {
      const [row] = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.id, id), eq(recordings.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<RecordingRow | undefined> {
      const [row] = await db.select().from(recordings).where(eq(recordings.id, id)).limit(1);
      return row;
    },

    /** How many recordings were created before `before`, and the oldest date among them. */
    async countOlderThan(organizationId: number, before: Date) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${recordings.createdAt})` })
        .from(recordings)
        .where(and(eq(recordings.organizationId, organizationId), lt(recordings.createdAt, before)));
      const oldest = row?.oldest ? new Date(row.oldest) : null;
      return { count: row?.n ?? 0, oldest };
    },

    /** The oldest recordings created before `before` (ids and audio keys), a batch at a time. */
    async olderThan(organizationId: number, before: Date, limit: number) {
      return db
        .select({ id: recordings.id, storageKey: recordings.storageKey })
        .from(recordings)
        .where(and(eq(recordings.organizationId, organizationId), lt(recordings.createdAt, before)))
        .orderBy(asc(recordings.createdAt), asc(recordings.id))
        .limit(limit);
    },

    /** Deletes recordings; their analyses, share links and other dependent rows go by cascade. */
    async deleteByIds(organizationId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const gone = await db
        .delete(recordings)
        .where(and(eq(recordings.organizationId, organizationId), inArray(recordings.id, ids)))
        .returning({ id: recordings.id });
      return gone.length;
    },
  };
}
