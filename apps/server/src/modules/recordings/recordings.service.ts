/**
 * Owns the recording use cases: ingest (upload, URL; recordings.ingest.service.ts), list, search
 * and CSV export (recordings.list.service.ts), CRM calls (recordings.crm-import.service.ts), and
 * here progress, audio download, retry and the pipeline's requests. Tenancy: every read and write
 * is scoped to the caller's organization.
 */
import type { Readable } from 'node:stream';
import type { ProgressResponse } from '@call-insights/contracts/recordings';
import { AppError } from '../../errors.js';
import { storedMessageText, type Language } from '../../i18n/translate.js';
import { recordingOwnerScope } from '../../lib/ownership.js';
import type { UrlSigner } from '../../lib/signed-url.js';
import type { AuthUser, Caller } from '../../plugins/auth.js';
import { PROGRESS } from './pipeline.js';
import { analyzeJob, transcribeJob } from './recordings.jobs.js';
import { createCrmImport, type CrmImportDeps } from './recordings.crm-import.service.js';
import { createIngest, type IngestDeps } from './recordings.ingest.service.js';
import { createRecordingsList, type ListDeps } from './recordings.list.service.js';
import type { RecordingRow } from './recordings.repository.js';
import type { QuotaRepository } from './quota.repository.js';
import { createQuota, URL_IMPORT_LEASE_MARGIN_MS } from './quota.js';

export type { CrmCallInput, RecordingOwner } from './recordings.crm-import.service.js';
export type { KnownTranscript, StoredAudio } from './recordings.ingest.service.js';
export { storageKeyFor, toIngestError } from './recordings.ingest.service.js';

export type RecordingsServiceDeps = IngestDeps &
  ListDeps &
  CrmImportDeps & {
    quotaRepo: QuotaRepository;
    maxRecordingsPerOrg: number;
    /** Bytes of audio an organization may keep (uploads, URL imports, CRM calls, samples). */
    maxStorageBytesPerOrg: number;
    /** URL imports one user may have downloading at once. */
    maxConcurrentUrlImports: number;
    urlSigner: UrlSigner;
    /**
     * The member a session of this token version stands for, or undefined once it ended (removed,
     * role changed, password changed): a signed audio link stops working with the session it came from.
     */
    sessionOf: (userId: number, tokenVersion: number) => Promise<AuthUser | undefined>;
  };

const AUDIO_URL_TTL_SECONDS = 6 * 3600;
/** What an audio link signs: the call, and the member and session version it was made for. */
const audioPayload = (id: number, userId: number, tokenVersion: number) =>
  `audio:${id}:${userId}:${tokenVersion}`;

const notFound = (): never => {
  throw new AppError('NOT_FOUND', 'This recording was not found.');
};

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

  return {
    ...createIngest(deps, quota),
    ...createRecordingsList(deps),
    ...createCrmImport(deps, quota),

    async progress(caller: AuthUser, id: number, lang: Language = 'en'): Promise<ProgressResponse> {
      const row = await owned(caller, id);
      // A failed recording reports 100 so pollers stop; the status says how it ended.
      const progress = row.status === 'done' || row.status === 'failed' ? 100 : Math.min(99, row.progress);
      return { progress, status: row.status, error: storedMessageText(lang, row.errorDetail, row.error) };
    },

    async audio(caller: AuthUser, id: number) {
      return audioOf(await owned(caller, id));
    },

    /**
     * The audio through a signed URL (the <audio> element of the analysis page). The link names the
     * member it was made for and their session's version: it works while that session does and the
     * member may still see the call (their access is checked again), so a removed member's links die
     * with their session.
     */
    async audioBySignature(id: number, link: { exp: number; sig: string; u?: number; v?: number }) {
      const { exp, sig, u, v } = link;
      if (u === undefined || v === undefined || !deps.urlSigner.verify(audioPayload(id, u, v), exp, sig)) {
        // A link past its time says so; any other refusal (a changed signature or id) is no link of ours.
        throw new AppError(
          'FORBIDDEN',
          exp * 1000 <= Date.now()
            ? 'This audio link has expired. Reload the page to get a new one.'
            : 'This audio link is not valid. Reload the page to get a new one.',
        );
      }
      const member = await deps.sessionOf(u, v);
      if (!member)
        throw new AppError('FORBIDDEN', 'This audio link is not valid. Reload the page to get a new one.');
      return audioOf(await owned(member, id));
    },

    async audioUrl(caller: Caller, id: number) {
      const row = await owned(caller, id);
      if (!row.storageKey) throw new AppError('NOT_FOUND', 'This recording has no audio file.');
      const { exp, sig } = deps.urlSigner.sign(
        audioPayload(row.id, caller.id, caller.tokenVersion),
        AUDIO_URL_TTL_SECONDS,
      );
      return {
        url: `/api/recordings/${row.id}/audio?exp=${exp}&u=${caller.id}&v=${caller.tokenVersion}&sig=${sig}`,
        expiresAt: exp,
      };
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
  };
}

export type RecordingsService = ReturnType<typeof createRecordingsService>;
