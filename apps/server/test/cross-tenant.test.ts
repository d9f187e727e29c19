/**
 * Cross-tenant suite: organization A makes one of every resource (analysed recordings with audio, a
 * share link, CRM accounts installed from the HighLevel sandbox and a sync run, an OAuth state, an
 * invitation, a member, a tracker and a re-apply run, an assistant conversation, notifications, audit
 * events), then organization B's admin calls EVERY id-bearing route of the contracts with A's ids.
 * No answer may be a 2xx carrying A's data: a route that names one of A's things answers 404 (or
 * the 400/403 the route documents), a route where the id only positions or filters B's own data
 * answers with B's data alone, and no body carries anything of A's. Afterwards A's resources read
 * exactly as before (nothing deleted, changed, revoked or spent). Both databases.
 *
 * The routes are enumerated from the contracts: a route whose path, query or body carries an id (or
 * whose body the contract does not describe, like a multipart upload) and that has no entry in
 * ROUTES below fails the suite with its name, and so does an entry for a route that is gone.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '@call-insights/highlevel-sandbox';
import type { RouteDefinition } from '@call-insights/contracts/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicAddressesOnly } from '../src/adapters/net/address-policy.js';
import { encodeCursor } from '../src/modules/recordings/list-cursor.js';
import { BACKENDS, createHarness, type Harness } from '../src/test-support/app-harness.js';
import { declaredRoutes } from '../src/test-support/contract-routes.js';
import {
  approveConsent,
  installCompany,
  organizationOf,
  sandboxEnv,
  startTestSandbox,
  waitForSync,
} from '../src/test-support/crm-sandbox.js';
import { createUser, type CreatedUser } from '../src/test-support/factories.js';
import { addMember, invitationTokenFor } from '../src/test-support/members.js';
import { multipartBody, waitForRecording } from '../src/test-support/recordings-client.js';

/** Everything organization A made, and the strings that would betray A's data in an answer. */
type TenantA = {
  admin: CreatedUser;
  member: CreatedUser;
  organizationId: number;
  rec: number;
  recCreatedAt: string;
  shareToken: string;
  invitation: { id: number; email: string; token: string };
  tracker: number;
  reapplyRun: number;
  locations: { id: number; name: string; location_id: string }[];
  syncRun: number;
  /** A Company install approved on the consent page but not finished yet: its code and state. */
  pendingInstall: { code: string; state: string };
  session: string;
  /** A coach and method of the catalogue, so a coaching request is valid but for its id. */
  coach: { coach_name: string; method: string };
  notification: number;
  auditEvent: number;
  /** Strings only A's data contains: none may appear in an answer to B. */
  markers: string[];
};

type Probe = {
  /** What this call tries, shown on failure. */
  what: string;
  method?: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /**
   * `refused` (default): the call names one of A's things and must be turned down with 404, or with
   * a status of `status` that the route documents. `scoped`: the id only positions or filters
   * (paging cursors, ignored legacy parameters), so B may get a 2xx, on B's own data alone.
   */
  outcome?: 'refused' | 'scoped';
  status?: number[];
  /**
   * Why a 403 the contract does not list is still right here: the route compares the id with the
   * caller's own before looking anything up, so the answer says nothing about A.
   */
  selfCheck?: string;
};
/** What the suite provides besides A's things: a URL the URL import may fetch. */
type Env = { fileUrl: string };
type Entry =
  | { probes: (a: TenantA, env: Env) => Probe[] }
  /** Routes where the id is itself the credential (a public link's token): B holding it is A sharing it. */
  | { capability: string };

/** Path, query or body keys that carry an id of ours (or a token standing for one). */
const ID_KEY = /^(id|ids|link|token|state|cursor|before)$|^id_|_ids?$|[a-z]Ids?$/;

/** Keys of an object schema (zod 4: through optional, default, pipe and refinements). */
function keysOf(schema: unknown): string[] {
  let s = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    if (s instanceof z.ZodPipe) s = s.in;
    else if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable)
      s = s.unwrap();
    else return [];
  }
  return [];
}

/** Why a route counts as id-bearing, or undefined when it carries no id. */
function idBearing(route: RouteDefinition): string | undefined {
  if (route.path.includes(':')) return `path ${route.path}`;
  const q = keysOf(route.query).filter((k) => ID_KEY.test(k));
  if (q.length) return `query ${q.join(', ')}`;
  const b = keysOf(route.body).filter((k) => ID_KEY.test(k));
  if (b.length) return `body ${b.join(', ')}`;
  // A body the contract does not describe (multipart) may carry anything: it needs an entry.
  if (route.bodyKind === 'multipart') return 'a multipart body the contract does not describe';
  return undefined;
}

const keyOf = (route: RouteDefinition) => `${route.method} ${route.path}`;

/** A valid WAV of 0.1 s of silence (8 kHz mono 16-bit): enough to pass the type sniffing. */
function tinyWav(): Buffer {
  const data = Buffer.alloc(1600);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const PHONE = '2025550123';
const FORBIDDEN_SELF = 'checks the id against the caller before any lookup';

/** One entry per id-bearing route of the contracts (key: "METHOD /path"). */
const ROUTES: Record<string, Entry> = {
  // ---- analysis ----
  'GET /analysis/analysis': {
    probes: (a) => [{ what: "A's call record", url: `/api/analysis/analysis?id=${a.rec}` }],
  },
  'POST /analysis/coaching': {
    probes: (a) => [
      {
        what: "coaching saved on A's recording",
        url: '/api/analysis/coaching',
        payload: { id: a.rec, transcription: 'x', ...a.coach },
      },
    ],
  },
  'POST /recordings/:id/reanalyze': {
    probes: (a) => [{ what: "re-analysing A's recording", url: `/api/recordings/${a.rec}/reanalyze` }],
  },
  'POST /analysis/link-generator': {
    probes: (a) => [
      { what: "a share link of A's recording", url: '/api/analysis/link-generator', payload: { id: a.rec } },
    ],
  },
  'GET /recordings/:id/share-links': {
    probes: (a) => [{ what: "A's share links", url: `/api/recordings/${a.rec}/share-links` }],
  },
  'DELETE /analysis/shareable': {
    probes: (a) => [{ what: "revoking A's share link", url: `/api/analysis/shareable?link=${a.shareToken}` }],
  },
  'GET /analysis/shareable': {
    capability: 'the share token is the public link A chose to give out; anyone holding it may read',
  },
  // ---- audit ----
  'GET /audit': {
    probes: (a) => [
      {
        what: "B's audit log from A's event id on",
        url: `/api/audit?before=${a.auditEvent + 1}`,
        outcome: 'scoped',
      },
    ],
  },
  // ---- assistant ----
  'GET /message-history/:session_id': {
    probes: (a) => [{ what: "A's conversation", url: `/api/message-history/${a.session}` }],
  },
  'GET /message-history-user-id/:user_id': {
    probes: (a) => [
      { what: "A's conversation list", url: `/api/message-history-user-id/${a.admin.id}`, status: [403] },
    ],
  },
  'DELETE /message-history/:session_id': {
    probes: (a) => [{ what: "deleting A's conversation", url: `/api/message-history/${a.session}` }],
  },
  // After the history routes: B asking with A's session id starts B's own conversation of that id.
  'POST /agent/query': {
    probes: (a) => [
      {
        what: "asking in A's conversation (session id)",
        url: '/api/agent/query',
        payload: { query: 'What did we talk about?', session_id: a.session },
        outcome: 'scoped',
      },
      {
        what: 'asking as A (id_usuario)',
        url: '/api/agent/query',
        payload: { query: 'Who are you?', session_id: crypto.randomUUID(), id_usuario: String(a.admin.id) },
        status: [403],
      },
    ],
  },
  // ---- CRM ----
  'POST /crm/oauth/callback': {
    probes: (a) => [
      {
        what: "finishing A's CRM install (A's code and state)",
        url: '/api/crm/oauth/callback',
        payload: a.pendingInstall,
        status: [400],
      },
    ],
  },
  'POST /locations': {
    probes: (a) => [
      {
        what: "finishing A's install as a Location",
        url: '/api/locations',
        payload: a.pendingInstall,
        status: [400],
      },
    ],
  },
  'POST /locations/company': {
    probes: (a) => [
      {
        what: "finishing A's install as a Company",
        url: '/api/locations/company',
        payload: a.pendingInstall,
        status: [400],
      },
    ],
  },
  'POST /crm/sync': {
    probes: (a) => [
      { what: "syncing A's CRM account", url: '/api/crm/sync', payload: { location_id: a.locations[0]!.id } },
      {
        what: "syncing A's CRM account by name",
        url: '/api/crm/sync',
        payload: { location_name: a.locations[0]!.name },
      },
    ],
  },
  'GET /crm/sync/:id': {
    probes: (a) => [{ what: "A's sync run", url: `/api/crm/sync/${a.syncRun}` }],
  },
  // ---- CRM accounts (locations) ----
  'GET /locations/profile': {
    probes: (a) => [
      {
        what: 'profile with ?userId of A (ignored)',
        url: `/api/locations/profile?userId=${a.admin.id}`,
        outcome: 'scoped',
      },
    ],
  },
  'PUT /locations/active': {
    probes: (a) => [
      {
        what: "turning A's account's sync off",
        method: 'PUT',
        url: '/api/locations/active',
        payload: { id: a.locations[0]!.id, status: false },
      },
    ],
  },
  'GET /locations': {
    probes: (a) => [
      {
        what: 'accounts with ?userId of A (ignored)',
        url: `/api/locations?userId=${a.admin.id}`,
        outcome: 'scoped',
      },
    ],
  },
  'GET /locations/location': {
    probes: (a) => [{ what: "A's account", url: `/api/locations/location?id=${a.locations[0]!.id}` }],
  },
  'PUT /locations/location': {
    probes: (a) => [
      {
        what: "renaming A's account",
        method: 'PUT',
        url: '/api/locations/location',
        payload: { id: a.locations[0]!.id, name: 'Taken over' },
      },
    ],
  },
  'GET /locations/active-locations': {
    probes: (a) => [
      {
        what: 'active accounts with ?userId of A (ignored)',
        url: `/api/locations/active-locations?userId=${a.admin.id}`,
        outcome: 'scoped',
      },
    ],
  },
  // ---- members ----
  'POST /users/invite': {
    probes: (a) => [
      {
        what: "inviting into A's CRM accounts",
        url: '/api/users/invite',
        payload: {
          email: `xt_${crypto.randomBytes(4).toString('hex')}@example.com`,
          role: 'user',
          location_ids: [a.locations[0]!.id],
        },
      },
    ],
  },
  'DELETE /users/invitations/:id': {
    probes: (a) => [{ what: "revoking A's invitation", url: `/api/users/invitations/${a.invitation.id}` }],
  },
  'GET /users/invite/:token': {
    capability: 'the invitation token is the e-mailed link: its holder is the invitee',
  },
  'POST /users/accept-invite': {
    capability: 'the invitation token is the e-mailed link: its holder is the invitee',
  },
  'PATCH /members/:id': {
    probes: (a) => [
      {
        what: "promoting A's member",
        url: `/api/members/${a.member.id}`,
        payload: { role: 'admin' },
      },
      {
        what: "demoting A's admin",
        url: `/api/members/${a.admin.id}`,
        payload: { role: 'user' },
      },
    ],
  },
  'DELETE /members/:id': {
    probes: (a) => [
      { what: "removing A's member", url: `/api/members/${a.member.id}` },
      { what: "removing A's admin", url: `/api/members/${a.admin.id}` },
    ],
  },
  // ---- notifications ----
  'GET /notifications': {
    probes: (a) => [
      {
        what: "B's notifications from A's notification id on",
        url: `/api/notifications?before=${a.notification + 1}`,
        outcome: 'scoped',
      },
    ],
  },
  'GET /notifications/stream': {
    capability: 'the signed stream token stands for the session that asked for it (60 s)',
  },
  // ---- recordings ----
  'POST /analysis/upload_file': {
    probes: (a) => {
      const file = { name: 'xt.wav', data: tinyWav() };
      const asA = multipartBody(file, { user_id: a.admin.id, num_speakers: 2 });
      const intoA = multipartBody(file, {
        location_id: a.locations[0]!.id,
        phone_number: PHONE,
        num_speakers: 2,
      });
      return [
        {
          what: 'uploading as A (user_id)',
          url: '/api/analysis/upload_file',
          payload: asA.payload,
          headers: asA.headers,
          status: [403],
          selfCheck: FORBIDDEN_SELF,
        },
        {
          what: "uploading into A's CRM account (location_id)",
          url: '/api/analysis/upload_file',
          payload: intoA.payload,
          headers: intoA.headers,
        },
      ];
    },
  },
  'POST /analysis/file-url': {
    probes: (a, env) => [
      {
        what: 'importing as A (user_id)',
        url: '/api/analysis/file-url',
        payload: { file_url: env.fileUrl, user_id: a.admin.id },
        status: [403],
        selfCheck: FORBIDDEN_SELF,
      },
      {
        what: "importing into A's CRM account (location_id)",
        url: '/api/analysis/file-url',
        payload: { file_url: env.fileUrl, location_id: a.locations[0]!.id, phone_number: PHONE },
      },
    ],
  },
  'GET /analysis/transcriptions': {
    probes: (a) => [
      {
        what: "B's list filtered by A's tracker",
        url: `/api/analysis/transcriptions?tracker_id=${a.tracker}`,
      },
      {
        what: "B's list from A's recording's position (cursor)",
        url: `/api/analysis/transcriptions?cursor=${encodeCursor({
          key: { at: a.recCreatedAt, id: a.rec },
          direction: 'next',
          page: 2,
        })}`,
        outcome: 'scoped',
      },
      {
        what: "B's list with ?userId of A (ignored)",
        url: `/api/analysis/transcriptions?userId=${a.admin.id}`,
        outcome: 'scoped',
      },
    ],
  },
  'GET /recordings/export.csv': {
    probes: (a) => [
      {
        what: "B's export filtered by A's tracker",
        url: `/api/recordings/export.csv?tracker_id=${a.tracker}`,
      },
    ],
  },
  'GET /transcription/progress': {
    probes: (a) => [{ what: "A's recording's progress", url: `/api/transcription/progress?id=${a.rec}` }],
  },
  'POST /recordings/:id/retry': {
    probes: (a) => [{ what: "retrying A's recording", url: `/api/recordings/${a.rec}/retry` }],
  },
  'GET /recordings/:id/audio': {
    // With A's signed URL (exp + sig) the link itself is the credential, like a share link.
    probes: (a) => [
      { what: "A's audio", url: `/api/recordings/${a.rec}/audio` },
      { what: "A's audio, a range", url: `/api/recordings/${a.rec}/audio`, headers: { range: 'bytes=0-99' } },
      { what: "A's audio as a download", url: `/api/recordings/${a.rec}/audio?download=1` },
    ],
  },
  'GET /recordings/:id/audio-url': {
    probes: (a) => [{ what: "a signed URL of A's audio", url: `/api/recordings/${a.rec}/audio-url` }],
  },
  // ---- trackers ----
  'PUT /trackers/:id': {
    probes: (a) => [
      {
        what: "changing A's tracker",
        url: `/api/trackers/${a.tracker}`,
        payload: { name: 'Taken over', phrases: { en: ['taken'], fr: [] } },
      },
    ],
  },
  'DELETE /trackers/:id': {
    probes: (a) => [{ what: "deleting A's tracker", url: `/api/trackers/${a.tracker}` }],
  },
  'GET /trackers/reapply/:id': {
    probes: (a) => [{ what: "A's re-apply run", url: `/api/trackers/reapply/${a.reapplyRun}` }],
  },
  'GET /recordings/:id/tracker-hits': {
    probes: (a) => [{ what: "A's recording's tracker hits", url: `/api/recordings/${a.rec}/tracker-hits` }],
  },
  // ---- users ----
  'GET /users/userId/:id': {
    probes: (a) => [
      { what: "A's admin's account", url: `/api/users/userId/${a.admin.id}` },
      { what: "A's member's account", url: `/api/users/userId/${a.member.id}` },
    ],
  },
  'POST /users/resetpassword': {
    capability: 'the reset token is the e-mailed link: its holder is the account owner',
  },
  'POST /users/agencyKey': {
    probes: (a) => [
      {
        what: "an agency key for A's admin in A's organization",
        url: '/api/users/agencyKey',
        payload: {
          user_id: a.admin.id,
          source_id: 1,
          type_id: 3,
          organization_id: a.organizationId,
          key: 'k-xt',
        },
        status: [403],
        selfCheck: FORBIDDEN_SELF,
      },
    ],
  },
  'PUT /users/user-type': {
    probes: (a) => [
      {
        what: "setting A's admin's user type",
        method: 'PUT',
        url: '/api/users/user-type',
        payload: { user_type: 'Company', user_id: a.admin.id },
        status: [403],
        selfCheck: FORBIDDEN_SELF,
      },
    ],
  },
  'GET /users/user-type': {
    probes: (a) => [{ what: "A's admin's user type", url: `/api/users/user-type?user_id=${a.admin.id}` }],
  },
  // Not id-bearing by key, but they name an account by its e-mail address.
  'PUT /users': {
    probes: (a) => [
      {
        what: "B's profile moved onto A's e-mail address",
        method: 'PUT',
        url: '/api/users',
        payload: { first_name: 'B', last_name: 'B', email: a.admin.email, username: `xt_${a.admin.id}` },
        status: [403],
        selfCheck: FORBIDDEN_SELF,
      },
    ],
  },
  'PUT /users/change-password': {
    probes: (a) => [
      {
        what: "changing A's password",
        method: 'PUT',
        url: '/api/users/change-password',
        payload: { email: a.admin.email, currentPassword: a.admin.password, password: 'taken over password' },
        status: [403],
        selfCheck: FORBIDDEN_SELF,
      },
    ],
  },
};

/** Statuses other than 404 a refusal may use, by the error code the contract must document. */
const DOCUMENTED: Record<number, string[]> = {
  400: ['BAD_REQUEST', 'VALIDATION_FAILED'],
  403: ['FORBIDDEN'],
  409: ['CONFLICT'],
};

describe('the cross-tenant map covers every id-bearing route', () => {
  it('has an entry for each id-bearing route of the contracts, and none for a route that is gone', async () => {
    const routes = await declaredRoutes();
    const unmapped = routes
      .filter((r) => idBearing(r) !== undefined && !(keyOf(r) in ROUTES))
      .map((r) => `${keyOf(r)} (carries ${idBearing(r)}): add it to ROUTES in cross-tenant.test.ts`);
    expect(unmapped).toEqual([]);
    const declared = new Set(routes.map(keyOf));
    expect(Object.keys(ROUTES).filter((k) => !declared.has(k))).toEqual([]);
    expect(routes.filter((r) => idBearing(r) !== undefined).length).toBeGreaterThan(30);
  });
});

describe.each(BACKENDS)('organization B against organization A on %s', (backend) => {
  let sb: Sandbox;
  let h: Harness;
  let files: http.Server;
  let fileUrl: string;
  let routes: Map<string, RouteDefinition>;
  let a: TenantA;
  let b: CreatedUser;

  const as = (user: CreatedUser, method: string, url: string, payload?: unknown, headers = {}) =>
    h.app.inject({
      method: method as 'GET',
      url,
      headers: { ...user.auth, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    routes = new Map((await declaredRoutes()).map((r) => [keyOf(r), r]));
    const wav = tinyWav();
    files = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav));
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    const port = (files.address() as AddressInfo).port;
    fileUrl = `http://127.0.0.1:${port}/call.wav`;
    sb = await startTestSandbox();
    h = await createHarness(
      backend,
      { ...sandboxEnv(sb), AUTH_RATE_LIMIT_MAX: '100000' },
      {
        worker: true,
        urlFetch: {
          addressPolicy: (t) => (t.address === '127.0.0.1' && t.port === port) || publicAddressesOnly(t),
        },
      },
    );

    // ---- organization A, one of everything ----
    const tag = crypto.randomBytes(4).toString('hex');
    const admin = await createUser(h.app, {
      firstName: `Aurelia${tag}`,
      lastName: `Tenantia${tag}`,
      organization: `Tenant A ${tag}`,
    });
    const organizationId = await organizationOf(h.app, admin);
    const member = await addMember(h, admin, 'user', { firstName: `Memberina${tag}` });

    const samples = await as(admin, 'POST', '/api/recordings/samples');
    expect(samples.statusCode).toBe(201);
    const ids = samples.json<{ ids: number[] }>().ids;
    for (const id of ids) expect((await waitForRecording(h.app, admin.auth, id)).status).toBe('done');
    const rec = ids[0]!;
    const record = (await as(admin, 'GET', `/api/analysis/analysis?id=${rec}`)).json<{
      hasAudio: boolean;
      transcription: string;
      createdAt: string;
      file: { originalname: string };
    }>();
    expect(record.hasAudio).toBe(true);

    const share = await as(admin, 'POST', '/api/analysis/link-generator', { id: rec });
    expect(share.statusCode).toBe(200);
    const shareToken = share.json<{ token: string }>().token;

    const locations = await installCompany(h, sb, admin);
    expect(locations.length).toBeGreaterThan(0);
    // A window long past: the run is real but finds nothing to import.
    const sync = await as(admin, 'POST', '/api/crm/sync', {
      location_id: locations[0]!.id,
      start_date: '2020-01-01',
      end_date: '2020-01-02',
    });
    expect(sync.statusCode).toBeLessThan(300);
    const syncRun = sync.json<{ id: number }>().id;
    await waitForSync(h.app, admin.auth, syncRun);
    // A Company install approved on HighLevel's consent page, the browser not back yet.
    const start = await as(admin, 'POST', '/api/crm/oauth/start', { user_type: 'Company' });
    const pendingInstall = await approveConsent(start.json<{ url: string }>().url, `company:${sb.companyId}`);

    const inviteEmail = `invitee_${tag}@example.com`;
    const invite = await as(admin, 'POST', '/api/users/invite', { email: inviteEmail, role: 'manager' });
    expect(invite.statusCode).toBe(201);
    const invitation = {
      id: invite.json<{ id: number }>().id,
      email: inviteEmail,
      token: await invitationTokenFor(h, inviteEmail),
    };

    const trackerName = `Tenant A tracker ${tag}`;
    const tracker = await as(admin, 'POST', '/api/trackers', {
      name: trackerName,
      phrases: { en: ['price'], fr: [] },
    });
    expect(tracker.statusCode).toBe(201);
    const reapply = await as(admin, 'POST', '/api/trackers/reapply');
    const reapplyRun = reapply.json<{ id: number }>().id;
    for (let i = 0; ; i++) {
      const run = await as(admin, 'GET', `/api/trackers/reapply/${reapplyRun}`);
      if (run.json<{ status: string }>().status !== 'running') break;
      if (i > 600) throw new Error(`re-apply run still running: ${run.body}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const session = crypto.randomUUID();
    const question = `Tenant A question ${tag}`;
    const asked = await as(admin, 'POST', '/api/agent/query', { query: question, session_id: session });
    expect(asked.statusCode).toBe(200);

    const notes = (await as(admin, 'GET', '/api/notifications')).json<{ items: { id: number }[] }>().items;
    expect(notes.length).toBeGreaterThan(0);
    const audit = (await as(admin, 'GET', '/api/audit')).json<{ events: { id: number }[] }>().events;
    expect(audit.length).toBeGreaterThan(0);

    const transcript = record.transcription;
    a = {
      admin,
      member,
      organizationId,
      rec,
      recCreatedAt: record.createdAt,
      shareToken,
      invitation,
      tracker: tracker.json<{ id: number }>().id,
      reapplyRun,
      locations,
      syncRun,
      pendingInstall,
      session,
      coach: {
        coach_name: h.container.catalogue.coaches[0]!.name,
        method: h.container.catalogue.coaches[0]!.methods[0]!,
      },
      notification: notes[0]!.id,
      auditEvent: audit[0]!.id,
      markers: [
        admin.email,
        admin.username,
        `Aurelia${tag}`,
        `Tenantia${tag}`,
        `Tenant A ${tag}`,
        member.email,
        `Memberina${tag}`,
        inviteEmail,
        trackerName,
        question,
        shareToken,
        invitation.token,
        pendingInstall.state,
        record.file.originalname,
        transcript.slice(Math.floor(transcript.length / 2), Math.floor(transcript.length / 2) + 40),
        ...locations.map((l) => l.name),
        ...locations.map((l) => l.location_id),
      ],
    };

    // ---- organization B: an admin with nothing of their own yet ----
    b = await createUser(h.app, { organization: `Tenant B ${tag}` });
  }, 300_000);

  afterAll(async () => {
    await h?.close();
    await sb?.close();
    await new Promise<void>((resolve) => (files ? files.close(() => resolve()) : resolve()));
  });

  /** What A reads of its own things (A's token): must be identical before and after B's calls. */
  async function snapshotOfA(): Promise<Record<string, unknown>> {
    const urls = [
      '/api/users/verify-token',
      `/api/users/userId/${a.admin.id}`,
      `/api/users/userId/${a.member.id}`,
      `/api/users/user-type?user_id=${a.admin.id}`,
      `/api/analysis/analysis?id=${a.rec}`,
      `/api/recordings/${a.rec}/share-links`,
      `/api/recordings/${a.rec}/tracker-hits`,
      '/api/analysis/transcriptions',
      '/api/trackers',
      `/api/trackers/reapply/${a.reapplyRun}`,
      '/api/users/invitations',
      '/api/members',
      '/api/locations',
      `/api/locations/location?id=${a.locations[0]!.id}`,
      `/api/crm/sync/${a.syncRun}`,
      '/api/crm/settings',
      '/api/organization/settings',
      `/api/message-history/${a.session}`,
      `/api/message-history-user-id/${a.admin.id}`,
      '/api/notifications',
      '/api/audit',
    ];
    const snap: Record<string, unknown> = {};
    for (const url of urls) {
      const res = await as(a.admin, 'GET', url);
      snap[url] = { status: res.statusCode, body: res.json() as unknown };
    }
    const audio = await as(a.admin, 'GET', `/api/recordings/${a.rec}/audio`);
    snap.audio = {
      status: audio.statusCode,
      sha256: crypto.createHash('sha256').update(audio.rawPayload).digest('hex'),
    };
    const shared = await h.app.inject({ method: 'GET', url: `/api/analysis/shareable?link=${a.shareToken}` });
    snap.shared = { status: shared.statusCode, body: shared.json() as unknown };
    const preview = await h.app.inject({ method: 'GET', url: `/api/users/invite/${a.invitation.token}` });
    snap.invitationPreview = { status: preview.statusCode, body: preview.json() as unknown };
    const member = await as(a.member, 'GET', '/api/users/verify-token');
    snap.memberSession = { status: member.statusCode, body: member.json() as unknown };
    return snap;
  }

  it("refuses B every one of A's ids, leaks nothing of A's, and leaves A's things as they were", async () => {
    const before = await snapshotOfA();
    expect((before[`/api/analysis/analysis?id=${a.rec}`] as { status: number }).status).toBe(200);

    const failures: string[] = [];
    let sent = 0;
    for (const [key, entry] of Object.entries(ROUTES)) {
      if ('capability' in entry) continue;
      const def = routes.get(key)!;
      for (const probe of entry.probes(a, { fileUrl })) {
        const res = await as(b, probe.method ?? def.method, probe.url, probe.payload, probe.headers);
        sent++;
        const where = `${key} — ${probe.what}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        const leaked = a.markers.filter((m) => m && res.body.includes(m));
        if (leaked.length) failures.push(`A's data (${leaked.join(', ')}) in the answer ← ${where}`);
        if (res.statusCode >= 500) failures.push(`server error ← ${where}`);
        if ((probe.outcome ?? 'refused') === 'scoped') {
          if (res.statusCode >= 300) failures.push(`expected B's own data (2xx) ← ${where}`);
          continue;
        }
        const allowed = [404, ...(probe.status ?? [])];
        if (!allowed.includes(res.statusCode)) {
          failures.push(`expected ${allowed.join(' or ')} ← ${where}`);
          continue;
        }
        if (res.statusCode !== 404) {
          const documented = (DOCUMENTED[res.statusCode] ?? []).some((c) =>
            (def.errors ?? []).includes(c as never),
          );
          if (!documented && !probe.selfCheck)
            failures.push(`${res.statusCode} is not documented by the route ← ${where}`);
        }
        const error = (res.json() as { error?: { code?: string } }).error;
        if (!error?.code) failures.push(`not the error shape ← ${where}`);
        if (/^audio\//.test(String(res.headers['content-type'] ?? '')))
          failures.push(`audio answered ← ${where}`);
      }
    }
    expect.soft(failures).toEqual([]);
    expect(sent).toBeGreaterThan(40);

    const after = await snapshotOfA();
    expect(after).toEqual(before);

    // A's install, approved before B tried its code and state, still finishes: B spent nothing.
    const finish = await as(a.admin, 'POST', '/api/locations/company', a.pendingInstall);
    expect(finish.statusCode).toBe(201);
  });
});
