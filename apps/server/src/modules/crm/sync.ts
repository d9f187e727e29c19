/**
 * Owns the CRM call import: the `crm-sync` job (a location's calls over a window, page by page
 * through /conversations/messages/export, resumable from the saved cursor), the `crm-fetch-call`
 * job (live sync: one call announced by a webhook) and importing one call (recording streamed into
 * storage, HighLevel's transcript when it has one, the contact's names, e-mail and phone). Calls go
 * into recordings through the recordings service; a call a location already has is never imported
 * twice (unique location + CRM message id), so a re-run or a resumed run adds nothing twice.
 */
import type { Segment } from '@call-insights/contracts/transcript';
import type { Logger } from 'pino';
import type { HighLevelClient, HlContact, HlMessage, HlSentence } from '../../adapters/highlevel/client.js';
import { isHighLevelError } from '../../adapters/highlevel/errors.js';
import type { TokenSource } from '../../adapters/highlevel/http.js';
import { handleJob, type JobDefinition } from '../../jobs/queue.js';
import type { LocationsService } from '../locations/locations.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { RecordingOwner, RecordingsService } from '../recordings/recordings.service.js';
import type { CrmRepository, SyncRunRow } from './crm.repository.js';
import { crmFetchCallJob, crmSyncJob } from './crm.jobs.js';

/** Cursor saved after the last page: a resumed run only has to finish. */
export const CURSOR_DONE = '__done__';
const PAGE_SIZE = 100;

export type SyncDeps = {
  repo: CrmRepository;
  locations: LocationsService;
  recordings: RecordingsService;
  client: () => Promise<HighLevelClient>;
  concurrency: number;
  retryLimit: number;
  /** The bell (notifications module): who asked for a manual sync hears how it ended. */
  notify?: Notify;
  log: Logger;
};

export type CallRef = { id: string; contactId: string | null; dateAdded: string; durationSec: number | null };
type CallOutcome = 'imported' | 'duplicate' | 'noRecording' | 'quotaReached';

/** HighLevel's sentences as our segments: channel 1 is the user (agent), 2 the contact; times in ms. */
export function sentencesToSegments(sentences: HlSentence[], durationSec: number | null): Segment[] {
  const maxEnd = Math.max(0, ...sentences.map((s) => Number(s.endTime) || 0));
  const inMs = durationSec ? maxEnd > durationSec * 2 : maxEnd > 1000;
  const scale = inMs ? 1000 : 1;
  return [...sentences]
    .sort((a, b) => (a.sentenceIndex ?? 0) - (b.sentenceIndex ?? 0))
    .filter((s) => typeof s.transcript === 'string' && s.transcript.trim() !== '')
    .map((s) => ({
      speaker: `Speaker ${s.mediaChannel === 2 ? 2 : 1}`,
      start: Math.max(0, (Number(s.startTime) || 0) / scale),
      end: Math.max(0, (Number(s.endTime) || 0) / scale),
      text: s.transcript.trim(),
    }));
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

/** The live API puts the call length in `meta.call.duration`; the spec in `meta.callDuration` (a string). */
export function durationOf(m: HlMessage): number | null {
  const meta = m.meta as (HlMessage['meta'] & { call?: { duration?: unknown } }) | undefined;
  for (const v of [meta?.call?.duration, meta?.callDuration]) {
    const n = Number(v);
    if (v !== undefined && v !== null && v !== '' && Number.isFinite(n) && n >= 0) return n;
  }
  return null;
}

const nameOf = (c: HlContact | null): string | null =>
  c?.name?.trim() || [c?.firstName, c?.lastName].filter(Boolean).join(' ').trim() || null;

export function createSyncEngine(deps: SyncDeps) {
  const { repo, recordings, locations, log } = deps;

  /** Imports one call into a location; the audio is streamed, never held whole in memory. */
  async function importCall(
    ctx: {
      client: HighLevelClient;
      token: TokenSource;
      location: { id: number; crmLocationId: string };
      owner: RecordingOwner;
      contacts: Map<string, Promise<HlContact | null>>;
    },
    call: CallRef,
  ): Promise<CallOutcome> {
    const { client, token, location } = ctx;
    const recording = await client.openRecording(token, location.crmLocationId, call.id);
    if (!recording) return 'noRecording';
    const audio = await recordings.storeAudio(ctx.owner, recording.body);
    try {
      const sentences = await client.getTranscription(token, location.crmLocationId, call.id);
      let contact: HlContact | null = null;
      if (call.contactId) {
        let pending = ctx.contacts.get(call.contactId);
        if (!pending) {
          pending = client.getContact(token, call.contactId);
          ctx.contacts.set(call.contactId, pending);
          pending.catch(() => ctx.contacts.delete(call.contactId as string));
        }
        contact = await pending;
      }
      const when = new Date(call.dateAdded);
      const createdAt = Number.isNaN(when.getTime()) ? new Date() : when;
      const name = nameOf(contact);
      const { created, quotaReached } = await recordings.importCrmCall(ctx.owner, {
        locationId: location.id,
        crmMessageId: call.id,
        crmContactId: call.contactId,
        contact: {
          firstName: contact?.firstName ?? null,
          lastName: contact?.lastName ?? null,
          name,
          email: contact?.email ?? null,
          phone: contact?.phone ?? null,
        },
        createdAt,
        durationSec: call.durationSec,
        originalName: `${name ?? 'Call'} ${createdAt.toISOString().slice(0, 16).replace('T', ' ')}.${audio.ext}`,
        audio,
        ...(sentences ? { segments: sentencesToSegments(sentences, call.durationSec) } : {}),
      });
      if (quotaReached) return 'quotaReached';
      return created ? 'imported' : 'duplicate';
    } catch (err) {
      await recordings.discardAudio(audio);
      throw err;
    }
  }

  /**
   * Tells whoever asked for a manual sync (or the admins when that member is gone) how it ended;
   * live syncs import one call at a time and the call's own notifications speak for them.
   */
  async function announce(
    run: SyncRunRow,
    outcome: { kind: 'crm_sync_finished' } | { kind: 'crm_sync_failed'; reason: string },
  ): Promise<void> {
    if (!deps.notify || run.kind !== 'manual') return;
    const location = await locations.findById(run.locationId);
    const counts = (await repo.findRun(run.id)) ?? run;
    await deps.notify({
      organizationId: run.organizationId,
      recipients: run.requestedBy !== null ? [run.requestedBy] : 'admins',
      kind: outcome.kind,
      params:
        outcome.kind === 'crm_sync_finished'
          ? {
              location: location?.name ?? null,
              imported: counts.imported,
              skipped: counts.skipped,
              failed: counts.failed,
            }
          : { location: location?.name ?? null, reason: outcome.reason },
      link: { type: 'crm', id: run.locationId },
    });
  }

  async function finishError(run: SyncRunRow, kind: string, err?: unknown): Promise<void> {
    log.warn({ err, runId: run.id, kind }, 'crm sync ended with an error');
    // The bell first: whoever sees the run end (the progress dialog polls it) finds the notification.
    await announce(run, { kind: 'crm_sync_failed', reason: kind });
    await repo.finish(run.id, 'Error', kind);
  }

  async function runSync(runId: number, attempt: number, jobLog: Logger): Promise<void> {
    const run = await repo.findRun(runId);
    if (!run || run.finishedAt) return;
    const location = await locations.findById(run.locationId);
    if (!location) return finishError(run, 'LocationNotFound');
    const client = await deps.client();

    await repo.setState(run.id, 'AccessToken');
    let token: TokenSource;
    try {
      token = await locations.tokenSource(location.id);
      await token.current();
    } catch (err) {
      if (isHighLevelError(err, 'TEMPORARY') && attempt < deps.retryLimit) throw err;
      return finishError(run, 'AccessToken', err);
    }

    await repo.setState(run.id, 'CallInfo');
    if (run.cursor === CURSOR_DONE) {
      await repo.finish(run.id, 'Success', null);
      return;
    }
    const resumed = run.cursor !== null || run.imported > 0;
    // The recordings quota plans how many calls to fetch at once; each insert is checked atomically.
    const room = await recordings.quotaRoom(run.organizationId);
    let quotaLeft = room.recordings;
    if (room.full && !resumed) return finishError(run, 'MaxCallAllreadyExcided');

    const ctx = {
      client,
      token,
      location: { id: location.id, crmLocationId: location.crmLocationId },
      owner: { organizationId: run.organizationId, id: run.requestedBy },
      contacts: new Map<string, Promise<HlContact | null>>(),
    };
    let cursor = run.cursor;
    let quotaHit = false;
    const inFlight = new Set<Promise<void>>();
    try {
      for (;;) {
        const page = await client.exportCalls(token, {
          locationId: location.crmLocationId,
          startDate: run.windowStart,
          endDate: run.windowEnd,
          cursor,
          limit: PAGE_SIZE,
        });
        if (cursor === null) await repo.setFound(run.id, page.total);
        const calls: CallRef[] = page.messages
          .filter((m) => m.messageType === 'TYPE_CALL')
          .map((m) => ({
            id: m.id,
            contactId: m.contactId || null,
            dateAdded: m.dateAdded,
            durationSec: durationOf(m),
          }));
        const existing = await recordings.crmImported(
          location.id,
          calls.map((c) => c.id),
        );
        const counts = { imported: 0, skipped: 0, noRecording: 0, failed: 0 };
        await pool(calls, deps.concurrency, async (call) => {
          const had = existing.get(call.id);
          if (had) {
            // Imported by this run before a crash (or by live sync meanwhile): it counts as this run's.
            if (had >= run.createdAt) counts.imported++;
            else counts.skipped++;
            return;
          }
          // Calls in flight hold quota they may give back (no recording, failure): wait for them.
          while (quotaLeft <= 0 && inFlight.size > 0) await Promise.race(inFlight);
          if (quotaLeft <= 0) {
            quotaHit = true;
            return;
          }
          quotaLeft--;
          const work = (async () => {
            try {
              const outcome = await importCall(ctx, call);
              if (outcome === 'imported') {
                counts.imported++;
                return;
              }
              if (outcome === 'quotaReached') {
                // Others (an upload, another sync) took the last places: nothing more fits.
                quotaLeft = 0;
                quotaHit = true;
                return;
              }
              quotaLeft++;
              counts.skipped++;
              if (outcome === 'noRecording') counts.noRecording++;
            } catch (err) {
              quotaLeft++;
              // A dead token or an outage stops the page (the job retries from the saved cursor);
              // anything about this one call only fails this call.
              if (
                isHighLevelError(err, 'RECONNECT_NEEDED') ||
                isHighLevelError(err, 'INSUFFICIENT_PERMISSIONS') ||
                isHighLevelError(err, 'TEMPORARY') ||
                isHighLevelError(err, 'RATE_LIMITED')
              )
                throw err;
              jobLog.warn({ err, messageId: call.id }, 'crm call not imported');
              counts.failed++;
            }
          })();
          // Settles after the quota above is given back, so a waiter sees the final count.
          const settled = work.then(
            () => undefined,
            () => undefined,
          );
          inFlight.add(settled);
          try {
            await work;
          } finally {
            inFlight.delete(settled);
          }
        });
        const next = page.nextCursor || null;
        await repo.pageDone(run.id, { cursor: next ?? CURSOR_DONE, ...counts });
        if (quotaHit) return finishError(run, 'MaxCallExcided');
        if (!next) break;
        cursor = next;
      }
    } catch (err) {
      if (isHighLevelError(err, 'RECONNECT_NEEDED') || isHighLevelError(err, 'INSUFFICIENT_PERMISSIONS'))
        return finishError(run, 'AccessToken', err);
      if (attempt < deps.retryLimit) throw err;
      return finishError(run, 'Unknown', err);
    }
    // The bell first, as in `finishError`.
    await announce(run, { kind: 'crm_sync_finished' });
    await repo.finish(run.id, 'Success', null);
    jobLog.info({ runId: run.id }, 'crm sync finished');
  }

  /** Live sync: one call a webhook announced, imported when the location's Active sync is on. */
  async function fetchCall(
    payload: {
      locationId: number;
      messageId: string;
      contactId: string | null;
      dateAdded: string;
      durationSec: number | null;
    },
    attempt: number,
    jobLog: Logger,
  ): Promise<void> {
    const location = await locations.findById(payload.locationId);
    if (!location || !location.active) return;
    const existing = await recordings.crmImported(location.id, [payload.messageId]);
    if (existing.size > 0) return;
    if ((await recordings.quotaRoom(location.organizationId)).full) {
      jobLog.warn({ locationId: location.id }, 'live call not imported: recording quota reached');
      return;
    }
    const client = await deps.client();
    const token = await locations.tokenSource(location.id);
    const outcome = await importCall(
      {
        client,
        token,
        location: { id: location.id, crmLocationId: location.crmLocationId },
        owner: { organizationId: location.organizationId, id: null },
        contacts: new Map(),
      },
      {
        id: payload.messageId,
        contactId: payload.contactId,
        dateAdded: payload.dateAdded,
        durationSec: payload.durationSec,
      },
    );
    // HighLevel may announce a call before its recording is ready: look again later.
    if (outcome === 'noRecording' && attempt < deps.retryLimit) throw new Error('recording not ready yet');
    jobLog.info({ locationId: location.id, messageId: payload.messageId, outcome }, 'live call');
  }

  const jobs: JobDefinition<typeof crmSyncJob.payload | typeof crmFetchCallJob.payload>[] = [
    handleJob(crmSyncJob, async ({ runId }, { attempt, log: jobLog }) => runSync(runId, attempt, jobLog)),
    handleJob(crmFetchCallJob, async (payload, { attempt, log: jobLog }) =>
      fetchCall(payload, attempt, jobLog),
    ),
  ] as JobDefinition<typeof crmSyncJob.payload | typeof crmFetchCallJob.payload>[];

  return { importCall, runSync, fetchCall, jobs };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
