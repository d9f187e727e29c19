/**
 * Owns the recording pipeline as durable jobs: `transcribe` (fetch audio from storage, normalize
 * with ffmpeg, split stereo per channel, speech-to-text, save the transcript) then `analyze`.
 * Every step is idempotent: a job that runs twice, or after a crash, finishes the recording once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline as pump } from 'node:stream/promises';
import { z } from 'zod';
import type { Segment } from '@call-insights/contracts/transcript';
import type { Logger } from 'pino';
import { AudioDecodeError, AudioToolError, normalizeAudio } from '../../adapters/audio/ffmpeg.js';
import type { StorageAdapter } from '../../adapters/storage/storage.js';
import { isTranscriptionError, type Transcriber } from '../../adapters/transcription/transcriber.js';
import type { JobDefinition } from '../../jobs/queue.js';
import type { RecordingsRepository } from './recordings.repository.js';

export const RecordingJobPayload = z.object({
  recordingId: z.number().int().positive(),
  reqId: z.string().optional(),
});
export type RecordingJobPayload = z.infer<typeof RecordingJobPayload>;

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
  enqueueAnalyze: (recordingId: number) => Promise<void>;
  retryLimit: number;
};

const UNEXPECTED = 'Processing failed unexpectedly. Press retry; if it keeps failing, contact support.';

export const PROGRESS = { queued: 5, transcribing: 10, transcribed: 75, done: 100 } as const;

export function createPipelineJobs(deps: PipelineDeps) {
  const { repo, storage, transcriber } = deps;

  /** Decides whether a failure ends the recording (failed) or lets the queue try again. */
  async function onFailure(recordingId: number, err: unknown, attempt: number, log: Logger): Promise<void> {
    const final = attempt >= deps.retryLimit;
    let userMessage = UNEXPECTED;
    let retryable = true;
    if (err instanceof AudioDecodeError) {
      userMessage = err.message;
      retryable = false;
    } else if (err instanceof AudioToolError) {
      userMessage = err.userMessage;
      retryable = err.code === 'TIMEOUT';
    } else if (isTranscriptionError(err)) {
      userMessage = err.userMessage;
      retryable = err.retryable;
    }
    log.warn({ err, recordingId, attempt, final, retryable }, 'pipeline step failed');
    if (retryable && !final) {
      await repo.setStatus(recordingId, {
        error: `${userMessage} (attempt ${attempt + 1} failed, retrying)`,
      });
      throw err;
    }
    await repo.setStatus(recordingId, { status: 'failed', error: userMessage, progress: 100 });
  }

  const transcribe: JobDefinition<typeof RecordingJobPayload> = {
    name: 'transcribe',
    payload: RecordingJobPayload,
    retryLimit: deps.retryLimit,
    retryDelaySeconds: 10,
    async handler({ recordingId }, { attempt, log }) {
      const rec = await repo.findById(recordingId);
      if (!rec || rec.status === 'done' || rec.status === 'failed') return;
      if (rec.transcriptText !== null && rec.segments !== null) {
        // Transcript already saved by an earlier run: only the analysis is left.
        await repo.setStatus(recordingId, { status: 'analyzing', progress: PROGRESS.transcribed });
        await deps.enqueueAnalyze(recordingId);
        return;
      }
      if (!rec.storageKey) {
        await repo.setStatus(recordingId, {
          status: 'failed',
          error: 'This recording has no audio file.',
          progress: 100,
        });
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
        await repo.saveTranscript(recordingId, {
          segments: transcript.segments,
          text: transcript.text,
          durationSec: normalized.durationSec,
          ...(normalized.channels.length > 1
            ? { numSpeakers: Math.max(speakers, normalized.channels.length) }
            : {}),
        });
        await repo.setStatus(recordingId, {
          status: 'analyzing',
          progress: PROGRESS.transcribed,
          error: null,
        });
        await deps.enqueueAnalyze(recordingId);
        log.info(
          { recordingId, segments: transcript.segments.length, durationSec: normalized.durationSec },
          'transcribed',
        );
      } catch (err) {
        await onFailure(recordingId, err, attempt, log);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  };

  const analyze: JobDefinition<typeof RecordingJobPayload> = {
    name: 'analyze',
    payload: RecordingJobPayload,
    retryLimit: deps.retryLimit,
    retryDelaySeconds: 10,
    async handler({ recordingId }, { attempt, log }) {
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
        await repo.setStatus(recordingId, { status: 'done', progress: PROGRESS.done, error: null });
        log.info({ recordingId }, 'analysed');
      } catch (err) {
        await onFailure(recordingId, err, attempt, log);
      }
    },
  };

  return { transcribe, analyze };
}
