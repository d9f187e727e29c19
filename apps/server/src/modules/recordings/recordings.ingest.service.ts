/**
 * Bringing recordings in: uploads and URL imports (contact checked, audio sniffed and stored,
 * the pipeline started) and recordings whose transcript is already known (sample calls), all
 * within the organization's quota.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  ACCOUNT_WITHOUT_PHONE,
  PHONE_WITHOUT_ACCOUNT,
  type FileUrlRequest,
  type UploadMeta,
} from '@call-insights/contracts/recordings';
import type { Segment } from '@call-insights/contracts/transcript';
import type { Logger } from 'pino';
import { sniffAudioStream } from '../../adapters/audio/sniff.js';
import { safeDownload, UrlRefusedError, type SafeDownloadOptions } from '../../adapters/net/safe-fetch.js';
import type { StorageAdapter } from '../../adapters/storage/storage.js';
import { AppError } from '../../errors.js';
import type { Enqueue } from '../../jobs/queue.js';
import type { AuthUser } from '../../plugins/auth.js';
import { PROGRESS } from './pipeline.js';
import { analyzeJob, transcribeJob } from './recordings.jobs.js';
import { redactTranscript, type RedactionPolicy } from './redact-transcript.js';
import type { NewRecording, RecordingRow } from './recordings.repository.js';
import type { QuotaService } from './quota.js';

export type StoredAudio = { storageKey: string; sizeBytes: number; contentType: string; ext: string };

/** A recording whose transcript is already known (sample calls, a CRM's own transcript). */
export type KnownTranscript = {
  source: 'sample' | 'crm';
  originalName: string;
  createdAt?: Date;
  segments: Segment[];
  durationSec: number;
  audio?: { storageKey: string; contentType: string; sizeBytes: number };
};

export type IngestDeps = {
  storage: StorageAdapter;
  /** Enqueues the first pipeline step for a recording. */
  enqueue: Enqueue;
  redactionPolicy: RedactionPolicy;
  maxUploadBytes: number;
  urlImportTimeoutMs: number;
  /** Tests only: lets URL imports reach the local test server. */
  urlFetchOverrides?: Pick<SafeDownloadOptions, 'addressPolicy' | 'lookup'>;
  /** A CRM account of the organization (locations service): uploads may be filed under one. */
  locationInOrganization?: (
    organizationId: number,
    id: number,
  ) => Promise<{ id: number; active: boolean } | undefined>;
  log: Logger;
};

/**
 * Ingest failures are DomainErrors already (the error handler maps their codes); a refused link
 * also names the field the user should fix.
 */
export function toIngestError(err: unknown): unknown {
  if (err instanceof UrlRefusedError && err.code === 'VALIDATION_FAILED') {
    return new AppError('VALIDATION_FAILED', err.message, {
      params: err.params,
      fields: [{ path: 'file_url', message: err.text }],
      detail: err.detail,
    });
  }
  return err;
}

function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'recording';
  } catch {
    return last || 'recording';
  }
}

export function storageKeyFor(organizationId: number, ext: string): string {
  return `org-${organizationId}/${crypto.randomUUID()}.${ext}`;
}

export function createIngest(deps: IngestDeps, quota: QuotaService) {
  const { storage, log } = deps;

  /** Phone and account come together (spec, upload validation); the phone is stored in E.164. */
  async function resolveContact(
    caller: AuthUser,
    meta: UploadMeta,
  ): Promise<{ phone: string | null; locationId: number | null }> {
    if (meta.user_id !== undefined && meta.user_id !== caller.id) {
      throw new AppError('FORBIDDEN', 'You can only import recordings as yourself.');
    }
    const hasPhone = Boolean(meta.phone_number);
    const hasLocation = meta.location_id !== undefined;
    if (hasPhone && !hasLocation) {
      throw new AppError('VALIDATION_FAILED', PHONE_WITHOUT_ACCOUNT, {
        fields: [{ path: 'location_id', message: PHONE_WITHOUT_ACCOUNT }],
      });
    }
    if (hasLocation && !hasPhone) {
      throw new AppError('VALIDATION_FAILED', ACCOUNT_WITHOUT_PHONE, {
        fields: [{ path: 'phone_number', message: ACCOUNT_WITHOUT_PHONE }],
      });
    }
    if (!hasPhone || meta.location_id === undefined) return { phone: null, locationId: null };
    const parsed = parsePhoneNumberFromString(meta.phone_number ?? '', meta.phone_country);
    if (!parsed || !parsed.isValid()) {
      const message = 'This phone number is not valid for the selected country.';
      throw new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'phone_number', message }] });
    }
    const location = await deps.locationInOrganization?.(caller.organizationId, meta.location_id);
    if (!location) throw new AppError('NOT_FOUND', 'This account was not found.');
    if (!location.active)
      throw new AppError('CONFLICT', 'This account is not active; turn its sync on first.');
    return { phone: parsed.number, locationId: location.id };
  }

  /**
   * An early refusal before any byte is read (fewer than `wanted` places or no storage left, or
   * `incomingBytes` announced that cannot fit); the insert checks again, atomically.
   */
  async function assertQuota(
    caller: Pick<AuthUser, 'organizationId'>,
    opts: { wanted?: number; incomingBytes?: number } = {},
  ) {
    await quota.check(caller.organizationId, opts);
  }

  /** Inserts recordings whose transcript is known (redacted first) within the quota, then queues analyses. */
  async function createManyWithTranscript(
    caller: AuthUser,
    inputs: readonly KnownTranscript[],
  ): Promise<RecordingRow[]> {
    const rows: NewRecording[] = [];
    for (const input of inputs) {
      const redacted = await redactTranscript(deps.redactionPolicy, caller.organizationId, {
        segments: input.segments,
        text: input.segments.map((s) => s.text).join(' '),
      });
      rows.push({
        organizationId: caller.organizationId,
        userId: caller.id,
        source: input.source,
        originalName: input.originalName.slice(0, 255),
        numSpeakers: Math.max(1, new Set(input.segments.map((s) => s.speaker)).size),
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
        status: 'analyzing',
        progress: PROGRESS.transcribed,
        segments: redacted.segments,
        transcriptText: redacted.text,
        durationSec: input.durationSec,
        ...(input.audio ?? {}),
      });
    }
    const created = await quota.insert(caller.organizationId, rows);
    for (const row of created) await deps.enqueue(analyzeJob, { recordingId: row.id });
    return created;
  }

  /** Saves an upload or URL import whose audio is already in storage, then starts the pipeline. */
  async function createFromStoredAudio(
    caller: AuthUser,
    input: {
      audio: StoredAudio;
      originalName: string;
      meta: UploadMeta;
      source: 'uploaded_file' | 'file_url';
      sourceUrl?: string;
      /** The place a URL import held while downloading: it becomes this recording. */
      reservationId?: number;
    },
  ): Promise<RecordingRow> {
    try {
      const contact = await resolveContact(caller, input.meta);
      const rows = await quota.insert(
        caller.organizationId,
        [
          {
            organizationId: caller.organizationId,
            userId: caller.id,
            locationId: contact.locationId,
            source: input.source,
            originalName: input.originalName.slice(0, 255) || 'recording',
            sourceUrl: input.sourceUrl ?? null,
            storageKey: input.audio.storageKey,
            contentType: input.audio.contentType,
            sizeBytes: input.audio.sizeBytes,
            numSpeakers: input.meta.num_speakers,
            phoneNumber: contact.phone,
            status: 'queued',
            progress: 5,
          },
        ],
        input.reservationId !== undefined ? { reservationId: input.reservationId } : {},
      );
      const row = rows[0];
      if (!row) throw new Error('recording insert returned nothing');
      await deps.enqueue(transcribeJob, { recordingId: row.id });
      log.info(
        { recordingId: row.id, source: input.source, bytes: input.audio.sizeBytes },
        'recording imported',
      );
      return row;
    } catch (err) {
      // Nothing half-done stays behind: the stored audio goes when the recording is refused.
      await storage.delete(input.audio.storageKey).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Sniffs the real type from the first bytes (415 unless audio), then streams into storage;
   * `onKey` learns where before the first byte is written.
   */
  async function storeAudio(
    caller: Pick<AuthUser, 'organizationId'>,
    input: Readable,
    opts: { onKey?: (storageKey: string) => Promise<void> } = {},
  ): Promise<StoredAudio> {
    try {
      const { type, stream } = await sniffAudioStream(input).catch((err: unknown) => {
        input.destroy();
        throw err;
      });
      const storageKey = storageKeyFor(caller.organizationId, type.ext);
      if (opts.onKey) {
        await opts.onKey(storageKey).catch((err: unknown) => {
          stream.destroy();
          throw err;
        });
      }
      const { size } = await storage.put(storageKey, stream, {
        contentType: type.mime,
        maxBytes: deps.maxUploadBytes,
      });
      return { storageKey, sizeBytes: size, contentType: type.mime, ext: type.ext };
    } catch (err) {
      throw toIngestError(err);
    }
  }

  return {
    resolveContact,
    assertQuota,
    storeAudio,
    createFromStoredAudio,
    async discardAudio(audio: StoredAudio) {
      await storage.delete(audio.storageKey).catch(() => undefined);
    },

    /**
     * URL import: validated and fetched SSRF-safely (public addresses only, size and time caps). A
     * place is held in the database before the download (the user's concurrent imports are their
     * live places: 429 past the limit) and becomes the recording at the end, checked again. When
     * `signal` aborts (the client hung up), the download stops, its partial file goes, the place is
     * given back and no recording is made: the import fails with the signal's reason.
     */
    async importFromUrl(
      caller: AuthUser,
      body: FileUrlRequest,
      opts: { signal?: AbortSignal } = {},
    ): Promise<RecordingRow> {
      const { signal } = opts;
      await resolveContact(caller, body);
      signal?.throwIfAborted();
      const reservationId = await quota.reserveUrlImport(caller);
      try {
        let download;
        try {
          download = await safeDownload(body.file_url, {
            maxBytes: deps.maxUploadBytes,
            timeoutMs: deps.urlImportTimeoutMs,
            ...deps.urlFetchOverrides,
            ...(signal ? { signal } : {}),
          });
        } catch (err) {
          throw toIngestError(err);
        }
        if (download.contentLength !== undefined) {
          // A file announced too big for the storage left is refused before it is read.
          await quota
            .claimBytes(caller.organizationId, reservationId, download.contentLength)
            .catch((err: unknown) => {
              download.stream.destroy();
              throw err;
            });
        }
        const audio = await storeAudio(caller, download.stream, {
          onKey: (key) => quota.setReservationKey(reservationId, key),
        });
        if (signal?.aborted) {
          // Downloaded, but nobody is waiting for it any more.
          await storage.delete(audio.storageKey).catch(() => undefined);
          signal.throwIfAborted();
        }
        return await createFromStoredAudio(caller, {
          audio,
          originalName: fileNameOf(download.finalUrl),
          meta: body,
          source: 'file_url',
          sourceUrl: body.file_url,
          reservationId,
        });
      } catch (err) {
        // A stopped download fails in whichever step read it (sniffing, storing): the cause is the abort.
        signal?.throwIfAborted();
        throw err;
      } finally {
        await quota.release(reservationId).catch((err: unknown) => {
          // It lapses by itself; the next import of the organization deletes it.
          log.warn({ err, reservationId }, 'could not give back the place of a URL import');
        });
      }
    },

    /**
     * Saves a recording whose transcript is already known (sample calls, a CRM's own transcript),
     * with its audio when there is one, and queues its analysis.
     */
    async createWithTranscript(caller: AuthUser, input: KnownTranscript): Promise<RecordingRow> {
      const [row] = await createManyWithTranscript(caller, [input]);
      if (!row) throw new Error('recording insert returned nothing');
      return row;
    },

    /** Several recordings with known transcripts, all within the quota or none (sample calls). */
    createManyWithTranscript,
  };
}
