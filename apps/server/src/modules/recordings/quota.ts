/**
 * The organization quota (ADR 031, 033), the one place that decides: recordings and stored bytes
 * per organization, URL imports downloading at once per user. Every recording is inserted through
 * `insert` (checked under the organization's lock in the same transaction); `check` and `room` are
 * early reads that spare a download that could not be kept, never the deciding check.
 */
import type { Logger } from 'pino';
import type { StorageAdapter } from '../../adapters/storage/storage.js';
import { AppError, msg } from '../../errors.js';
import type { QuotaRefusal, QuotaRepository } from './quota.repository.js';
import type { NewRecording, RecordingRow } from './recordings.repository.js';

export type QuotaLimits = {
  recordings: number;
  bytes: number;
  /** URL imports one user may have downloading at once. */
  urlImportsPerUser: number;
  /** How long a URL import's place is held at most: its download's time cap plus a margin. */
  urlImportLeaseMs: number;
};

/** After a URL import's download time cap, what is left to do (last writes, the insert) fits in this. */
export const URL_IMPORT_LEASE_MARGIN_MS = 30_000;

const MB = 1024 * 1024;
/** Megabytes as people read them: whole above 10, one decimal below. */
const mb = (bytes: number) =>
  bytes >= 10 * MB ? Math.round(bytes / MB) : Math.round((bytes / MB) * 10) / 10;

const RECORDINGS_FULL = msg('You have exceeded the maximum number of saved recordings.');

export function createQuota(deps: {
  repo: QuotaRepository;
  storage: StorageAdapter;
  limits: QuotaLimits;
  log: Logger;
}) {
  const { repo, limits, log } = deps;
  const quota = { recordings: limits.recordings, bytes: limits.bytes };

  /** The user's words for a refusal; `wanted`/`adding`: how many recordings and bytes were asked. */
  function refusalError(refusal: QuotaRefusal, wanted = 1, adding?: number): AppError {
    switch (refusal.reason) {
      case 'bytes':
        if (refusal.bytesLeft > 0 && adding !== undefined) {
          return new AppError(
            'CONFLICT',
            'This import needs {size} MB and your organization has {left} MB of storage left (of {limit} MB). Delete recordings to make room.',
            { params: { size: mb(adding), left: mb(refusal.bytesLeft), limit: mb(limits.bytes) } },
          );
        }
        return new AppError(
          'CONFLICT',
          'Your organization has used all of its storage space ({limit} MB). Delete recordings to make room.',
          { params: { limit: mb(limits.bytes) } },
        );
      case 'concurrent':
        return new AppError(
          'RATE_LIMITED',
          'You already have {count} links importing. Wait for one of them to finish, then try again.',
          { params: { count: refusal.running } },
        );
      case 'lapsed':
        return new AppError('UNAVAILABLE', 'This import took too long and was stopped. Please try again.');
      case 'recordings':
        if (wanted > 1 && refusal.left > 0) {
          return new AppError(
            'CONFLICT',
            'This needs {wanted} free places for recordings and your organization has {left} left.',
            { params: { wanted, left: refusal.left } },
          );
        }
        return new AppError('CONFLICT', RECORDINGS_FULL);
    }
  }

  /** Deletes reservations left by crashed processes, audio first (a failed delete is tried again later). */
  async function sweepLapsed(organizationId: number): Promise<void> {
    const lapsed = await repo.lapsed(organizationId);
    if (lapsed.length === 0) return;
    const done: number[] = [];
    for (const r of lapsed) {
      try {
        if (r.storageKey) await deps.storage.delete(r.storageKey);
        done.push(r.id);
      } catch (err) {
        log.warn({ err, reservationId: r.id }, 'could not delete the audio of a lapsed import');
      }
    }
    await repo.deleteReservations(done);
    log.info({ organizationId, count: done.length }, 'removed places held by imports that never finished');
  }

  return {
    refusalError,

    /**
     * An early refusal before any byte is read: the organization has fewer than `wanted` places
     * (default 1) or no storage left, or `incomingBytes` (a size announced before the body) cannot fit.
     */
    async check(
      organizationId: number,
      opts: { wanted?: number; incomingBytes?: number } = {},
    ): Promise<void> {
      const { wanted = 1, incomingBytes } = opts;
      const used = await repo.usage(organizationId);
      const left = Math.max(0, limits.recordings - used.recordings);
      if (wanted > left) throw refusalError({ reason: 'recordings', left }, wanted);
      const bytesLeft = Math.max(0, limits.bytes - used.bytes);
      if (bytesLeft === 0 || (incomingBytes !== undefined && incomingBytes > bytesLeft)) {
        throw refusalError({ reason: 'bytes', bytesLeft }, 1, incomingBytes);
      }
    },

    /** What is left (an unlocked read, for planning: the CRM sync); `full` when nothing more fits. */
    async room(organizationId: number): Promise<{ recordings: number; full: boolean }> {
      const used = await repo.usage(organizationId);
      const recordings = Math.max(0, limits.recordings - used.recordings);
      return { recordings, full: recordings === 0 || used.bytes >= limits.bytes };
    },

    /** Inserts recordings of one organization within its quota, all or none, or says why not. */
    async tryInsert(
      organizationId: number,
      rows: NewRecording[],
      opts: { crm?: boolean; reservationId?: number } = {},
    ): Promise<{ rows: RecordingRow[] } | { refused: QuotaRefusal }> {
      return repo.insertWithinQuota(organizationId, rows, quota, opts);
    },

    /** Like tryInsert; a refusal is thrown as the error the user reads. */
    async insert(
      organizationId: number,
      rows: NewRecording[],
      opts: { reservationId?: number } = {},
    ): Promise<RecordingRow[]> {
      const outcome = await repo.insertWithinQuota(organizationId, rows, quota, opts);
      if ('refused' in outcome) {
        const adding = rows.reduce((sum, r) => sum + (r.sizeBytes ?? 0), 0);
        throw refusalError(outcome.refused, rows.length, adding);
      }
      return outcome.rows;
    },

    /**
     * Holds a place for a URL import before it downloads: refused (409) when the organization is
     * full, or (429) when the user already has their URL imports downloading. The place lives in
     * the database, so every API process sees it and a crashed one's lapses after the lease.
     */
    async reserveUrlImport(caller: { organizationId: number; id: number }): Promise<number> {
      await sweepLapsed(caller.organizationId);
      const outcome = await repo.reserve(
        caller.organizationId,
        caller.id,
        { ...quota, maxRunning: limits.urlImportsPerUser },
        limits.urlImportLeaseMs,
      );
      if ('refused' in outcome) throw refusalError(outcome.refused);
      // A place that lapsed between the sweep and the reservation no longer counted for it: swept
      // now, so a crashed import's audio never waits for the next one.
      await sweepLapsed(caller.organizationId);
      return outcome.id;
    },

    /** The download announced its size: refused (409) if it cannot fit, else held with the place. */
    async claimBytes(organizationId: number, reservationId: number, bytes: number): Promise<void> {
      const outcome = await repo.claimBytes(organizationId, reservationId, bytes, quota);
      if ('refused' in outcome) throw refusalError(outcome.refused, 1, bytes);
    },

    setReservationKey: (reservationId: number, storageKey: string) =>
      repo.setReservationKey(reservationId, storageKey),

    /** Gives a URL import's place back (a no-op once its recording was saved). */
    release: (reservationId: number) => repo.release(reservationId),
  };
}

export type QuotaService = ReturnType<typeof createQuota>;
