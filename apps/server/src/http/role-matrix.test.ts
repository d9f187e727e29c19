import crypto from 'node:crypto';
/**
 * The role matrix (docs/ARCHITECTURE.md, "Roles"), walked over EVERY route of every `*Api` object
 * the contracts export — a route without an entry here fails the test. Each route is called as a
 * `user`, a `manager` and an `admin` of one organization, as the admin of another organization
 * (whose ids must answer 404 where the route names one of ours), and signed out; each call must
 * answer exactly the status the table says. Both databases.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RouteDefinition } from '@call-insights/contracts/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../db/schema.js';
import { BACKENDS, createHarness, type Harness } from '../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../test-support/factories.js';
import { addMember, invitationTokenFor } from '../test-support/members.js';
import { multipartBody, waitForRecording } from '../test-support/recordings-client.js';

type As = 'user' | 'manager' | 'admin' | 'foreign' | 'anon';
type Req = {
  method?: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};
type Ctx = {
  h: Harness;
  as: As;
  me: CreatedUser | undefined;
  people: Record<Exclude<As, 'anon'>, CreatedUser>;
  /** A recording of the admin's (done, analysed, with audio): a `user` may not touch it. */
  rec: number;
  /** A CRM account (location) of the organization. */
  location: number;
  coach: { coach_name: string; method: string };
};
type Entry = {
  /** Expected status per caller; `anon` defaults to 401 for non-public routes. */
  expect: Partial<Record<As, number>> & { all?: number };
  request: (ctx: Ctx) => Promise<Req> | Req;
};

const M = { user: 200, manager: 200, admin: 200, foreign: 200 }; // any member
const MGR = { user: 403, manager: 200, admin: 200, foreign: 200 }; // manager or admin, own organization
const ADM = { user: 403, manager: 403, admin: 200, foreign: 200 }; // admin, own organization
/** An id of the organization's: the other organization's admin gets 404, a user their own only. */
const OWNED = (ok: number) => ({ user: 404, manager: ok, admin: ok, foreign: 404 });

let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;

async function freshInvitation(ctx: Ctx, role = 'user') {
  const email = `matrix_${tag()}@example.com`;
  const res = await ctx.h.app.inject({
    method: 'POST',
    url: '/api/users/invite',
    headers: ctx.people.admin.auth,
    payload: { email, role },
  });
  return { id: res.json().id as number, token: await invitationTokenFor(ctx.h, email) };
}
async function freshShareToken(ctx: Ctx): Promise<string> {
  const res = await ctx.h.app.inject({
    method: 'POST',
    url: '/api/analysis/link-generator',
    headers: ctx.people.admin.auth,
    payload: { id: ctx.rec },
  });
  return res.json().token;
}
/** A tracker of the admin's organization, made for one call of the matrix. */
async function freshTracker(ctx: Ctx): Promise<number> {
  const res = await ctx.h.app.inject({
    method: 'POST',
    url: '/api/trackers',
    headers: ctx.people.admin.auth,
    payload: { name: `Matrix ${tag()}`, phrases: { en: ['matrix'], fr: [] } },
  });
  return res.json().id as number;
}
const own = (ctx: Ctx) => ctx.me ?? ctx.people.admin;
/** A conversation of the caller's (the assistant's routes only ever show one's own). */
async function ownConversation(ctx: Ctx): Promise<string> {
  const session = crypto.randomUUID();
  await ctx.h.app.inject({
    method: 'POST',
    url: '/api/agent/query',
    headers: own(ctx).auth,
    payload: { query: 'Who are you?', session_id: session },
  });
  return session;
}

const MATRIX: Record<string, Entry> = {
  // ---- health ----
  'healthApi.health': { expect: { all: 200 }, request: () => ({ url: '/api/health' }) },
  // ---- users ----
  'usersApi.signUp': {
    expect: { all: 201 },
    request: () => {
      const t = tag();
      return {
        method: 'POST',
        url: '/api/users',
        payload: {
          firstName: 'S',
          lastName: 'U',
          userName: `su_${t}`,
          email: `su_${t}@example.com`,
          organization: 'New org',
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
        },
      };
    },
  },
  'usersApi.login': {
    expect: { all: 200 },
    request: (ctx) => ({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: ctx.people.admin.email, password: ctx.people.admin.password },
    }),
  },
  'usersApi.verifyToken': { expect: M, request: () => ({ url: '/api/users/verify-token' }) },
  'usersApi.getUser': {
    expect: { user: 403, manager: 200, admin: 200, foreign: 404 },
    request: (ctx) => ({ url: `/api/users/userId/${ctx.people.admin.id}` }),
  },
  'usersApi.updateProfile': {
    expect: M,
    request: (ctx) => ({
      method: 'PUT',
      url: '/api/users',
      payload: {
        first_name: 'Same',
        last_name: 'Person',
        email: own(ctx).email,
        username: own(ctx).username,
      },
    }),
  },
  'usersApi.changePassword': {
    expect: M,
    // A password change ends the caller's other sessions: a throwaway member of the same role changes it.
    request: async (ctx) => {
      const who =
        ctx.as === 'foreign' || ctx.as === 'anon'
          ? await createUser(ctx.h.app)
          : ctx.as === 'admin'
            ? await addMember(ctx.h, ctx.people.admin, 'admin')
            : await addMember(ctx.h, ctx.people.admin, ctx.as);
      return {
        method: 'PUT',
        url: '/api/users/change-password',
        payload: { email: who.email, currentPassword: who.password, password: 'another good password' },
        ...(ctx.as === 'anon' ? {} : { headers: who.auth }),
      };
    },
  },
  'usersApi.forgotPassword': {
    expect: { all: 200 },
    request: (ctx) => ({
      method: 'POST',
      url: '/api/users/forgotPassword',
      payload: { email: ctx.people.admin.email },
    }),
  },
  'usersApi.resetPassword': {
    expect: { all: 400 }, // a token nobody was sent
    request: () => ({
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: { token: 'x'.repeat(40), password: 'another good password' },
    }),
  },
  'usersApi.saveAgencyKey': {
    expect: ADM,
    request: (ctx) => ({
      method: 'POST',
      url: '/api/users/agencyKey',
      payload: { user_id: own(ctx).id, source_id: 1, type_id: 3, organization_id: 1, key: 'k-123' },
    }),
  },
  'usersApi.setUserType': {
    expect: M,
    request: (ctx) => ({
      method: 'PUT',
      url: '/api/users/user-type',
      payload: { user_type: 'Location', user_id: own(ctx).id },
    }),
  },
  'usersApi.getUserType': {
    expect: { user: 403, manager: 200, admin: 200, foreign: 404 },
    request: (ctx) => ({ url: `/api/users/user-type?user_id=${ctx.people.admin.id}` }),
  },
  // ---- organization ----
  'organizationApi.settings': { expect: M, request: () => ({ url: '/api/organization/settings' }) },
  'organizationApi.updateSettings': {
    expect: ADM,
    request: () => ({ method: 'PUT', url: '/api/organization/settings', payload: { redact_emails: false } }),
  },
  // ---- recordings ----
  'recordingsApi.upload': {
    expect: { user: 415, manager: 415, admin: 415, foreign: 415 }, // allowed; the bytes are not audio
    request: () => {
      const body = multipartBody(
        { name: 'notes.txt', data: Buffer.from('not audio at all '.repeat(20)) },
        {
          upload_type: 'uploaded_file',
          num_speakers: 2,
        },
      );
      return {
        method: 'POST',
        url: '/api/analysis/upload_file',
        payload: body.payload,
        headers: body.headers,
      };
    },
  },
  'recordingsApi.importUrl': {
    expect: { user: 400, manager: 400, admin: 400, foreign: 400 }, // allowed; a private address is refused
    request: () => ({
      method: 'POST',
      url: '/api/analysis/file-url',
      payload: { file_url: 'http://127.0.0.1:9/a.wav' },
    }),
  },
  'recordingsApi.list': { expect: M, request: () => ({ url: '/api/analysis/transcriptions' }) },
  'recordingsApi.progress': {
    expect: OWNED(200),
    request: (ctx) => ({ url: `/api/transcription/progress?id=${ctx.rec}` }),
  },
  'recordingsApi.retry': {
    expect: OWNED(409), // reachable, but only a failed recording can be retried
    request: (ctx) => ({ method: 'POST', url: `/api/recordings/${ctx.rec}/retry` }),
  },
  'recordingsApi.audio': {
    expect: { ...OWNED(200), anon: 401 },
    request: (ctx) => ({ url: `/api/recordings/${ctx.rec}/audio` }),
  },
  'recordingsApi.audioUrl': {
    expect: OWNED(200),
    request: (ctx) => ({ url: `/api/recordings/${ctx.rec}/audio-url` }),
  },
  'recordingsApi.exportCsv': { expect: M, request: () => ({ url: '/api/recordings/export.csv' }) },
  'recordingsApi.importSamples': {
    expect: { user: 201, manager: 201, admin: 201, foreign: 201 },
    request: () => ({ method: 'POST', url: '/api/recordings/samples' }),
  },
  // ---- analysis ----
  'analysisApi.record': {
    expect: OWNED(200),
    request: (ctx) => ({ url: `/api/analysis/analysis?id=${ctx.rec}` }),
  },
  'analysisApi.coaches': { expect: M, request: () => ({ url: '/api/analysis/coaches' }) },
  'analysisApi.coaching': {
    expect: OWNED(200),
    request: (ctx) => ({
      method: 'POST',
      url: '/api/analysis/coaching',
      payload: { id: ctx.rec, transcription: 'x', ...ctx.coach },
    }),
  },
  'analysisApi.reanalyze': {
    expect: OWNED(200),
    request: (ctx) => ({ method: 'POST', url: `/api/recordings/${ctx.rec}/reanalyze` }),
  },
  'analysisApi.createShareLink': {
    expect: OWNED(200),
    request: (ctx) => ({ method: 'POST', url: '/api/analysis/link-generator', payload: { id: ctx.rec } }),
  },
  'analysisApi.shareLinks': {
    expect: OWNED(200),
    request: (ctx) => ({ url: `/api/recordings/${ctx.rec}/share-links` }),
  },
  'analysisApi.revokeShareLink': {
    expect: OWNED(204),
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/analysis/shareable?link=${await freshShareToken(ctx)}`,
    }),
  },
  'analysisApi.openShared': {
    expect: { all: 200 },
    request: async (ctx) => ({ url: `/api/analysis/shareable?link=${await freshShareToken(ctx)}` }),
  },
  // ---- CRM accounts (locations) ----
  'locationsApi.profile': { expect: M, request: () => ({ url: '/api/locations/profile' }) },
  'locationsApi.setActive': {
    expect: { user: 403, manager: 403, admin: 200, foreign: 404 },
    request: (ctx) => ({
      method: 'PUT',
      url: '/api/locations/active',
      payload: { id: ctx.location, status: true },
    }),
  },
  'locationsApi.list': { expect: ADM, request: () => ({ url: '/api/locations' }) },
  'locationsApi.saveLocation': {
    expect: { user: 403, manager: 403, admin: 400, foreign: 400 }, // allowed; an OAuth state nobody issued
    request: () => ({ method: 'POST', url: '/api/locations', payload: { code: 'c', state: 'not-a-state' } }),
  },
  'locationsApi.saveCompany': {
    expect: { user: 403, manager: 403, admin: 400, foreign: 400 },
    request: () => ({
      method: 'POST',
      url: '/api/locations/company',
      payload: { code: 'c', state: 'not-a-state' },
    }),
  },
  'locationsApi.get': {
    expect: { user: 403, manager: 403, admin: 200, foreign: 404 },
    request: (ctx) => ({ url: `/api/locations/location?id=${ctx.location}` }),
  },
  'locationsApi.rename': {
    expect: { user: 403, manager: 403, admin: 200, foreign: 404 },
    request: (ctx) => ({
      method: 'PUT',
      url: '/api/locations/location',
      payload: { id: ctx.location, name: 'Main office' },
    }),
  },
  'locationsApi.activeLocations': { expect: M, request: () => ({ url: '/api/locations/active-locations' }) },
  // ---- CRM connection and sync ----
  'crmApi.provider': { expect: M, request: () => ({ url: '/api/crm/provider' }) },
  'crmApi.oauthStart': {
    expect: { user: 403, manager: 403, admin: 200, foreign: 200 },
    request: () => ({ method: 'POST', url: '/api/crm/oauth/start', payload: { user_type: 'Location' } }),
  },
  'crmApi.oauthCallback': {
    expect: { user: 403, manager: 403, admin: 400, foreign: 400 },
    request: () => ({
      method: 'POST',
      url: '/api/crm/oauth/callback',
      payload: { code: 'c', state: 'not-a-state' },
    }),
  },
  'crmApi.startSync': {
    expect: { user: 403, manager: 403, admin: 404, foreign: 404 }, // allowed; no account has this name
    request: () => ({ method: 'POST', url: '/api/crm/sync', payload: { location_name: 'No such account' } }),
  },
  'crmApi.syncStatus': {
    expect: { user: 403, manager: 403, admin: 404, foreign: 404 }, // allowed; no such run
    request: () => ({ url: '/api/crm/sync/2147483647' }),
  },
  'crmApi.getSettings': { expect: ADM, request: () => ({ url: '/api/crm/settings' }) },
  'crmApi.putSettings': {
    expect: ADM,
    request: () => ({ method: 'PUT', url: '/api/crm/settings', payload: { writeBack: false } }),
  },
  'crmApi.webhook': {
    expect: { all: 401 }, // HighLevel's signature is the credential, not a session
    request: () => ({
      method: 'POST',
      url: '/api/crm/webhooks/highlevel',
      payload: { type: 'InboundMessage' },
    }),
  },
  // ---- organization: retention ----
  'organizationApi.retentionPreview': {
    expect: ADM,
    request: () => ({ url: '/api/organization/retention-preview?days=30' }),
  },
  'organizationApi.runRetention': {
    // Allowed for admins; no retention period is set in these organizations, so it is refused.
    expect: { user: 403, manager: 403, admin: 409, foreign: 409 },
    request: () => ({ method: 'POST', url: '/api/organization/retention/run' }),
  },
  // ---- assistant: every member, their own conversations ----
  'chatApi.query': {
    expect: M,
    request: () => ({
      method: 'POST',
      url: '/api/agent/query',
      payload: { query: 'Who are you?', session_id: crypto.randomUUID() },
    }),
  },
  'chatApi.history': {
    expect: M,
    request: async (ctx) => ({ url: `/api/message-history/${await ownConversation(ctx)}` }),
  },
  'chatApi.conversations': {
    expect: M,
    request: (ctx) => ({ url: `/api/message-history-user-id/${own(ctx).id}` }),
  },
  'chatApi.deleteConversation': {
    expect: { user: 204, manager: 204, admin: 204, foreign: 204 },
    request: async (ctx) => ({ method: 'DELETE', url: `/api/message-history/${await ownConversation(ctx)}` }),
  },
  // ---- audit ----
  'auditApi.list': { expect: ADM, request: () => ({ url: '/api/audit' }) },
  'auditApi.exportCsv': { expect: ADM, request: () => ({ url: '/api/audit/export.csv' }) },
  // ---- members ----
  'membersApi.invite': {
    expect: { user: 403, manager: 403, admin: 201, foreign: 201 },
    request: () => ({
      method: 'POST',
      url: '/api/users/invite',
      payload: { email: `inv_${tag()}@example.com`, role: 'user' },
    }),
  },
  'membersApi.invitations': { expect: ADM, request: () => ({ url: '/api/users/invitations' }) },
  'membersApi.revokeInvitation': {
    expect: { user: 403, manager: 403, admin: 204, foreign: 404 },
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/users/invitations/${(await freshInvitation(ctx)).id}`,
    }),
  },
  'membersApi.previewInvite': {
    expect: { all: 200 },
    request: async (ctx) => ({ url: `/api/users/invite/${(await freshInvitation(ctx)).token}` }),
  },
  'membersApi.acceptInvite': {
    expect: { all: 201 },
    request: async (ctx) => {
      const t = tag();
      return {
        method: 'POST',
        url: '/api/users/accept-invite',
        payload: {
          token: (await freshInvitation(ctx)).token,
          firstName: 'New',
          lastName: 'Member',
          userName: `nm_${t}`,
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
        },
      };
    },
  },
  'membersApi.list': { expect: ADM, request: () => ({ url: '/api/members' }) },
  'membersApi.updateRole': {
    expect: { user: 403, manager: 403, admin: 200, foreign: 404 },
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/members/${(await addMember(ctx.h, ctx.people.admin, 'user')).id}`,
      payload: { role: 'manager' },
    }),
  },
  'membersApi.remove': {
    expect: { user: 403, manager: 403, admin: 204, foreign: 404 },
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/members/${(await addMember(ctx.h, ctx.people.admin, 'user')).id}`,
    }),
  },
  // ---- manager pages and the hub ----
  'managerApi.users': { expect: MGR, request: () => ({ url: '/api/manager/users' }) },
  'managerApi.totalRecordings': {
    expect: MGR,
    request: () => ({ url: '/api/manager/dashboard/total-recordings' }),
  },
  'managerApi.totalTimes': { expect: MGR, request: () => ({ url: '/api/manager/dashboard/total-times' }) },
  'managerApi.results': { expect: MGR, request: () => ({ url: '/api/manager/dashboard/results' }) },
  'managerApi.summary': {
    expect: MGR,
    request: () => ({ url: '/api/manager/dashboard/summary?duration=29' }),
  },
  'dashboardApi.me': { expect: M, request: () => ({ url: '/api/dashboard/me' }) },
  // ---- trackers: members read, managers and admins change ----
  'trackersApi.list': { expect: M, request: () => ({ url: '/api/trackers' }) },
  'trackersApi.create': {
    expect: { user: 403, manager: 201, admin: 201, foreign: 201 },
    request: () => ({
      method: 'POST',
      url: '/api/trackers',
      payload: { name: `Matrix ${tag()}`, phrases: { en: ['matrix'], fr: [] } },
    }),
  },
  'trackersApi.update': {
    expect: { user: 403, manager: 200, admin: 200, foreign: 404 },
    request: async (ctx) => ({
      method: 'PUT',
      url: `/api/trackers/${await freshTracker(ctx)}`,
      payload: { name: `Matrix ${tag()}`, phrases: { en: ['changed'], fr: [] } },
    }),
  },
  'trackersApi.remove': {
    expect: { user: 403, manager: 204, admin: 204, foreign: 404 },
    request: async (ctx) => ({ method: 'DELETE', url: `/api/trackers/${await freshTracker(ctx)}` }),
  },
  'trackersApi.reapply': {
    expect: { user: 403, manager: 202, admin: 202, foreign: 202 },
    request: () => ({ method: 'POST', url: '/api/trackers/reapply' }),
  },
  'trackersApi.reapplyStatus': {
    expect: { user: 403, manager: 200, admin: 200, foreign: 404 },
    request: async (ctx) => {
      const run = await ctx.h.app.inject({
        method: 'POST',
        url: '/api/trackers/reapply',
        headers: ctx.people.admin.auth,
      });
      return { url: `/api/trackers/reapply/${run.json().id}` };
    },
  },
  'trackersApi.recordingHits': {
    expect: OWNED(200),
    request: (ctx) => ({ url: `/api/recordings/${ctx.rec}/tracker-hits` }),
  },
  // ---- notifications ----
  'notificationsApi.list': { expect: M, request: () => ({ url: '/api/notifications' }) },
  'notificationsApi.read': {
    expect: M,
    request: () => ({ method: 'POST', url: '/api/notifications/read', payload: { all: true } }),
  },
  'notificationsApi.streamToken': {
    expect: M,
    request: () => ({ method: 'POST', url: '/api/notifications/stream-token' }),
  },
  'notificationsApi.stream': {
    // The signed token of the query is the credential, not the header (a valid one: notifications tests).
    expect: { all: 401 },
    request: () => ({ url: '/api/notifications/stream?token=1.0.9999999999.not-a-valid-signature' }),
  },
};

/** Every route of every `*Api` export of the contracts' `*.routes.ts` files. */
async function allRoutes(): Promise<Map<string, RouteDefinition>> {
  const dir = fileURLToPath(new URL('../../../../packages/contracts/src', import.meta.url));
  const routes = new Map<string, RouteDefinition>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.routes.ts'))) {
    const mod = (await import(`@call-insights/contracts/${file.replace(/\.ts$/, '')}`)) as Record<
      string,
      unknown
    >;
    for (const [exportName, api] of Object.entries(mod)) {
      if (!exportName.endsWith('Api') || typeof api !== 'object' || api === null) continue;
      for (const [name, def] of Object.entries(api as Record<string, RouteDefinition>))
        routes.set(`${exportName}.${name}`, def);
    }
  }
  return routes;
}

const CALLERS: As[] = ['user', 'manager', 'admin', 'foreign', 'anon'];

function expected(entry: Entry, def: RouteDefinition, as: As): number {
  const e = entry.expect;
  if (as === 'anon') return e.anon ?? (def.access === 'public' ? (e.all ?? 0) : 401);
  return e[as] ?? e.all ?? 0;
}

describe('the role matrix covers every route', () => {
  it('has one entry per route of the contracts, and no stale entry', async () => {
    const routes = await allRoutes();
    expect(routes.size).toBeGreaterThan(40);
    expect([...routes.keys()].filter((k) => !(k in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.has(k))).toEqual([]);
  });
});

describe.each(BACKENDS)('role matrix on %s', (backend) => {
  let h: Harness;
  let routes: Map<string, RouteDefinition>;
  let base: Omit<Ctx, 'as' | 'me'>;

  beforeAll(async () => {
    routes = await allRoutes();
    h = await createHarness(backend, {}, { worker: true });
    const admin = await createUser(h.app);
    const people = {
      admin,
      manager: await addMember(h, admin, 'manager'),
      user: await addMember(h, admin, 'user'),
      foreign: await createUser(h.app),
    };
    const res = await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: admin.auth });
    const rec = res.json().ids[0] as number;
    await waitForRecording(h.app, admin.auth, rec);
    const record = await h.app.inject({
      method: 'GET',
      url: `/api/analysis/analysis?id=${rec}`,
      headers: admin.auth,
    });
    // The audio routes need the sample's spoken audio (espeak-ng).
    expect(record.json().hasAudio).toBe(true);
    const organizationId = (
      await h.app.inject({ method: 'GET', url: `/api/users/userId/${admin.id}`, headers: admin.auth })
    ).json().organizationId as number;
    const [loc] = await h.database.db
      .insert(locations)
      .values({ organizationId, crmLocationId: 'loc-matrix', name: 'Main office' })
      .returning({ id: locations.id });
    const catalogue = h.container.catalogue;
    base = {
      h,
      people,
      rec,
      location: loc!.id,
      coach: { coach_name: catalogue.coaches[0]!.name, method: catalogue.coaches[0]!.methods[0]! },
    };
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it.each(Object.keys(MATRIX).sort())('%s answers each role exactly', async (key) => {
    const def = routes.get(key);
    expect(def, `${key} is not a route of the contracts`).toBeDefined();
    const entry = MATRIX[key]!;
    const got: Partial<Record<As, number>> = {};
    const want: Partial<Record<As, number>> = {};
    for (const as of CALLERS) {
      const me = as === 'anon' ? undefined : base.people[as];
      const req = await entry.request({ ...base, as, me });
      const res = await h.app.inject({
        method: (req.method ?? def!.method) as 'GET',
        url: req.url,
        headers: { ...(me ? me.auth : {}), ...(req.headers ?? {}) },
        ...(req.payload === undefined ? {} : { payload: req.payload as object }),
      });
      got[as] = res.statusCode;
      want[as] = expected(entry, def!, as);
      // Cross-tenant: whatever the status, another organization's admin reads nothing of ours
      // (public routes answer whoever holds the credentials or link they are given).
      if (as === 'foreign' && def!.access !== 'public') {
        const ours = [
          base.people.admin.email,
          base.people.manager.email,
          base.people.user.email,
          'loc-matrix',
        ];
        for (const mark of ours)
          expect(res.body, `${key} shows ${mark} to another organization`).not.toContain(mark);
      }
      // Wait for a re-analysis to finish so the next caller meets the recording as it was.
      if (key === 'analysisApi.reanalyze' && res.statusCode === 200)
        await waitForRecording(h.app, base.people.admin.auth, base.rec);
    }
    expect(got).toEqual(want);
  });

  it('lets a user act on their own recordings (the ownership half of the matrix)', async () => {
    const { user } = base.people;
    const res = await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: user.auth });
    const mine = res.json().ids[0] as number;
    await waitForRecording(h.app, user.auth, mine);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      h.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
    expect((await call('GET', `/api/analysis/analysis?id=${mine}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/recordings/${mine}/audio-url`)).statusCode).toBe(200);
    const link = await call('POST', '/api/analysis/link-generator', { id: mine });
    expect(link.statusCode).toBe(200);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: `/api/analysis/shareable?link=${link.json().token}`,
          headers: user.auth,
        })
      ).statusCode,
    ).toBe(204);
    // Their list and export hold their own calls only; the manager's hold the organization's.
    const listed = (await call('GET', '/api/analysis/transcriptions'))
      .json()
      .items.map((i: { id: number }) => i.id);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(base.rec);
    const managerList = (
      await h.app.inject({
        method: 'GET',
        url: '/api/analysis/transcriptions',
        headers: base.people.manager.auth,
      })
    )
      .json()
      .items.map((i: { id: number }) => i.id);
    expect(managerList).toEqual(expect.arrayContaining([mine, base.rec]));
    const csv = (await call('GET', '/api/recordings/export.csv')).body;
    const adminCsv = (
      await h.app.inject({
        method: 'GET',
        url: '/api/recordings/export.csv',
        headers: base.people.admin.auth,
      })
    ).body;
    expect(csv.trim().split('\n').length).toBeLessThan(adminCsv.trim().split('\n').length);
  });
});
