/**
 * The recording pipeline's durable jobs, declared once: `transcribe` then `analyze`.
 * Producers (recordings, samples, analysis services) send these; `pipeline.ts` handles them.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/queue.js';

export const RecordingJobPayload = z.object({
  recordingId: z.number().int().positive(),
  reqId: z.string().optional(),
});
export type RecordingJobPayload = z.infer<typeof RecordingJobPayload>;

export const transcribeJob = defineJob({
  name: 'transcribe',
  payload: RecordingJobPayload,
  retryDelaySeconds: 10,
});
export const analyzeJob = defineJob({ name: 'analyze', payload: RecordingJobPayload, retryDelaySeconds: 10 });

/** Deletes recordings past their organization's retention period (all organizations, or one). */
export const RetentionSweepPayload = z.object({ organizationId: z.number().int().positive().optional() });
export const retentionSweepJob = defineJob({
  name: 'retention-sweep',
  payload: RetentionSweepPayload,
  retryDelaySeconds: 60,
});
