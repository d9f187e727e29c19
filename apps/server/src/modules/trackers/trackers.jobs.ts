/**
 * The trackers module's durable job, declared once: re-apply the current trackers to an
 * organization's calls, batch by batch (the run's cursor lives in tracker_reapply_runs).
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/queue.js';

export const ReapplyJobPayload = z.object({ runId: z.number().int().positive() });

export const reapplyTrackersJob = defineJob({
  name: 'trackers-reapply',
  payload: ReapplyJobPayload,
  retryDelaySeconds: 10,
});
