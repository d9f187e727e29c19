/**
 * Recordings from the CRM (HighLevel): which calls a location already has, the room the quota
 * leaves a sync, saving a call (straight to analysis when the CRM has its transcript) and what the
 * write-back needs of a recording.
 */
import type { Segment } from '@call-insights/contracts/transcript';
import type { StorageAdapter } from '../../adapters/storage/storage.js';
import type { Enqueue } from '../../jobs/queue.js';
import { PROGRESS } from './pipeline.js';
import { analyzeJob, transcribeJob } from './recordings.jobs.js';
import type { StoredAudio } from './recordings.ingest.service.js';
import type { RecordingRow, RecordingsRepository } from './recordings.repository.js';
import type { QuotaService } from './quota.js';

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

export type CrmImportDeps = {
  repo: RecordingsRepository;
  storage: StorageAdapter;
  /** Enqueues the first pipeline step for a recording. */
  enqueue: Enqueue;
};

export function createCrmImport(deps: CrmImportDeps, quota: QuotaService) {
  const { repo, storage } = deps;
  return {
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
  };
}
