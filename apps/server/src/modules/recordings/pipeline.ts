/**
 * Owns the recording pipeline as durable jobs: `transcribe` (fetch audio from storage, normalize
 * with ffmpeg, split stereo per channel, speech-to-text, save the transcript) then `analyze`.
 * Every step is idempotent: a job that runs twice, or after a crash, finishes the recording once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline as pump } from 'node:stream/promises';
import type { Segment } from '@call-insights/contracts/transcript';
import type { Logger } from 'pino';
import { normalizeAudio } from '../../adapters/audio/ffmpeg.js';
import type { StorageAdapter } from '../../adapters/storage/storage.js';
import { isTranscriptionError, type Transcriber } from '../../adapters/transcription/transcriber.js';
import { isDomainError, msg, storedMessageOf, type StoredMessage } from '../../errors.js';
import { storedMessageText } from '../../i18n/translate.js';
import { handleJob, type Enqueue, type JobDefinition } from '../../jobs/queue.js';
import { analyzeJob, transcribeJob, type RecordingJobPayload } from './recordings.jobs.js';
import { redactTranscript, type RedactionPolicy } from './redact-transcript.js';
import type { RecordingRow, RecordingsRepository } from './recordings.repository.js';
import type { Notify } from '../notifications/notifications.service.js';

export type AnalyzeStep = (input: {
  recordingId: number;
  organizationId: number;
  segments: Segment[];
  text: string;
  log: Logger;
}) => Promise<void>;

export type PipelineDeps = {
  repo: RecordingsRepository;
  storage: StorageAdapter;
  transcriber: Transcriber;
  analyze: AnalyzeStep;
  enqueue: Enqueue;
  retryLimit: number;
  redactionPolicy: RedactionPolicy;
  /** Called once a recording's analysis is saved, before it is marked done (the CRM write-back hook). */
  onAnalyzed?: (recordingId: number, organizationId: number) => Promise<void>;
  /** Tells the recording's owner (the bell) that their call was analysed or failed. */
  notify?: Notify;
};

/**
 * A failure reason as notification parameters: `reason` in English (what older readers show) plus
 * its message and values, which the notifications list puts in the reader's language
 * (`translateReason` in the notifications module).
 */
function reasonParams(reason: StoredMessage): Record<string, string | number> {
  const out: Record<string, string | number> = {
    reason: storedMessageText('en', reason, null) ?? '',
    reasonMessage: reason.message,
  };
  for (const [k, v] of Object.entries(reason.params ?? {})) out[`reason.${k}`] = v;
  return out;
}

const UNEXPECTED = msg('Processing failed unexpectedly. Press retry; if it keeps failing, contact support.');
const NOT_SET_UP = msg(
  'Speech-to-text is not set up correctly on this server, so this call could not be transcribed. An administrator can see what to change; then press Retry.',
);

/**
 * The stored reason of a failure. A speech-to-text setting that is wrong (key, model file, URL) is
 * for an administrator to fix: sales users read a plain sentence, and the setting to change is kept
 * as `setup`, which only admins are shown (a path or a setting name means nothing to a sales rep).
 */
function failureReason(err: unknown): StoredMessage {
  if (isTranscriptionError(err) && err.kind === 'CONFIG') {
    // The hint as its English message and values, so an admin reads it in their language.
    return { message: NOT_SET_UP, setup: err.message, ...(err.params ? { setupParams: err.params } : {}) };
  }
  return storedMessageOf(err, UNEXPECTED);
}

export const PROGRESS = { queued: 5, transcribing: 10, transcribed: 75, done: 100 } as const;

/** The worker's handlers of `transcribeJob` and `analyzeJob`. */
export function createPipelineJobs(deps: PipelineDeps): {
  transcribe: JobDefinition<typeof RecordingJobPayload>;
  analyze: JobDefinition<typeof RecordingJobPayload>;
} {
  const { repo, storage, transcriber } = deps;

  /** Decides whether a failure ends the recording (failed) or lets the queue try again. */
  async function tellOwner(
    rec: RecordingRow,
    outcome: { failed: StoredMessage } | 'analysed',
  ): Promise<void> {
    if (!deps.notify || rec.userId === null) return;
    await deps.notify({
      organizationId: rec.organizationId,
      recipients: [rec.userId],
      ...(outcome === 'analysed'
        ? { kind: 'call_analysed' as const, params: { name: rec.originalName } }
        : {
            kind: 'call_failed' as const,
            params: { name: rec.originalName, ...reasonParams(outcome.failed) },
          }),
      link: { type: 'recording', id: rec.id },
    });
  }

  async function failed(rec: RecordingRow, reason: StoredMessage): Promise<void> {
    const error = storedMessageText('en', reason, null) ?? '';
    await repo.setStatus(rec.id, { status: 'failed', error, errorDetail: reason, progress: 100 });
    await tellOwner(rec, { failed: reason });
  }

  async function onFailure(rec: RecordingRow, err: unknown, attempt: number, log: Logger): Promise<void> {
    const recordingId = rec.id;
    const final = attempt >= deps.retryLimit;
    // Every failure a user can act on is a DomainError (bad audio, missing tool, speech engine);
    // anything else is unexpected and worth a retry.
    const reason = failureReason(err);
    const retryable = isDomainError(err) ? err.retryable : true;
    log.warn({ err, recordingId, attempt, final, retryable }, 'pipeline step failed');
    if (retryable && !final) {
      const retrying = { ...reason, attempt: attempt + 1 };
      await repo.setStatus(recordingId, {
        error: storedMessageText('en', retrying, null),
        errorDetail: retrying,
      });
      throw err;
    }
    await failed(rec, reason);
  }

  const transcribe = handleJob(transcribeJob, async ({ recordingId }, { attempt, log }) => {
    const rec = await repo.findById(recordingId);
    if (!rec || rec.status === 'done' || rec.status === 'failed') return;
    if (rec.transcriptText !== null && rec.segments !== null) {
      // Transcript already saved by an earlier run: only the analysis is left.
      await repo.setStatus(recordingId, { status: 'analyzing', progress: PROGRESS.transcribed });
      await deps.enqueue(analyzeJob, { recordingId });
      return;
    }
    if (!rec.storageKey) {
      await failed(rec, { message: msg('This recording has no audio file.') });
      return;
    }
    const work = fs.mkdtempSync(path.join(os.tmpdir(), `rec-${recordingId}-`));
    try {
      await repo.setStatus(recordingId, { status: 'transcribing', progress: PROGRESS.transcribing });
      const input = path.join(work, 'input');
      await pump(await storage.getStream(rec.storageKey), fs.createWriteStream(input));
      const normalized = await normalizeAudio(input, work);
      const transcript = await transcriber.transcribe(
        {
          channels: normalized.channels,
          durationSec: normalized.durationSec,
          numSpeakers: rec.numSpeakers,
        },
        {
          onProgress: (pct) => {
            void repo
              .raiseProgress(recordingId, PROGRESS.transcribing + Math.round(pct * 0.6))
              .catch(() => undefined);
          },
        },
      );
      const speakers = new Set(transcript.segments.map((s) => s.speaker)).size;
      const redacted = await redactTranscript(deps.redactionPolicy, rec.organizationId, transcript);
      await repo.saveTranscript(recordingId, {
        segments: redacted.segments,
        text: redacted.text,
        durationSec: normalized.durationSec,
        ...(normalized.channels.length > 1
          ? { numSpeakers: Math.max(speakers, normalized.channels.length) }
          : {}),
      });
      await repo.setStatus(recordingId, {
        status: 'analyzing',
        progress: PROGRESS.transcribed,
        error: null,
        errorDetail: null,
      });
      await deps.enqueue(analyzeJob, { recordingId });
      log.info(
        { recordingId, segments: transcript.segments.length, durationSec: normalized.durationSec },
        'transcribed',
      );
    } catch (err) {
      await onFailure(rec, err, attempt, log);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  const analyze = handleJob(analyzeJob, async ({ recordingId }, { attempt, log }) => {
    const rec = await repo.findById(recordingId);
    if (!rec || rec.status === 'done' || rec.status === 'failed') return;
    if (rec.transcriptText === null || rec.segments === null) return;
    try {
      await deps.analyze({
        recordingId,
        organizationId: rec.organizationId,
        segments: rec.segments as Segment[],
        text: rec.transcriptText,
        log,
      });
      await deps.onAnalyzed?.(recordingId, rec.organizationId);
      await repo.setStatus(recordingId, {
        status: 'done',
        progress: PROGRESS.done,
        error: null,
        errorDetail: null,
      });
      log.info({ recordingId }, 'analysed');
      await tellOwner(rec, 'analysed');
    } catch (err) {
      await onFailure(rec, err, attempt, log);
    }
  });

  return { transcribe, analyze };
}
