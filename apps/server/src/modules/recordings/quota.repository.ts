/**
 * Owns the SQL of the organization quota (ADR 031, 033): recordings and stored bytes read under a
 * per-organization advisory lock held to the end of the transaction that inserts, and the places
 * held by URL imports still downloading (`recording_reservations`), counted with the recordings.
 */
import { and, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordingCounts, recordingReservations, recordings } from '../../db/schema.js';
import { formatDateTime, type NewRecording, type RecordingRow } from './recordings.repository.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An organization's limits: how many recordings, how many bytes of audio. */
export type Quota = { recordings: number; bytes: number };
/** What an organization holds: recordings and bytes, the live reservations included. */
export type QuotaUsage = { recordings: number; bytes: number };
/** Why the quota refused, with what the user needs to know. */
export type QuotaRefusal =
  /** `left`: how many recordings would still have fitted. */
  | { reason: 'recordings'; left: number }
  /** `bytesLeft`: the storage the organization still has. */
  | { reason: 'bytes'; bytesLeft: number }
  /** The user already has `running` URL imports downloading. */
  | { reason: 'concurrent'; running: number }
  /** The import's reservation lapsed before it finished (it outlived its time cap). */
  | { reason: 'lapsed' };

/** First key of the per-organization advisory lock that serialises quota checks with inserts. */
const QUOTA_LOCK = 0x71a0;

export function createQuotaRepository(db: Db) {
  const live = (organizationId: number) =>
    and(
      eq(recordingReservations.organizationId, organizationId),
      gt(recordingReservations.expiresAt, sql`now()`),
    );

  /** Recordings and bytes of the organization plus its live reservations (`except` one of them). */
  async function usage(q: Db | Tx, organizationId: number, except?: number): Promise<QuotaUsage> {
    const held =
      except === undefined
        ? live(organizationId)
        : and(live(organizationId), ne(recordingReservations.id, except));
    const [counter] = await q
      .select({ total: recordingCounts.total })
      .from(recordingCounts)
      .where(eq(recordingCounts.organizationId, organizationId));
    const [stored] = await q
      .select({ bytes: sql<string>`coalesce(sum(${recordings.sizeBytes}), 0)::text` })
      .from(recordings)
      .where(eq(recordings.organizationId, organizationId));
    const [reserved] = await q
      .select({
        n: sql<number>`count(*)::int`,
        bytes: sql<string>`coalesce(sum(${recordingReservations.bytes}), 0)::text`,
      })
      .from(recordingReservations)
      .where(held);
    return {
      recordings: (counter?.total ?? 0) + (reserved?.n ?? 0),
      bytes: Number(stored?.bytes ?? 0) + Number(reserved?.bytes ?? 0),
    };
  }

  const lock = (tx: Tx, organizationId: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${organizationId})`);

  return {
    /** A read without the lock: for early refusals and the CRM sync's plan; inserts check again. */
    usage: (organizationId: number) => usage(db, organizationId),

    /**
     * Inserts recordings only if the organization stays within its quota, all of them or none: the
     * count (trigger-kept counter), the stored bytes and the live reservations are read under the
     * organization's lock, so racing imports cannot both take the last place.
     * `reservationId`: the place this import held while downloading becomes the recording (refused
     * as `lapsed` when it is gone). `crm`: a call the location already has is skipped (unique
     * location + CRM message id).
     */
    async insertWithinQuota(
      organizationId: number,
      rows: NewRecording[],
      quota: Quota,
      opts: { crm?: boolean; reservationId?: number } = {},
    ): Promise<{ rows: RecordingRow[] } | { refused: QuotaRefusal }> {
      return db.transaction(async (tx) => {
        await lock(tx, organizationId);
        if (opts.reservationId !== undefined) {
          const ended = await tx
            .delete(recordingReservations)
            .where(and(eq(recordingReservations.id, opts.reservationId), live(organizationId)))
            .returning({ id: recordingReservations.id });
          if (ended.length === 0) return { refused: { reason: 'lapsed' as const } };
        }
        const used = await usage(tx, organizationId);
        const left = Math.max(0, quota.recordings - used.recordings);
        if (rows.length > left) return { refused: { reason: 'recordings' as const, left } };
        const adding = rows.reduce((sum, r) => sum + (r.sizeBytes ?? 0), 0);
        if (adding > 0 && used.bytes + adding > quota.bytes)
          return { refused: { reason: 'bytes' as const, bytesLeft: Math.max(0, quota.bytes - used.bytes) } };
        const created: RecordingRow[] = [];
        for (const row of rows) {
          const createdAt = row.createdAt ?? new Date();
          const insert = tx
            .insert(recordings)
            .values({ ...row, createdAt, createdText: formatDateTime(createdAt) });
          const [made] = opts.crm
            ? await insert
                .onConflictDoNothing({ target: [recordings.locationId, recordings.crmMessageId] })
                .returning()
            : await insert.returning();
          if (made) created.push(made);
        }
        return { rows: created };
      });
    },

    /**
     * Holds a place for a URL import about to download, unless the organization is full (recordings
     * or bytes) or the user already has `maxRunning` imports downloading; lapses at `leaseMs`.
     */
    async reserve(
      organizationId: number,
      userId: number,
      quota: Quota & { maxRunning: number },
      leaseMs: number,
    ): Promise<{ id: number } | { refused: QuotaRefusal }> {
      return db.transaction(async (tx) => {
        await lock(tx, organizationId);
        const used = await usage(tx, organizationId);
        const left = Math.max(0, quota.recordings - used.recordings);
        if (left === 0) return { refused: { reason: 'recordings' as const, left } };
        if (used.bytes >= quota.bytes) return { refused: { reason: 'bytes' as const, bytesLeft: 0 } };
        const [mine] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(recordingReservations)
          .where(and(live(organizationId), eq(recordingReservations.userId, userId)));
        const running = mine?.n ?? 0;
        if (running >= quota.maxRunning) return { refused: { reason: 'concurrent' as const, running } };
        const [made] = await tx
          .insert(recordingReservations)
          .values({
            organizationId,
            userId,
            expiresAt: sql`now() + ${`${Math.ceil(leaseMs)} milliseconds`}::interval`,
          })
          .returning({ id: recordingReservations.id });
        if (!made) throw new Error('reservation insert returned nothing');
        return { id: made.id };
      });
    },

    /** Adds the size a download announced to its reservation, if it still fits the bytes quota. */
    async claimBytes(
      organizationId: number,
      reservationId: number,
      bytes: number,
      quota: Quota,
    ): Promise<{ ok: true } | { refused: QuotaRefusal }> {
      return db.transaction(async (tx) => {
        await lock(tx, organizationId);
        const others = await usage(tx, organizationId, reservationId);
        if (others.bytes + bytes > quota.bytes)
          return {
            refused: { reason: 'bytes' as const, bytesLeft: Math.max(0, quota.bytes - others.bytes) },
          };
        const updated = await tx
          .update(recordingReservations)
          .set({ bytes })
          .where(and(eq(recordingReservations.id, reservationId), live(organizationId)))
          .returning({ id: recordingReservations.id });
        if (updated.length === 0) return { refused: { reason: 'lapsed' as const } };
        return { ok: true as const };
      });
    },

    /** Where the import's audio is being written, so a crash's leftover can be found and deleted. */
    async setReservationKey(reservationId: number, storageKey: string): Promise<void> {
      await db
        .update(recordingReservations)
        .set({ storageKey })
        .where(eq(recordingReservations.id, reservationId));
    },

    /** Ends a reservation whose import failed (its audio is the caller's to delete). */
    async release(reservationId: number): Promise<void> {
      await db.delete(recordingReservations).where(eq(recordingReservations.id, reservationId));
    },

    /** The organization's lapsed reservations (left by crashed processes), with their audio keys. */
    async lapsed(organizationId: number): Promise<{ id: number; storageKey: string | null }[]> {
      return db
        .select({ id: recordingReservations.id, storageKey: recordingReservations.storageKey })
        .from(recordingReservations)
        .where(
          and(
            eq(recordingReservations.organizationId, organizationId),
            lte(recordingReservations.expiresAt, sql`now()`),
          ),
        )
        .limit(100);
    },

    async deleteReservations(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(recordingReservations).where(inArray(recordingReservations.id, ids));
    },
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
