/**
 * Owns the HighLevel integration's use cases: which provider (HighLevel or the embedded sandbox),
 * the server-side OAuth install (signed single-use state → consent page → code exchange → accounts
 * saved by the locations service), sync runs (start, status with the spec's states and texts),
 * the write-back setting, and webhooks (signature, age and replay checks; live sync; uninstall).
 */
import crypto from 'node:crypto';
import {
  SYNC_DEFAULT_DAYS,
  SYNC_EARLIEST_DATE,
  SYNC_ERROR_TEXT,
  SYNC_STATE_TEXT,
  type CrmSettings,
  type SyncErrorKind,
  type SyncRun,
  type SyncStartRequest,
} from '@call-insights/contracts/crm';
import type { CrmProvider, LocationSummary, OAuthStartResponse } from '@call-insights/contracts/locations';
import type { Logger } from 'pino';
import { HIGHLEVEL_SCOPES } from '../../adapters/highlevel/client.js';
import { isHighLevelError } from '../../adapters/highlevel/errors.js';
import type { HighLevelProvider } from '../../adapters/highlevel/provider.js';
import { AppError } from '../../errors.js';
import type { Enqueue } from '../../jobs/queue.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { LocationsService } from '../locations/locations.service.js';
import type { RecordingsService } from '../recordings/recordings.service.js';
import type { CrmRepository, SyncRunRow } from './crm.repository.js';
import { crmFetchCallJob, crmSyncJob, crmWriteBackJob } from './crm.jobs.js';
import type { StateSigner } from './oauth-state.js';

export type CrmServiceDeps = {
  repo: CrmRepository;
  locations: LocationsService;
  recordings: Pick<RecordingsService, 'quotaRoom' | 'crmContext'>;
  provider: HighLevelProvider;
  signer: StateSigner;
  enqueue: Enqueue;
  stateTtlSeconds: number;
  syncTimeoutSeconds: number;
  /** Webhooks older than this (or this far in the future) are refused. */
  webhookMaxAgeMs?: number;
  log: Logger;
};

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(v: number | string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string' && DATE_ONLY.test(v))
    return new Date(`${v}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  return new Date(v);
}

function runMessage(state: SyncRun['state'], kind: SyncErrorKind | null): string {
  if (state === 'Error') return SYNC_ERROR_TEXT[kind ?? 'Unknown'];
  return SYNC_STATE_TEXT[state];
}

export type WebhookInput = { raw: Buffer; signature: string | undefined };

export function createCrmService(deps: CrmServiceDeps) {
  const { repo, locations, log } = deps;
  const maxAge = deps.webhookMaxAgeMs ?? 5 * 60_000;

  function toRun(row: SyncRunRow, locationName: string): SyncRun {
    let state = row.state;
    // The job goes on; the dialog is told to stop waiting (the spec's 20-minute time-out).
    if (!row.finishedAt && Date.now() - row.createdAt.getTime() > deps.syncTimeoutSeconds * 1000)
      state = 'Timeout';
    const kind = (row.errorKind as SyncErrorKind | null) ?? null;
    return {
      id: row.id,
      location: { id: row.locationId, name: locationName },
      kind: row.kind,
      state,
      errorKind: state === 'Error' ? (kind ?? 'Unknown') : null,
      message: runMessage(state, kind),
      counts: {
        found: row.found,
        imported: row.imported,
        skipped: row.skipped,
        noRecording: row.noRecording,
        failed: row.failed,
      },
      startDate: row.windowStart.toISOString(),
      endDate: row.windowEnd.toISOString(),
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  /** Checks a state and spends it; every failure is a 400 the user can act on. */
  async function spendState(caller: AuthUser, state: string) {
    const checked = deps.signer.verify(state);
    if (!checked.ok) {
      if (checked.problem === 'expired')
        throw new AppError(
          'BAD_REQUEST',
          'This CRM connection attempt has expired. Click Sync CRM to start again.',
        );
      throw new AppError(
        'BAD_REQUEST',
        'This CRM connection link is not valid. Click Sync CRM to start again.',
      );
    }
    const p = checked.payload;
    if (p.u !== caller.id || p.o !== caller.organizationId)
      throw new AppError(
        'BAD_REQUEST',
        'This CRM connection was started by another user. Click Sync CRM to start your own.',
      );
    if (!(await repo.spendState(p.n, p.u, new Date(p.e * 1000))))
      throw new AppError(
        'BAD_REQUEST',
        'This CRM connection link was already used. Click Sync CRM to connect again.',
      );
    return p;
  }

  return {
    provider(): CrmProvider {
      return { kind: deps.provider.kind, label: deps.provider.label };
    },

    async oauthStart(caller: AuthUser, userType: 'Location' | 'Company'): Promise<OAuthStartResponse> {
      const endpoints = await deps.provider.endpoints();
      const { state, payload } = deps.signer.sign(
        { u: caller.id, o: caller.organizationId, t: userType },
        deps.stateTtlSeconds,
      );
      const url = new URL(endpoints.consentUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', endpoints.redirectUri);
      url.searchParams.set('client_id', endpoints.clientId);
      url.searchParams.set('scope', HIGHLEVEL_SCOPES.join(' '));
      url.searchParams.set('state', state);
      return { url: url.toString(), expiresAt: payload.e };
    },

    /**
     * The /redirect page's code and state: checked, spent, exchanged; the accounts saved.
     * `expect` is the install type the route is for (POST /locations or /locations/company).
     */
    async completeInstall(
      caller: AuthUser,
      input: { code: string; state: string },
      expect?: 'Location' | 'Company',
    ): Promise<{ user_type: 'Location' | 'Company'; locations: LocationSummary[] }> {
      const p = await spendState(caller, input.state);
      if (expect && p.t !== expect && p.t === 'Company')
        throw new AppError(
          'BAD_REQUEST',
          'This connection was started as a Company install; finish it as a Company.',
        );
      if (expect && p.t !== expect)
        throw new AppError(
          'BAD_REQUEST',
          'This connection was started as a Location install; finish it as a Location.',
        );
      const client = await deps.provider.client();
      let tokens;
      try {
        tokens = await client.exchangeCode(input.code, p.t);
      } catch (err) {
        if (isHighLevelError(err) && (err.status === 400 || err.status === 401 || err.status === 422)) {
          log.info({ traceId: err.traceId, vendorMessage: err.vendorMessage }, 'authorization code refused');
          throw new AppError(
            'BAD_REQUEST',
            'HighLevel refused this authorization code (expired or already used). Click Sync CRM to start again.',
          );
        }
        log.error({ err }, 'authorization code exchange failed');
        throw new AppError('UNAVAILABLE', 'HighLevel could not be reached. Try again in a moment.');
      }
      if ((tokens.userType ?? p.t) !== p.t)
        throw new AppError('BAD_REQUEST', 'HighLevel returned a different install type than the one chosen.');
      try {
        const saved =
          p.t === 'Company'
            ? await locations.saveCompanyInstall(caller, tokens)
            : await locations.saveLocationInstall(caller, tokens);
        log.info({ userType: p.t, count: saved.length }, 'crm install saved');
        return { user_type: p.t, locations: saved };
      } catch (err) {
        if (err instanceof AppError) throw err;
        log.error({ err }, 'crm install failed after the code exchange');
        throw new AppError('UNAVAILABLE', 'HighLevel could not be reached. Try again in a moment.');
      }
    },

    async startSync(caller: AuthUser, body: SyncStartRequest): Promise<SyncRun> {
      const location =
        body.location_id !== undefined
          ? await locations.get(caller, body.location_id)
          : await locations.findByExactName(caller, body.location_name ?? '');
      if (!location) throw new AppError('NOT_FOUND', 'No account has this name.');
      const now = Date.now();
      const endOfToday =
        new Date(new Date(now).toISOString().slice(0, 10) + 'T23:59:59.999Z').getTime() + 14 * 3600_000;
      const endAsked = toDate(body.end_date, 'end');
      const startAsked = toDate(body.start_date, 'start');
      if (endAsked && endAsked.getTime() > endOfToday)
        throw new AppError('VALIDATION_FAILED', 'Dates after today cannot be synced.', {
          fields: [{ path: 'end_date', message: 'Dates after today cannot be synced.' }],
        });
      if (startAsked && startAsked.getTime() > now)
        throw new AppError('VALIDATION_FAILED', 'Dates after today cannot be synced.', {
          fields: [{ path: 'start_date', message: 'Dates after today cannot be synced.' }],
        });
      // The message names SYNC_EARLIEST_DATE (a year 0 date used to reach PostgreSQL: a 500).
      const earliest = Date.parse(`${SYNC_EARLIEST_DATE}T00:00:00.000Z`);
      for (const [path, asked] of [
        ['start_date', startAsked],
        ['end_date', endAsked],
      ] as const) {
        if (asked && asked.getTime() < earliest)
          throw new AppError('VALIDATION_FAILED', 'Dates before 1 January 2000 cannot be synced.', {
            fields: [{ path, message: 'Dates before 1 January 2000 cannot be synced.' }],
          });
      }
      const end = new Date(Math.min(endAsked?.getTime() ?? now, now));
      const start = startAsked ?? new Date(end.getTime() - SYNC_DEFAULT_DAYS * DAY_MS);
      if (start > end)
        throw new AppError('VALIDATION_FAILED', 'The start date must be before the end date.', {
          fields: [{ path: 'start_date', message: 'The start date must be before the end date.' }],
        });
      const { full } = await deps.recordings.quotaRoom(caller.organizationId);
      const row = await repo.createRun({
        organizationId: caller.organizationId,
        locationId: location.id,
        requestedBy: caller.id,
        kind: 'manual',
        windowStart: start,
        windowEnd: end,
        ...(full
          ? { state: 'Error' as const, errorKind: 'MaxCallAllreadyExcided', finishedAt: new Date() }
          : {}),
      });
      if (!row) throw new AppError('CONFLICT', 'A sync of this account is already running.');
      if (!full) await deps.enqueue(crmSyncJob, { runId: row.id });
      return toRun(row, location.name);
    },

    async syncStatus(caller: AuthUser, id: number): Promise<SyncRun> {
      const row = await repo.findRunForOrg(caller.organizationId, id);
      if (!row) throw new AppError('NOT_FOUND', 'This sync was not found.');
      const location = await locations.findById(row.locationId);
      return toRun(row, location?.name ?? '');
    },

    async settings(caller: AuthUser): Promise<CrmSettings> {
      return repo.settings(caller.organizationId);
    },

    async saveSettings(caller: AuthUser, s: CrmSettings): Promise<CrmSettings> {
      await repo.saveSettings(caller.organizationId, s);
      return repo.settings(caller.organizationId);
    },

    /** After analysis (recordings pipeline hook): queue the note when write-back is on. */
    async onRecordingAnalyzed(recordingId: number, organizationId: number): Promise<void> {
      if (!(await repo.settings(organizationId)).writeBack) return;
      const rec = await deps.recordings.crmContext(recordingId);
      if (!rec || rec.source !== 'crm' || !rec.crmContactId) return;
      await deps.enqueue(crmWriteBackJob, { recordingId });
    },

    /** Embedded mode start: manual runs a crash left unfinished go on (their jobs are idempotent). */
    async resumeUnfinished(): Promise<number> {
      const runs = await repo.unfinishedRuns();
      for (const run of runs) await deps.enqueue(crmSyncJob, { runId: run.id });
      if (runs.length > 0) log.info({ count: runs.length }, 'resumed unfinished crm syncs');
      return runs.length;
    },

    /** A HighLevel webhook: signature (Ed25519 over the raw body), age and replay checked first. */
    async webhook(input: WebhookInput): Promise<{ status: 'accepted' | 'ignored' }> {
      const endpoints = await deps.provider.endpoints();
      if (!endpoints.webhookPublicKey || !input.signature)
        throw new AppError('UNAUTHORIZED', 'This webhook is not signed.');
      let valid = false;
      try {
        valid = crypto.verify(
          null,
          input.raw,
          crypto.createPublicKey(endpoints.webhookPublicKey),
          Buffer.from(input.signature, 'base64'),
        );
      } catch {
        valid = false;
      }
      if (!valid) throw new AppError('UNAUTHORIZED', 'The webhook signature is not valid.');
      let event: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(input.raw.toString('utf8'));
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new Error('not an object');
        event = parsed as Record<string, unknown>;
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook body is not a JSON object.');
      }
      const at = Date.parse(String(event.timestamp ?? ''));
      if (!Number.isFinite(at) || Math.abs(Date.now() - at) > maxAge)
        throw new AppError('BAD_REQUEST', 'This webhook is too old or has no valid timestamp.');
      const webhookId = typeof event.webhookId === 'string' ? event.webhookId : '';
      if (!webhookId || webhookId.length > 200)
        throw new AppError('BAD_REQUEST', 'This webhook has no webhookId.');
      if (await repo.webhookSeen(webhookId))
        throw new AppError('CONFLICT', 'This webhook was already received.');
      const str = (k: string) => (typeof event[k] === 'string' ? (event[k] as string) : null);
      const type = str('type');

      let accepted: 'accepted' | 'ignored' = 'ignored';
      const jobs: (() => Promise<unknown>)[] = [];
      if ((type === 'InboundMessage' || type === 'OutboundMessage') && str('messageType') === 'CALL') {
        const crmLocationId = str('locationId');
        const messageId = str('messageId');
        if (crmLocationId && messageId) {
          const rows = (await locations.findByCrmLocationId(crmLocationId)).filter((r) => r.active);
          const duration = Number(event.callDuration);
          for (const row of rows) {
            jobs.push(() =>
              deps.enqueue(
                crmFetchCallJob,
                {
                  locationId: row.id,
                  messageId,
                  contactId: str('contactId'),
                  dateAdded: str('dateAdded') ?? new Date().toISOString(),
                  durationSec: Number.isFinite(duration) && duration >= 0 ? duration : null,
                },
                { singletonKey: `${row.id}:${messageId}` },
              ),
            );
          }
          if (rows.length > 0) accepted = 'accepted';
        }
      } else if (type === 'UNINSTALL') {
        jobs.push(async () => {
          const n = await locations.disconnect({
            locationId: str('locationId'),
            companyId: str('companyId'),
          });
          log.info(
            { count: n, companyId: str('companyId'), locationId: str('locationId') },
            'highlevel uninstall',
          );
        });
        accepted = 'accepted';
      } else if (type === 'INSTALL') {
        // Tokens come only through the OAuth code (the /redirect page); the event itself is noted.
        log.info({ companyId: str('companyId'), locationId: str('locationId') }, 'highlevel install event');
        accepted = 'accepted';
      }
      // Work is queued before the id is recorded: a crash in between lets HighLevel's retry through,
      // and the queued work is idempotent.
      for (const job of jobs) await job();
      if (!(await repo.acceptWebhook(webhookId)))
        throw new AppError('CONFLICT', 'This webhook was already received.');
      return { status: accepted };
    },
  };
}

export type CrmService = ReturnType<typeof createCrmService>;
