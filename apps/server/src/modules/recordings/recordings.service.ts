/**
 * Owns the recording use cases: ingest (upload, URL), list and search, progress, audio download,
 * CSV export, retry. Tenancy: every read and write is scoped to the caller's organization.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  ACCOUNT_WITHOUT_PHONE,
  EXPORT_COLUMNS,
  PHONE_WITHOUT_ACCOUNT,
  RECORDINGS_PAGE_SIZE,
  type FileUrlRequest,
  type ProgressResponse,
  type RecordingListQuery,
  type RecordingListResponse,
  type UploadMeta,
} from '@call-insights/contracts/recordings';
import type { Segment } from '@call-insights/contracts/transcript';
import type { Logger } from 'pino';
import { sniffAudioStream } from '../../adapters/audio/sniff.js';
import { safeDownload, UrlRefusedError, type SafeDownloadOptions } from '../../adapters/net/safe-fetch.js';
import type { StorageAdapter } from '../../adapters/storage/storage.js';
import { AppError } from '../../errors.js';
import { storedMessageText, type Language } from '../../i18n/translate.js';
import { recordingOwnerScope } from '../../lib/ownership.js';
import { csvLine } from '../../lib/csv.js';
import type { UrlSigner } from '../../lib/signed-url.js';
import type { Enqueue } from '../../jobs/queue.js';
import type { AuthUser } from '../../plugins/auth.js';
import { PROGRESS } from './pipeline.js';
import { analyzeJob, transcribeJob } from './recordings.jobs.js';
import type { AuditSink } from '../audit/audit-sink.js';
import { redactTranscript, type RedactionPolicy } from './redact-transcript.js';
import { toListItem } from './recordings.mapper.js';
import { decodeCursor, encodeCursor, type ListKey } from './list-cursor.js';
import type {
  ExportScope,
  ListPosition,
  NewRecording,
  RecordingRow,
  RecordingsRepository,
} from './recordings.repository.js';
import type { QuotaRepository } from './quota.repository.js';
import { createQuota, URL_IMPORT_LEASE_MARGIN_MS } from './quota.js';

/** Who a recording belongs to: an organization, and the user who brought it in (none for live CRM sync). */
export type RecordingOwner = { organizationId: number; id: number | null };

/** A call from the CRM (HighLevel), its audio already in storage. */
export type CrmCallInput = {
  locationId: number;
  crmMessageId: string;
  crmContactId: string | null;
  contact: {
    firstName: string | null;
    lastName: string | null;
    name: string | null;
    email: string | null;
    phone: string | null;
  };
  createdAt: Date;
  durationSec: number | null;
  originalName: string;
  audio: StoredAudio;
  /** The CRM's own transcript: when given, transcription is skipped and analysis queued. */
  segments?: Segment[];
};

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

export type RecordingsServiceDeps = {
  repo: RecordingsRepository;
  quotaRepo: QuotaRepository;
  storage: StorageAdapter;
  /** Enqueues the first pipeline step for a recording. */
  enqueue: Enqueue;
  redactionPolicy: RedactionPolicy;
  audit: AuditSink;
  maxRecordingsPerOrg: number;
  /** Bytes of audio an organization may keep (uploads, URL imports, CRM calls, samples). */
  maxStorageBytesPerOrg: number;
  /** URL imports one user may have downloading at once. */
  maxConcurrentUrlImports: number;
  maxUploadBytes: number;
  urlSigner: UrlSigner;
  urlImportTimeoutMs: number;
  /** Tests only: lets URL imports reach the local test server. */
  urlFetchOverrides?: Pick<SafeDownloadOptions, 'addressPolicy' | 'lookup'>;
  /** Whether a tracker is the organization's (the list's tracker filter; the trackers service). */
  trackerInOrganization?: (organizationId: number, trackerId: number) => Promise<boolean>;
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

const EXPORT_BATCH = 2_000;
const AUDIO_URL_TTL_SECONDS = 6 * 3600;

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

const notFound = (): never => {
  throw new AppError('NOT_FOUND', 'This recording was not found.');
};

/** The export on PGlite: header, then keyset batches of CSV lines, the next read while one is sent. */
async function* keysetBatches(
  repo: RecordingsRepository,
  header: string,
  organizationId: number,
  scope: ExportScope,
): AsyncGenerator<string> {
  yield header;
  const fetchAfter = (after: ListKey | undefined) =>
    repo.exportLines(organizationId, { ...scope, after, limit: EXPORT_BATCH });
  let batch = await fetchAfter(undefined);
  for (;;) {
    // The next batch is read while this one is written out: the database and the socket work
    // at the same time, and at most two batches are held.
    const next = batch.count === EXPORT_BATCH && batch.last ? fetchAfter(batch.last) : undefined;
    // A client that leaves mid-export stops the generator here; the read in flight then ends unheard.
    next?.catch(() => undefined);
    if (batch.count > 0) yield batch.lines;
    if (!next) return;
    batch = await next;
  }
}

export function createRecordingsService(deps: RecordingsServiceDeps) {
  const { repo, storage, log } = deps;

  async function owned(caller: AuthUser, id: number): Promise<RecordingRow> {
    const row = await repo.findForOrg(caller.organizationId, id);
    // A colleague's recording is as absent for a `user` as another organization's.
    const owner = recordingOwnerScope(caller);
    if (row && owner !== undefined && row.userId !== owner) return notFound();
    if (!row) return notFound();
    return row;
  }

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

  async function audioOf(row: RecordingRow) {
    if (!row.storageKey) throw new AppError('NOT_FOUND', 'This recording has no audio file.');
    const key = row.storageKey;
    const stat = await storage.stat(key);
    if (!stat) throw new AppError('NOT_FOUND', 'The audio file of this recording is missing.');
    return {
      size: stat.size,
      contentType: row.contentType ?? 'application/octet-stream',
      fileName: row.originalName,
      open: (range?: { start: number; end: number }): Promise<Readable> => storage.getStream(key, range),
    };
  }

  const quota = createQuota({
    repo: deps.quotaRepo,
    storage,
    limits: {
      recordings: deps.maxRecordingsPerOrg,
      bytes: deps.maxStorageBytesPerOrg,
      urlImportsPerUser: deps.maxConcurrentUrlImports,
      urlImportLeaseMs: deps.urlImportTimeoutMs + URL_IMPORT_LEASE_MARGIN_MS,
    },
    log,
  });

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
     * live places: 429 past the limit) and becomes the recording at the end, checked again.
     */
    async importFromUrl(caller: AuthUser, body: FileUrlRequest): Promise<RecordingRow> {
      await resolveContact(caller, body);
      const reservationId = await quota.reserveUrlImport(caller);
      try {
        let download;
        try {
          download = await safeDownload(body.file_url, {
            maxBytes: deps.maxUploadBytes,
            timeoutMs: deps.urlImportTimeoutMs,
            ...deps.urlFetchOverrides,
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
        return await createFromStoredAudio(caller, {
          audio,
          originalName: fileNameOf(download.finalUrl),
          meta: body,
          source: 'file_url',
          sourceUrl: body.file_url,
          reservationId,
        });
      } finally {
        await quota.release(reservationId).catch((err: unknown) => {
          // It lapses by itself; the next import of the organization deletes it.
          log.warn({ err, reservationId }, 'could not give back the place of a URL import');
        });
      }
    },

    /** One page of the list: by cursor (any depth, the cost of page 1) or by page number. */
    async list(
      caller: AuthUser,
      query: RecordingListQuery,
      lang: Language = 'en',
    ): Promise<RecordingListResponse> {
      let position: ListPosition = { kind: 'page', page: query.page };
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor);
        if (!cursor) {
          const message = 'This list position is not valid any more. Go back to the first page.';
          throw new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'cursor', message }] });
        }
        position = {
          kind: cursor.direction === 'next' ? 'after' : 'before',
          key: cursor.key,
          page: cursor.page,
        };
      }
      if (
        query.tracker_id !== undefined &&
        deps.trackerInOrganization &&
        !(await deps.trackerInOrganization(caller.organizationId, query.tracker_id))
      ) {
        throw new AppError('NOT_FOUND', 'This tracker was not found.');
      }
      const result = await repo.list(caller.organizationId, {
        userId: recordingOwnerScope(caller),
        trackerId: query.tracker_id,
        q: query.q || undefined,
        position,
        pageSize: RECORDINGS_PAGE_SIZE,
        ascending: query.sort === 'createdAt:asc',
      });
      const first = result.rows[0];
      const last = result.rows[result.rows.length - 1];
      return {
        items: result.rows.map((r) => toListItem(r, lang)),
        total: result.total,
        totalCapped: result.capped,
        page: result.page,
        pageSize: RECORDINGS_PAGE_SIZE,
        pageCount: Math.max(1, Math.ceil(result.total / RECORDINGS_PAGE_SIZE)),
        next_cursor:
          result.hasNext && last
            ? encodeCursor({
                key: { at: last.cursorAt, id: last.id },
                direction: 'next',
                page: result.page + 1,
              })
            : null,
        prev_cursor:
          result.hasPrev && first
            ? encodeCursor({
                key: { at: first.cursorAt, id: first.id },
                direction: 'prev',
                page: Math.max(1, result.page - 1),
              })
            : null,
      };
    },

    async progress(caller: AuthUser, id: number, lang: Language = 'en'): Promise<ProgressResponse> {
      const row = await owned(caller, id);
      // A failed recording reports 100 so pollers stop; the status says how it ended.
      const progress = row.status === 'done' || row.status === 'failed' ? 100 : Math.min(99, row.progress);
      return { progress, status: row.status, error: storedMessageText(lang, row.errorDetail, row.error) };
    },

    async audio(caller: AuthUser, id: number) {
      return audioOf(await owned(caller, id));
    },

    /** The audio through a signed URL (the <audio> element of the analysis page). */
    async audioBySignature(id: number, exp: number, sig: string) {
      if (!deps.urlSigner.verify(`audio:${id}`, exp, sig)) {
        throw new AppError('FORBIDDEN', 'This audio link has expired. Reload the page to get a new one.');
      }
      const row = await repo.findById(id);
      if (!row) throw new AppError('NOT_FOUND', 'This recording was not found.');
      return audioOf(row);
    },

    async audioUrl(caller: AuthUser, id: number) {
      const row = await owned(caller, id);
      if (!row.storageKey) throw new AppError('NOT_FOUND', 'This recording has no audio file.');
      const { exp, sig } = deps.urlSigner.sign(`audio:${row.id}`, AUDIO_URL_TTL_SECONDS);
      return { url: `/api/recordings/${row.id}/audio?exp=${exp}&sig=${sig}`, expiresAt: exp };
    },

    /**
     * The export as CSV bytes, BOM and header first; memory stays flat for any row count. On PostgreSQL
     * one `COPY … TO STDOUT` streamed as it comes (values made ready in SQL, row ends made CRLF as
     * each row is copied out); on PGlite keyset batches of values PostgreSQL formats as text, csvLine quoting them. Same
     * bytes either way. A client that leaves mid-export stops it (the COPY's connection is closed).
     */
    async exportCsv(caller: AuthUser, q: string | undefined): Promise<Readable> {
      await deps.audit.record({
        organizationId: caller.organizationId,
        actorUserId: caller.id,
        action: 'export',
        target: 'recordings',
        ...(q ? { details: { search: q } } : {}),
      });
      const header = '\uFEFF' + csvLine(EXPORT_COLUMNS.map(([label]) => label));
      const scope = { userId: recordingOwnerScope(caller), q: q || undefined };
      // A destroyed reply destroys the COPY stream, which closes its connection.
      const copied = await repo.exportCopy(caller.organizationId, scope, header);
      if (copied) return copied;
      // Byte mode with room for about one batch: the next batch is fetched while this one is sent,
      // and no more (object mode would queue 16 batches).
      return Readable.from(keysetBatches(repo, header, caller.organizationId, scope), {
        objectMode: false,
        highWaterMark: 2 * 1024 * 1024,
      });
    },

    async retry(caller: AuthUser, id: number) {
      const row = await owned(caller, id);
      if (row.status !== 'failed') throw new AppError('CONFLICT', 'Only a failed recording can be retried.');
      const hasTranscript = row.transcriptText !== null && row.segments !== null;
      await repo.setStatus(row.id, {
        status: hasTranscript ? 'analyzing' : 'queued',
        progress: hasTranscript ? 75 : 5,
        error: null,
        errorDetail: null,
      });
      if (hasTranscript) await deps.enqueue(analyzeJob, { recordingId: row.id });
      else await deps.enqueue(transcribeJob, { recordingId: row.id });
      return { id: row.id, status: hasTranscript ? ('analyzing' as const) : ('queued' as const) };
    },

    /** Re-enqueues every unfinished recording (embedded mode start-up; handlers are idempotent). */
    async resumeUnfinished(): Promise<number> {
      const rows = await repo.unfinished();
      for (const row of rows) {
        if (row.status === 'analyzing') await deps.enqueue(analyzeJob, { recordingId: row.id });
        else await deps.enqueue(transcribeJob, { recordingId: row.id });
      }
      if (rows.length > 0) log.info({ count: rows.length }, 'resumed unfinished recordings');
      return rows.length;
    },

    /** What the organization has left (an unlocked read: the CRM sync plans with it). */
    async quotaRoom(organizationId: number): Promise<{ recordings: number; full: boolean }> {
      return quota.room(organizationId);
    },

    /** Which of these CRM message ids a location already has, with when each was added. */
    async crmImported(locationId: number, messageIds: string[]): Promise<Map<string, Date>> {
      return repo.crmImported(locationId, messageIds);
    },

    /**
     * Saves a CRM call whose audio is stored: with the CRM's transcript it goes straight to analysis
     * (like createWithTranscript), otherwise to transcription. A call the location already has is not
     * saved twice (unique location + message id): the stored audio is dropped and `created` is false.
     */
    async importCrmCall(
      owner: RecordingOwner,
      input: CrmCallInput,
    ): Promise<{ created: boolean; id: number | null; quotaReached?: true }> {
      const segments = input.segments;
      const hasTranscript = segments !== undefined && segments.length > 0;
      let row: RecordingRow | undefined;
      try {
        const outcome = await quota.tryInsert(
          owner.organizationId,
          [
            {
              organizationId: owner.organizationId,
              userId: owner.id,
              locationId: input.locationId,
              source: 'crm',
              originalName: input.originalName.slice(0, 255) || 'call',
              storageKey: input.audio.storageKey,
              contentType: input.audio.contentType,
              sizeBytes: input.audio.sizeBytes,
              numSpeakers: hasTranscript ? Math.max(1, new Set(segments.map((x) => x.speaker)).size) : 2,
              phoneNumber: input.contact.phone,
              crmContactId: input.crmContactId,
              crmMessageId: input.crmMessageId,
              crmFirstName: input.contact.firstName,
              crmLastName: input.contact.lastName,
              crmContactName: input.contact.name,
              crmEmail: input.contact.email,
              durationSec: input.durationSec,
              createdAt: input.createdAt,
              ...(hasTranscript
                ? {
                    status: 'analyzing' as const,
                    progress: PROGRESS.transcribed,
                    segments,
                    transcriptText: segments.map((x) => x.text).join(' '),
                  }
                : { status: 'queued' as const, progress: 5 }),
            },
          ],
          { crm: true },
        );
        if ('refused' in outcome) {
          await storage.delete(input.audio.storageKey).catch(() => undefined);
          return { created: false, id: null, quotaReached: true };
        }
        row = outcome.rows[0];
      } catch (err) {
        await storage.delete(input.audio.storageKey).catch(() => undefined);
        throw err;
      }
      if (!row) {
        await storage.delete(input.audio.storageKey).catch(() => undefined);
        return { created: false, id: null };
      }
      if (hasTranscript) await deps.enqueue(analyzeJob, { recordingId: row.id });
      else await deps.enqueue(transcribeJob, { recordingId: row.id });
      return { created: true, id: row.id };
    },

    /** What the CRM write-back needs of a recording (its organization, account and contact). */
    async crmContext(recordingId: number) {
      const row = await repo.findById(recordingId);
      if (!row) return undefined;
      return {
        id: row.id,
        organizationId: row.organizationId,
        locationId: row.locationId,
        source: row.source,
        status: row.status,
        crmContactId: row.crmContactId,
        crmMessageId: row.crmMessageId,
      };
    },

    /** Keeps the coaching feedback of a recording (the analysis module's coaching use case). */
    async saveCoaching(recordingId: number, coaching: string): Promise<void> {
      await repo.saveCoaching(recordingId, coaching);
    },

    /** Queues a fresh analysis of a transcribed recording. */
    async requestAnalysis(recordingId: number): Promise<void> {
      await repo.setStatus(recordingId, {
        status: 'analyzing',
        progress: PROGRESS.transcribed,
        error: null,
        errorDetail: null,
      });
      await deps.enqueue(analyzeJob, { recordingId });
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

export type RecordingsService = ReturnType<typeof createRecordingsService>;
