/**
 * Drizzle queries of the trackers module: trackers (deleted ones kept as tombstones, so the
 * shipped defaults are never created twice), tracker_hits and tracker_reapply_runs. It also
 * reads recordings (ownership, segments) for its read models and re-apply batches, never writes them.
 */
import { and, asc, count, eq, gt, isNotNull, isNull, lte, max, sql } from 'drizzle-orm';
import type { Segment } from '@call-insights/contracts/transcript';
import type { Db } from '../../db/client.js';
import { recordings, trackerHits, trackerReapplyRuns, trackers } from '../../db/schema.js';
import type { FoundHit } from './matching.js';

export type TrackerRow = typeof trackers.$inferSelect;
export type ReapplyRunRow = typeof trackerReapplyRuns.$inferSelect;
export type TrackerValues = { name: string; phrasesEn: string[]; phrasesFr: string[] };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

/** Namespace of the advisory locks that serialise writing one recording's hits. */
const HITS_LOCK_SPACE = 7310;

export function createTrackersRepository(db: Db) {
  const active = (organizationId: number) =>
    and(eq(trackers.organizationId, organizationId), isNull(trackers.deletedAt));

  async function activeTrackers(runner: Runner, organizationId: number): Promise<TrackerRow[]> {
    return runner.select().from(trackers).where(active(organizationId)).orderBy(asc(trackers.id));
  }

  /** Replaces one recording's hits; concurrent writers of the same recording wait for each other. */
  async function replaceHitsIn(
    tx: Tx,
    organizationId: number,
    recordingId: number,
    hits: FoundHit[],
  ): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${HITS_LOCK_SPACE}, ${recordingId})`);
    await tx.delete(trackerHits).where(eq(trackerHits.recordingId, recordingId));
    if (hits.length === 0) return;
    await tx
      .insert(trackerHits)
      .values(
        hits.map((h) => ({
          organizationId,
          recordingId,
          trackerId: h.trackerId,
          segmentIndex: h.segmentIndex,
          charStart: h.charStart,
          speaker: h.speaker,
          startSec: h.start,
          endSec: h.end,
          phrase: h.phrase,
          said: h.said,
          sentence: h.sentence,
        })),
      )
      .onConflictDoNothing();
  }

  return {
    activeTrackers: (organizationId: number) => activeTrackers(db, organizationId),

    async insertDefaults(
      organizationId: number,
      rows: (TrackerValues & { defaultKey: string })[],
    ): Promise<void> {
      if (rows.length === 0) return;
      // Any unique clash (a default already made, or deleted; a tracker of the same name) skips the row.
      await db
        .insert(trackers)
        .values(rows.map((r) => ({ ...r, organizationId })))
        .onConflictDoNothing();
    },

    async find(organizationId: number, id: number): Promise<TrackerRow | undefined> {
      const [row] = await db
        .select()
        .from(trackers)
        .where(and(active(organizationId), eq(trackers.id, id)));
      return row;
    },

    async countActive(organizationId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(trackers).where(active(organizationId));
      return row?.n ?? 0;
    },

    async insert(organizationId: number, values: TrackerValues): Promise<TrackerRow> {
      const [row] = await db
        .insert(trackers)
        .values({ organizationId, ...values })
        .returning();
      if (!row) throw new Error('tracker insert returned nothing');
      return row;
    },

    async update(organizationId: number, id: number, values: TrackerValues): Promise<TrackerRow | undefined> {
      const [row] = await db
        .update(trackers)
        .set({ ...values, updatedAt: new Date() })
        .where(and(active(organizationId), eq(trackers.id, id)))
        .returning();
      return row;
    },

    /** Marks the tracker deleted and drops its hits; false when there was no such tracker. */
    async softDelete(organizationId: number, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(trackers)
          .set({ deletedAt: new Date(), updatedAt: new Date() })
          .where(and(active(organizationId), eq(trackers.id, id)))
          .returning({ id: trackers.id });
        if (!row) return false;
        await tx.delete(trackerHits).where(eq(trackerHits.trackerId, id));
        return true;
      });
    },

    async replaceHits(organizationId: number, recordingId: number, hits: FoundHit[]): Promise<void> {
      await db.transaction((tx) => replaceHitsIn(tx, organizationId, recordingId, hits));
    },

    /** Whether the recording is the organization's (and, with `ownerId`, that user's). */
    async recordingExists(organizationId: number, recordingId: number, ownerId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: recordings.id })
        .from(recordings)
        .where(
          and(
            eq(recordings.organizationId, organizationId),
            eq(recordings.id, recordingId),
            ownerId === undefined ? undefined : eq(recordings.userId, ownerId),
          ),
        );
      return row !== undefined;
    },

    /** A recording's hits of the organization's current trackers, in call order. */
    async hitsOfRecording(organizationId: number, recordingId: number) {
      return db
        .select({
          trackerId: trackerHits.trackerId,
          speaker: trackerHits.speaker,
          start: trackerHits.startSec,
          end: trackerHits.endSec,
          phrase: trackerHits.phrase,
          said: trackerHits.said,
          sentence: trackerHits.sentence,
        })
        .from(trackerHits)
        .where(and(eq(trackerHits.organizationId, organizationId), eq(trackerHits.recordingId, recordingId)))
        .orderBy(asc(trackerHits.segmentIndex), asc(trackerHits.charStart), asc(trackerHits.trackerId));
    },

    /** Starts a run over the calls transcribed so far; runs of the organization still going are superseded. */
    async createRun(organizationId: number, createdBy: number): Promise<ReapplyRunRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(trackerReapplyRuns)
          .set({ status: 'superseded', finishedAt: new Date() })
          .where(
            and(
              eq(trackerReapplyRuns.organizationId, organizationId),
              eq(trackerReapplyRuns.status, 'running'),
            ),
          );
        const [scope] = await tx
          .select({ total: count(), maxId: max(recordings.id) })
          .from(recordings)
          .where(and(eq(recordings.organizationId, organizationId), isNotNull(recordings.segments)));
        const total = scope?.total ?? 0;
        const [run] = await tx
          .insert(trackerReapplyRuns)
          .values({
            organizationId,
            createdBy,
            total,
            maxRecordingId: scope?.maxId ?? 0,
            ...(total === 0 ? { status: 'done' as const, finishedAt: new Date() } : {}),
          })
          .returning();
        if (!run) throw new Error('run insert returned nothing');
        return run;
      });
    },

    async findRun(organizationId: number, id: number): Promise<ReapplyRunRow | undefined> {
      const [row] = await db
        .select()
        .from(trackerReapplyRuns)
        .where(and(eq(trackerReapplyRuns.organizationId, organizationId), eq(trackerReapplyRuns.id, id)));
      return row;
    },

    async runningRunIds(): Promise<number[]> {
      const rows = await db
        .select({ id: trackerReapplyRuns.id })
        .from(trackerReapplyRuns)
        .where(eq(trackerReapplyRuns.status, 'running'));
      return rows.map((r) => r.id);
    },

    /**
     * Runs the next batch of a re-apply run in one transaction: the run's row is locked (two
     * workers never take the same batch), the next calls after the cursor get their hits replaced
     * with `hitsOf`, and the cursor moves — all or nothing, so a crash repeats only the batch that
     * was cut short. Returns the run after the batch (status `done` when nothing was left).
     */
    async runBatch(
      runId: number,
      batchSize: number,
      hitsOf: (current: TrackerRow[], segments: Segment[]) => FoundHit[],
    ): Promise<ReapplyRunRow | undefined> {
      return db.transaction(async (tx) => {
        const [run] = await tx
          .select()
          .from(trackerReapplyRuns)
          .where(eq(trackerReapplyRuns.id, runId))
          .for('update');
        if (!run || run.status !== 'running') return run;
        const calls = await tx
          .select({ id: recordings.id, segments: recordings.segments })
          .from(recordings)
          .where(
            and(
              eq(recordings.organizationId, run.organizationId),
              isNotNull(recordings.segments),
              gt(recordings.id, run.lastRecordingId),
              lte(recordings.id, run.maxRecordingId),
            ),
          )
          .orderBy(asc(recordings.id))
          .limit(batchSize);
        if (calls.length === 0) {
          const [done] = await tx
            .update(trackerReapplyRuns)
            .set({ status: 'done', finishedAt: new Date() })
            .where(eq(trackerReapplyRuns.id, runId))
            .returning();
          return done;
        }
        const current = await activeTrackers(tx, run.organizationId);
        for (const call of calls) {
          const segments = Array.isArray(call.segments) ? (call.segments as Segment[]) : [];
          await replaceHitsIn(tx, run.organizationId, call.id, hitsOf(current, segments));
        }
        const [moved] = await tx
          .update(trackerReapplyRuns)
          .set({
            lastRecordingId: calls[calls.length - 1]!.id,
            processed: sql`${trackerReapplyRuns.processed} + ${calls.length}`,
          })
          .where(eq(trackerReapplyRuns.id, runId))
          .returning();
        return moved;
      });
    },
  };
}

export type TrackersRepository = ReturnType<typeof createTrackersRepository>;
