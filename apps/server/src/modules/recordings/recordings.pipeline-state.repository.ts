/**
 * A recording's pipeline state: status and progress as jobs move it (queued, transcribing,
 * analyzing, failed with its message), what each stage saves (audio, transcript, coaching), and
 * the recordings the worker re-enqueues at start.
 */
import type { StoredMessage } from '../../errors.js';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordings, type RecordingStatus } from '../../db/schema.js';

export function createPipelineStateQueries(db: Db) {
  return {
    async setStatus(
      id: number,
      patch: {
        status?: RecordingStatus;
        progress?: number;
        error?: string | null;
        errorDetail?: StoredMessage | null;
      },
    ): Promise<void> {
      await db
        .update(recordings)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(recordings.id, id));
    },

    /** Raises progress only (a late, lower report never moves the bar back). */
    async raiseProgress(id: number, progress: number): Promise<void> {
      await db
        .update(recordings)
        .set({ progress })
        .where(and(eq(recordings.id, id), lt(recordings.progress, progress)));
    },

    async saveTranscript(
      id: number,
      t: { segments: unknown; text: string; durationSec: number; numSpeakers?: number },
    ): Promise<void> {
      await db
        .update(recordings)
        .set({
          segments: t.segments,
          transcriptText: t.text,
          durationSec: t.durationSec,
          ...(t.numSpeakers ? { numSpeakers: t.numSpeakers } : {}),
          updatedAt: new Date(),
        })
        .where(eq(recordings.id, id));
    },

    async saveAudio(
      id: number,
      a: { storageKey: string; contentType: string; sizeBytes: number },
    ): Promise<void> {
      await db
        .update(recordings)
        .set({ ...a, updatedAt: new Date() })
        .where(eq(recordings.id, id));
    },

    async saveCoaching(id: number, coaching: string): Promise<void> {
      await db.update(recordings).set({ coaching, updatedAt: new Date() }).where(eq(recordings.id, id));
    },

    /** Recordings whose pipeline has not finished: the worker re-enqueues them at start. */
    async unfinished(): Promise<{ id: number; status: RecordingStatus }[]> {
      return db
        .select({ id: recordings.id, status: recordings.status })
        .from(recordings)
        .where(sql`${recordings.status} in ('queued','transcribing','analyzing')`);
    },
  };
}
