/**
 * Owns the recording use cases: ingest (upload, URL), list and search, progress, audio download,
 * CSV export, retry. Tenancy: every read and write is scoped to the caller's organization.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
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
import type { Logger } from 'pino';
import { sniffAudioStream, UnsupportedMediaTypeError } from '../../adapters/audio/sniff.js';
import { safeDownload, UrlRefusedError, type SafeDownloadOptions } from '../../adapters/net/safe-fetch.js';
import { PayloadTooLargeError, type StorageAdapter } from '../../adapters/storage/storage.js';
import { AppError } from '../../errors.js';
import { csvLine } from '../../lib/csv.js';
import type { UrlSigner } from '../../lib/signed-url.js';
import type { AuthUser } from '../../plugins/auth.js';
import { toExportValues, toListItem } from './recordings.mapper.js';
import type { RecordingRow, RecordingsRepository } from './recordings.repository.js';

export type StoredAudio = { storageKey: string; sizeBytes: number; contentType: string; ext: string };

export type RecordingsServiceDeps = {
  repo: RecordingsRepository;
  storage: StorageAdapter;
  /** Enqueues the first pipeline step for a recording. */
  enqueueTranscribe: (recordingId: number) => Promise<void>;
  enqueueAnalyze: (recordingId: number) => Promise<void>;
  maxRecordingsPerOrg: number;
  maxUploadBytes: number;
  urlSigner: UrlSigner;
  urlImportTimeoutMs: number;
  /** Tests only: lets URL imports reach the local test server. */
  urlFetchOverrides?: Pick<SafeDownloadOptions, 'addressPolicy' | 'lookup'>;
  log: Logger;
};

/** Ingest failures of the adapters, as errors the user can act on. */
export function toIngestError(err: unknown): unknown {
  if (err instanceof UnsupportedMediaTypeError)
    return new AppError('UNSUPPORTED_MEDIA_TYPE', err.userMessage);
  if (err instanceof PayloadTooLargeError) return new AppError('PAYLOAD_TOO_LARGE', err.userMessage);
  if (err instanceof UrlRefusedError) {
    if (err.code === 'TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', err.userMessage);
    if (err.code === 'INVALID_URL' || err.code === 'SCHEME' || err.code === 'PRIVATE_ADDRESS') {
      return new AppError('VALIDATION_FAILED', err.userMessage, [
        { path: 'file_url', message: err.userMessage },
      ]);
    }
    return new AppError('UNPROCESSABLE', err.userMessage);
  }
  return err;
}

const EXPORT_BATCH = 500;
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

export function createRecordingsService(deps: RecordingsServiceDeps) {
  const { repo, storage, log } = deps;

  async function owned(caller: AuthUser, id: number): Promise<RecordingRow> {
    const row = await repo.findForOrg(caller.organizationId, id);
    if (!row) throw new AppError('NOT_FOUND', 'This recording was not found.');
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
      throw new AppError('VALIDATION_FAILED', PHONE_WITHOUT_ACCOUNT, [
        { path: 'location_id', message: PHONE_WITHOUT_ACCOUNT },
      ]);
    }
    if (hasLocation && !hasPhone) {
      throw new AppError('VALIDATION_FAILED', ACCOUNT_WITHOUT_PHONE, [
        { path: 'phone_number', message: ACCOUNT_WITHOUT_PHONE },
      ]);
    }
    if (!hasPhone || meta.location_id === undefined) return { phone: null, locationId: null };
    const parsed = parsePhoneNumberFromString(meta.phone_number ?? '', meta.phone_country);
    if (!parsed || !parsed.isValid()) {
      const message = 'This phone number is not valid for the selected country.';
      throw new AppError('VALIDATION_FAILED', message, [{ path: 'phone_number', message }]);
    }
    const location = await repo.activeLocation(caller.organizationId, meta.location_id);
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

  async function assertQuota(caller: AuthUser) {
    if ((await repo.countForOrg(caller.organizationId)) >= deps.maxRecordingsPerOrg) {
      throw new AppError('CONFLICT', 'You have exceeded the maximum number of saved recordings.');
    }
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
    },
  ): Promise<RecordingRow> {
    try {
      const contact = await resolveContact(caller, input.meta);
      await assertQuota(caller);
      const row = await repo.insert({
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
      });
      await deps.enqueueTranscribe(row.id);
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

  /** Sniffs the real type from the first bytes (415 unless audio), then streams into storage. */
  async function storeAudio(caller: AuthUser, input: Readable): Promise<StoredAudio> {
    try {
      const { type, stream } = await sniffAudioStream(input).catch((err: unknown) => {
        input.destroy();
        throw err;
      });
      const storageKey = storageKeyFor(caller.organizationId, type.ext);
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

    /** URL import: validated and fetched SSRF-safely (public addresses only, size and time caps). */
    async importFromUrl(caller: AuthUser, body: FileUrlRequest): Promise<RecordingRow> {
      await resolveContact(caller, body);
      await assertQuota(caller);
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
      const audio = await storeAudio(caller, download.stream);
      const name = fileNameOf(download.finalUrl);
      return createFromStoredAudio(caller, {
        audio,
        originalName: name,
        meta: body,
        source: 'file_url',
        sourceUrl: body.file_url,
      });
    },

    async list(caller: AuthUser, query: RecordingListQuery): Promise<RecordingListResponse> {
      const { rows, total, capped } = await repo.list(caller.organizationId, {
        q: query.q || undefined,
        page: query.page,
        pageSize: RECORDINGS_PAGE_SIZE,
        ascending: query.sort === 'createdAt:asc',
      });
      return {
        items: rows.map(toListItem),
        total,
        totalCapped: capped,
        page: query.page,
        pageSize: RECORDINGS_PAGE_SIZE,
        pageCount: Math.max(1, Math.ceil(total / RECORDINGS_PAGE_SIZE)),
      };
    },

    async progress(caller: AuthUser, id: number): Promise<ProgressResponse> {
      const row = await owned(caller, id);
      // A failed recording reports 100 so pollers stop; the status says how it ended.
      const progress = row.status === 'done' || row.status === 'failed' ? 100 : Math.min(99, row.progress);
      return { progress, status: row.status, error: row.error };
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

    /** CSV lines, header first, fetched in keyset batches so memory stays flat for any row count. */
    async *exportCsv(caller: AuthUser, q: string | undefined): AsyncGenerator<string> {
      yield '\uFEFF' + csvLine(EXPORT_COLUMNS.map(([label]) => label));
      let after: { createdAt: Date; id: number } | undefined;
      for (;;) {
        const batch = await repo.exportBatch(caller.organizationId, {
          q: q || undefined,
          after,
          limit: EXPORT_BATCH,
        });
        if (batch.length === 0) return;
        yield batch.map((r) => csvLine(toExportValues(r))).join('');
        const last = batch[batch.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
        if (batch.length < EXPORT_BATCH) return;
      }
    },

    async retry(caller: AuthUser, id: number) {
      const row = await owned(caller, id);
      if (row.status !== 'failed') throw new AppError('CONFLICT', 'Only a failed recording can be retried.');
      const hasTranscript = row.transcriptText !== null && row.segments !== null;
      await repo.setStatus(row.id, {
        status: hasTranscript ? 'analyzing' : 'queued',
        progress: hasTranscript ? 75 : 5,
        error: null,
      });
      if (hasTranscript) await deps.enqueueAnalyze(row.id);
      else await deps.enqueueTranscribe(row.id);
      return { id: row.id, status: hasTranscript ? ('analyzing' as const) : ('queued' as const) };
    },

    /** Re-enqueues every unfinished recording (embedded mode start-up; handlers are idempotent). */
    async resumeUnfinished(): Promise<number> {
      const rows = await repo.unfinished();
      for (const row of rows) {
        if (row.status === 'analyzing') await deps.enqueueAnalyze(row.id);
        else await deps.enqueueTranscribe(row.id);
      }
      if (rows.length > 0) log.info({ count: rows.length }, 'resumed unfinished recordings');
      return rows.length;
    },

    async activeLocations(caller: AuthUser) {
      return { locations: await repo.activeLocations(caller.organizationId) };
    },
  };
}

export type RecordingsService = ReturnType<typeof createRecordingsService>;
