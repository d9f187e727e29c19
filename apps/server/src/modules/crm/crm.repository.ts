/**
 * Owns the SQL of the crm module: spent OAuth states, sync runs (state, window, cursor, counts),
 * organization CRM settings, accepted webhook ids and written-back notes.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  crmOauthStates,
  crmSettings,
  crmSyncRuns,
  crmWebhookEvents,
  crmWriteBacks,
} from '../../db/schema.js';

export type SyncRunRow = typeof crmSyncRuns.$inferSelect;
export type SyncState = SyncRunRow['state'];

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export function createCrmRepository(db: Db) {
  return {
    /** Spends a state's nonce; false when it was spent before (a replay). */
    async spendState(nonce: string, userId: number, expiresAt: Date): Promise<boolean> {
      await db.delete(crmOauthStates).where(lt(crmOauthStates.expiresAt, new Date(Date.now() - 86_400_000)));
      const rows = await db
        .insert(crmOauthStates)
        .values({ nonce, userId, expiresAt })
        .onConflictDoNothing()
        .returning({ nonce: crmOauthStates.nonce });
      return rows.length > 0;
    },

    /** A new manual run, or undefined when the location already has one running. */
    async createRun(input: {
      organizationId: number;
      locationId: number;
      requestedBy: number | null;
      kind: 'manual' | 'live';
      windowStart: Date;
      windowEnd: Date;
      state?: SyncState;
      errorKind?: string | null;
      finishedAt?: Date | null;
    }): Promise<SyncRunRow | undefined> {
      try {
        const [row] = await db.insert(crmSyncRuns).values(input).returning();
        return row;
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    async findRun(id: number): Promise<SyncRunRow | undefined> {
      const [row] = await db.select().from(crmSyncRuns).where(eq(crmSyncRuns.id, id)).limit(1);
      return row;
    },

    async findRunForOrg(organizationId: number, id: number): Promise<SyncRunRow | undefined> {
      const [row] = await db
        .select()
        .from(crmSyncRuns)
        .where(and(eq(crmSyncRuns.id, id), eq(crmSyncRuns.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    async activeRun(locationId: number): Promise<SyncRunRow | undefined> {
      const [row] = await db
        .select()
        .from(crmSyncRuns)
        .where(
          and(
            eq(crmSyncRuns.locationId, locationId),
            eq(crmSyncRuns.kind, 'manual'),
            isNull(crmSyncRuns.finishedAt),
          ),
        )
        .limit(1);
      return row;
    },

    /** Manual runs that have not finished: the embedded worker re-enqueues them at start. */
    async unfinishedRuns(): Promise<SyncRunRow[]> {
      return db
        .select()
        .from(crmSyncRuns)
        .where(and(eq(crmSyncRuns.kind, 'manual'), isNull(crmSyncRuns.finishedAt)));
    },

    async setState(id: number, state: SyncState): Promise<void> {
      await db.update(crmSyncRuns).set({ state, updatedAt: new Date() }).where(eq(crmSyncRuns.id, id));
    },

    async setFound(id: number, found: number): Promise<void> {
      await db.update(crmSyncRuns).set({ found, updatedAt: new Date() }).where(eq(crmSyncRuns.id, id));
    },

    /** One page done: its counts added and the cursor moved past it, in one statement. */
    async pageDone(
      id: number,
      page: { cursor: string | null; imported: number; skipped: number; noRecording: number; failed: number },
    ): Promise<void> {
      await db
        .update(crmSyncRuns)
        .set({
          cursor: page.cursor,
          imported: sql`${crmSyncRuns.imported} + ${page.imported}`,
          skipped: sql`${crmSyncRuns.skipped} + ${page.skipped}`,
          noRecording: sql`${crmSyncRuns.noRecording} + ${page.noRecording}`,
          failed: sql`${crmSyncRuns.failed} + ${page.failed}`,
          updatedAt: new Date(),
        })
        .where(eq(crmSyncRuns.id, id));
    },

    async finish(id: number, state: 'Success' | 'Error', errorKind: string | null): Promise<void> {
      await db
        .update(crmSyncRuns)
        .set({ state, errorKind, finishedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(crmSyncRuns.id, id), isNull(crmSyncRuns.finishedAt)));
    },

    async settings(organizationId: number): Promise<{ writeBack: boolean }> {
      const [row] = await db
        .select({ writeBack: crmSettings.writeBack })
        .from(crmSettings)
        .where(eq(crmSettings.organizationId, organizationId))
        .limit(1);
      return { writeBack: row?.writeBack ?? false };
    },

    async saveSettings(organizationId: number, s: { writeBack: boolean }): Promise<void> {
      await db
        .insert(crmSettings)
        .values({ organizationId, writeBack: s.writeBack })
        .onConflictDoUpdate({
          target: crmSettings.organizationId,
          set: { writeBack: s.writeBack, updatedAt: new Date() },
        });
    },

    async webhookSeen(webhookId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: crmWebhookEvents.webhookId })
        .from(crmWebhookEvents)
        .where(eq(crmWebhookEvents.webhookId, webhookId))
        .limit(1);
      return row !== undefined;
    },

    /** Records a webhook id; false when it was seen before. */
    async acceptWebhook(webhookId: string): Promise<boolean> {
      await db
        .delete(crmWebhookEvents)
        .where(lt(crmWebhookEvents.receivedAt, new Date(Date.now() - 7 * 86_400_000)));
      const rows = await db
        .insert(crmWebhookEvents)
        .values({ webhookId })
        .onConflictDoNothing()
        .returning({ id: crmWebhookEvents.webhookId });
      return rows.length > 0;
    },

    async writeBackDone(recordingId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: crmWriteBacks.recordingId })
        .from(crmWriteBacks)
        .where(eq(crmWriteBacks.recordingId, recordingId))
        .limit(1);
      return row !== undefined;
    },

    async recordWriteBack(recordingId: number, organizationId: number, noteId: string | null): Promise<void> {
      await db.insert(crmWriteBacks).values({ recordingId, organizationId, noteId }).onConflictDoNothing();
    },
  };
}

export type CrmRepository = ReturnType<typeof createCrmRepository>;
