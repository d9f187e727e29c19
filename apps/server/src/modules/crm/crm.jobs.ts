/**
 * The crm module's durable jobs, declared once: `crm-sync` (one sync run: a location and a
 * window), `crm-fetch-call` (one call announced by a webhook: live sync) and `crm-write-back`
 * (a note on the HighLevel contact after analysis). Handlers are idempotent.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/queue.js';

export const crmSyncJob = defineJob({
  name: 'crm-sync',
  payload: z.object({ runId: z.number().int().positive() }),
  retryDelaySeconds: 15,
});

export const crmFetchCallJob = defineJob({
  name: 'crm-fetch-call',
  payload: z.object({
    locationId: z.number().int().positive(),
    messageId: z.string().min(1).max(200),
    contactId: z.string().max(200).nullable(),
    dateAdded: z.string().max(64),
    durationSec: z.number().nonnegative().nullable(),
  }),
  retryDelaySeconds: 15,
});

export const crmWriteBackJob = defineJob({
  name: 'crm-write-back',
  payload: z.object({ recordingId: z.number().int().positive() }),
  retryDelaySeconds: 30,
});
