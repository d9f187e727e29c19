/**
 * Owns the call analysis screen's use cases: the call record, coaching on demand, re-analysis,
 * and public share links (create, list, revoke, open). The public view never carries ids, tokens,
 * storage keys or anything but what the share page shows.
 */
import { storedMessageText, storedSetupText, type Language } from '../../i18n/translate.js';
import { Analysis, ConversationMetrics, type CoachCatalogue } from '@call-insights/contracts/analysis';
import {
  ShareToken,
  type ShareExpiryDays,
  type AnalysisRecord,
  type LinkGeneratorResponse,
  type SharedAnalysis,
} from '@call-insights/contracts/analysis-record';
import { Segment } from '@call-insights/contracts/transcript';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError, fillPlaceholders, msg } from '../../errors.js';
import { CoachingSelectionError } from '../coaching/engine/catalogue.js';
import { randomToken, sha256, type Sealer } from '../../lib/crypto.js';
import { recordingOwnerScope } from '../../lib/ownership.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditSink } from '../audit/audit-sink.js';
import type { RecordingsService } from '../recordings/recordings.service.js';
import type { AnalysisRepository, CallRecordRow } from './analysis.repository.js';

export type CoachFn = (input: {
  segments: z.infer<typeof Segment>[];
  text: string;
  metrics: ConversationMetrics | null;
  coachName: string;
  method: string;
}) => Promise<string>;

export type AnalysisServiceDeps = {
  repo: AnalysisRepository;
  recordings: Pick<RecordingsService, 'saveCoaching' | 'requestAnalysis'>;
  audit: AuditSink;
  sealer: Sealer;
  publicUrl: string;
  catalogue: CoachCatalogue;
  coach: CoachFn;
  log: Logger;
};

const Segments = z.array(Segment);

function shared(row: CallRecordRow): SharedAnalysis {
  const analysis = Analysis.safeParse(row.analysis);
  const metrics = ConversationMetrics.safeParse(row.metrics);
  const segments = Segments.safeParse(row.segments);
  return {
    crm_contactName: row.crmContactName,
    crm_firstName: row.crmFirstName,
    crm_lastName: row.crmLastName,
    phone_number: row.phoneNumber,
    crm_email: row.crmEmail,
    location: row.locationName === null ? null : { name: row.locationName },
    createdAt: row.createdAt.toISOString(),
    duration: row.durationSec,
    num_speakers: row.numSpeakers,
    file: { originalname: row.originalName },
    transcription: row.transcriptText,
    segments: segments.success ? segments.data : [],
    coaching: row.coaching,
    analysis: analysis.success ? analysis.data : null,
    metrics: metrics.success ? metrics.data : null,
  };
}

export function createAnalysisService(deps: AnalysisServiceDeps) {
  const { repo, sealer } = deps;
  const linkFor = (token: string) => `${deps.publicUrl.replace(/\/$/, '')}/share/${token}`;

  async function owned(caller: AuthUser, id: number): Promise<CallRecordRow> {
    const row = await repo.findRecord(caller.organizationId, id);
    // A colleague's recording is as absent for a `user` as another organization's.
    const owner = recordingOwnerScope(caller);
    if (!row || (owner !== undefined && row.userId !== owner))
      throw new AppError('NOT_FOUND', 'This recording was not found.');
    return row;
  }

  return {
    /** The analysis of a recording, or null (the CRM write-back reads it; no caller involved). */
    async analysisFor(organizationId: number, id: number) {
      const row = await repo.findRecord(organizationId, id);
      return row ? shared(row).analysis : null;
    },

    async getRecord(caller: AuthUser, id: number, lang: Language = 'en'): Promise<AnalysisRecord> {
      const row = await owned(caller, id);
      return {
        ...shared(row),
        id: row.id,
        status: row.status,
        error: storedMessageText(lang, row.errorDetail, row.error),
        error_setup: storedSetupText(lang, caller.role, row.errorDetail),
        hasAudio: row.storageKey !== null,
      };
    },

    async coaching(
      caller: AuthUser,
      input: { id: number; coach_name: string; method: string },
    ): Promise<{ coaching: string }> {
      const row = await owned(caller, input.id);
      const segments = Segments.safeParse(row.segments);
      if (row.transcriptText === null || !segments.success) {
        throw new AppError(
          'CONFLICT',
          'This call has no transcript yet; coaching is available once it is transcribed.',
        );
      }
      // The stored transcript is the truth; the client's copy is not trusted.
      const metrics = ConversationMetrics.safeParse(row.metrics);
      let coaching: string;
      // Written in the call's language (detected from the transcript), as the summary is, whatever the reader's language.
      try {
        coaching = await deps.coach({
          segments: segments.data,
          text: row.transcriptText,
          metrics: metrics.success ? metrics.data : null,
          coachName: input.coach_name,
          method: input.method,
        });
      } catch (err) {
        if (err instanceof CoachingSelectionError) {
          const options =
            err.field === 'coach_name'
              ? deps.catalogue.coaches.map((c) => c.name)
              : deps.catalogue.methods.map((m) => m.name);
          const params = { coach: input.coach_name, method: input.method, options: options.join(', ') };
          const message =
            err.field === 'coach_name'
              ? msg('Unknown coach "{coach}". Choose one of: {options}.')
              : msg('{coach} does not coach the method "{method}". Choose one of: {options}.');
          throw new AppError('VALIDATION_FAILED', message, {
            params,
            fields: [{ path: err.field, message: fillPlaceholders(message, params) }],
          });
        }
        throw err;
      }
      await deps.recordings.saveCoaching(row.id, coaching);
      return { coaching };
    },

    async reanalyze(caller: AuthUser, id: number) {
      const row = await owned(caller, id);
      if (row.transcriptText === null) {
        throw new AppError('CONFLICT', 'This call has no transcript yet; it is analysed once transcribed.');
      }
      if (row.status === 'analyzing') return { id: row.id, status: 'analyzing' as const };
      await deps.recordings.requestAnalysis(row.id);
      return { id: row.id, status: 'analyzing' as const };
    },

    /**
     * The recording's active link, or a new one: sharing twice gives the same link. `expiresInDays`
     * (7, 30, 90, or null for never) sets when it stops working, counted from now; omitted, a
     * current link keeps its expiry and a new one never expires.
     */
    async createLink(
      caller: AuthUser,
      id: number,
      expiresInDays?: ShareExpiryDays,
    ): Promise<LinkGeneratorResponse> {
      const row = await owned(caller, id);
      const expiresAt =
        expiresInDays === undefined || expiresInDays === null
          ? null
          : new Date(Date.now() + expiresInDays * 86_400_000);
      const [existing] = await repo.activeLinks(caller.organizationId, row.id);
      if (existing) {
        const token = sealer.open(existing.tokenSealed);
        let current = existing.expiresAt;
        if (expiresInDays !== undefined) {
          await repo.setLinkExpiry(caller.organizationId, existing.id, expiresAt);
          current = expiresAt;
        }
        return { link: linkFor(token), token, expiresAt: current?.toISOString() ?? null };
      }
      const token = randomToken(16);
      await repo.insertLink({
        organizationId: caller.organizationId,
        recordingId: row.id,
        tokenHash: sha256(token),
        tokenSealed: sealer.seal(token),
        createdBy: caller.id,
        expiresAt,
      });
      deps.log.info({ recordingId: row.id }, 'share link created');
      await deps.audit.record({
        organizationId: caller.organizationId,
        actorUserId: caller.id,
        action: 'share_link_created',
        target: `recording:${row.id}`,
        ...(expiresAt ? { details: { expiresAt: expiresAt.toISOString() } } : {}),
      });
      return { link: linkFor(token), token, expiresAt: expiresAt?.toISOString() ?? null };
    },

    async listLinks(caller: AuthUser, id: number) {
      const row = await owned(caller, id);
      const links = await repo.activeLinks(caller.organizationId, row.id);
      return {
        links: links.map((l) => {
          const token = sealer.open(l.tokenSealed);
          return {
            link: linkFor(token),
            token,
            createdAt: l.createdAt.toISOString(),
            expiresAt: l.expiresAt?.toISOString() ?? null,
          };
        }),
      };
    },

    async revokeLink(caller: AuthUser, token: string): Promise<void> {
      if (!(await repo.revokeLink(caller.organizationId, sha256(token), recordingOwnerScope(caller)))) {
        throw new AppError('NOT_FOUND', 'This share link was not found or is already revoked.');
      }
      await deps.audit.record({
        organizationId: caller.organizationId,
        actorUserId: caller.id,
        action: 'share_link_revoked',
      });
    },

    async openShared(token: string): Promise<SharedAnalysis> {
      const row = ShareToken.safeParse(token).success
        ? await repo.findRecordByShareHash(sha256(token))
        : undefined;
      if (!row)
        throw new AppError(
          'NOT_FOUND',
          'This shared analysis does not exist, or its link was revoked or has expired.',
        );
      return shared(row);
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
