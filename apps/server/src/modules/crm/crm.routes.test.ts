/**
 * HighLevel integration through the routes, against the sandbox over real HTTP: both install
 * types, bad/reused/foreign state and code, sync (counts, re-run, dates, by name), faults (429
 * storm, 5xx burst), tenancy, the role matrix of every admin route, and tokens never answered.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Sandbox } from '@call-insights/highlevel-sandbox';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '../../lib/crypto.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import {
  approveConsent,
  consent,
  installCompany,
  memberOf,
  organizationOf,
  sandboxEnv,
  startTestSandbox,
  waitForSync,
} from '../../test-support/crm-sandbox.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { upload } from '../../test-support/recordings-client.js';
import { toneWav, toneWavOfSamples } from '../../test-support/wav.js';
import { createStateSigner } from './oauth-state.js';

const DAY = 86_400_000;

describe.each(BACKENDS)('HighLevel integration through the routes on %s', (backend) => {
  let sb: Sandbox;
  let h: Harness;
  let admin: CreatedUser;
  let orgId: number;
  let accounts: { id: number; name: string; location_id: string }[];
  let synced: { id: number; name: string; location_id: string };
  /** Every answer body of this suite, scanned for tokens at the end. */
  const bodies: string[] = [];

  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    auth: Record<string, string>,
    payload?: object,
  ): Promise<LightMyRequestResponse> => {
    const res = await h.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    bodies.push(res.body);
    return res;
  };

  beforeAll(async () => {
    sb = await startTestSandbox();
    h = await createHarness(backend, sandboxEnv(sb), { worker: true });
    admin = await createUser(h.app);
    orgId = await organizationOf(h.app, admin);
    accounts = await installCompany(h, sb, admin);
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  const callsOf = (crmLocationId: string, from: number, to: number) =>
    sb.data.calls.filter((c) => {
      const t = Date.parse(c.message.dateAdded);
      return c.message.locationId === crmLocationId && t >= from && t <= to;
    });

  it('says which CRM it talks to', async () => {
    const res = await call('GET', '/api/crm/provider', admin.auth);
    expect(res.json()).toEqual({ kind: 'highlevel', label: 'HighLevel' });
  });

  it('saves every sub-location of a Company install, each with a minted location token', async () => {
    expect(accounts.map((a) => a.location_id).sort()).toEqual(sb.locations.map((l) => l.id).sort());
    expect(sb.state().locationTokensIssued).toBeGreaterThanOrEqual(sb.locations.length);
    const profile = await call('GET', '/api/locations/profile?userId=1', admin.auth);
    expect(profile.statusCode).toBe(200);
    const rows = profile.json().locations;
    expect(rows).toHaveLength(sb.locations.length);
    expect(rows[0]).toMatchObject({
      source: 'HighLevel',
      install: 'Company',
      active: true,
      needs_reconnect: false,
    });
    const detail = await call('GET', `/api/locations/location?id=${accounts[0]!.id}`, admin.auth);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().location.users).toEqual([
      expect.objectContaining({ id: admin.id, users_locations: { role: 'admin' } }),
    ]);
    const sealed = await h.database.db.execute<{ a: string | null }>(
      sql`select access_token_sealed as a from locations where organization_id = ${orgId}`,
    );
    for (const r of (sealed as unknown as { rows: { a: string | null }[] }).rows)
      expect(r.a).toMatch(/^v1\./);
  });

  it('saves a Location install through POST /locations', async () => {
    const other = await createUser(h.app);
    const target = sb.locations[1]!;
    const { code, state } = await consent(h.app, other.auth, 'Location', `location:${target.id}`);
    const res = await call('POST', '/api/locations', other.auth, { code, state });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: 'success',
      user_type: 'Location',
      locations: [{ location_id: target.id, name: target.name, install: 'Location' }],
    });
  });

  it('refuses tampered, expired, reused and foreign states, the wrong install route and bad codes', async () => {
    const user = await createUser(h.app);
    const stranger = await createUser(h.app);
    const loc = `location:${sb.locations[0]!.id}`;

    const first = await consent(h.app, user.auth, 'Location', loc);
    const tampered = await call('POST', '/api/crm/oauth/callback', user.auth, {
      code: first.code,
      state: `${first.state.slice(0, -2)}xx`,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.message).toMatch(/not valid/);

    const foreign = await call('POST', '/api/crm/oauth/callback', stranger.auth, first);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toMatch(/another user/);

    const signer = createStateSigner(h.secrets.jwtSecret);
    const expired = signer.sign(
      { u: user.id, o: await organizationOf(h.app, user), t: 'Location' },
      -5,
    ).state;
    const late = await call('POST', '/api/crm/oauth/callback', user.auth, {
      code: first.code,
      state: expired,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toMatch(/expired/);

    const wrongRoute = await call('POST', '/api/locations/company', user.auth, first);
    expect(wrongRoute.statusCode).toBe(400);
    expect(wrongRoute.json().error.message).toMatch(/Location install/);

    // The state above was spent by the wrong route: the same state never works twice.
    const reused = await call('POST', '/api/locations', user.auth, first);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toMatch(/already used/);

    const second = await consent(h.app, user.auth, 'Location', loc);
    const badCode = await call('POST', '/api/locations', user.auth, {
      code: 'not-a-code',
      state: second.state,
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.message).toMatch(/refused this authorization code/);

    // A code that was already exchanged is refused by HighLevel on a fresh state.
    const third = await consent(h.app, user.auth, 'Location', loc);
    expect((await call('POST', '/api/locations', user.auth, third)).statusCode).toBe(201);
    const fourth = await consent(h.app, user.auth, 'Location', loc);
    const usedCode = await call('POST', '/api/locations', user.auth, {
      code: third.code,
      state: fourth.state,
    });
    expect(usedCode.statusCode).toBe(400);

    const missing = await call('POST', '/api/locations', user.auth, { code: '', state: '' });
    expect(missing.statusCode).toBe(400);
  });

  it('syncs a window: every recorded call imported once with its contact, the rest counted', async () => {
    const to = Date.now();
    const from = to - 60 * DAY;
    // The account whose window has both recorded calls and calls without a recording.
    const acc = accounts.find((a) => {
      const calls = callsOf(a.location_id, from, to);
      return calls.some((c) => c.scriptId === null) && calls.filter((c) => c.scriptId !== null).length > 2;
    })!;
    synced = acc;
    const expected = callsOf(acc.location_id, from, to);
    const recorded = expected.filter((c) => c.scriptId !== null);
    expect(recorded.length).toBeGreaterThan(2);
    expect(expected.length - recorded.length).toBeGreaterThan(0);

    const start = await call('POST', '/api/crm/sync', admin.auth, {
      location_id: acc.id,
      start_date: from,
      end_date: to,
    });
    expect(start.statusCode).toBe(202);
    expect(start.json()).toMatchObject({
      state: 'Halt',
      message: 'Finding Location',
      location: { id: acc.id },
    });
    const run = await waitForSync(h.app, admin.auth, start.json().id);
    expect(run).toMatchObject({
      state: 'Success',
      errorKind: null,
      message: 'The records were synced!',
      counts: {
        found: expected.length,
        imported: recorded.length,
        noRecording: expected.length - recorded.length,
        skipped: expected.length - recorded.length,
        failed: 0,
      },
    });

    // The admin who asked hears how it ended, with a link to the account.
    const bell = await call('GET', '/api/notifications?limit=50', admin.auth);
    const finished = (bell.json().items as { kind: string }[]).filter((n) => n.kind.startsWith('crm_'));
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({
      kind: 'crm_sync_finished',
      params: {
        location: acc.name,
        imported: recorded.length,
        skipped: expected.length - recorded.length,
        failed: 0,
      },
      link: { type: 'crm', id: acc.id },
      read: false,
    });

    const list = await call('GET', '/api/analysis/transcriptions', admin.auth);
    const items = list.json().items as {
      file: { message_id: string };
      crm_contactName: string;
      crm_email: string;
      phone_number: string;
      location: { name: string };
      source: string;
    }[];
    const fromSync = items.filter((i) => i.location?.name === acc.name);
    expect(fromSync.length).toBe(Math.min(10, recorded.length));
    const sample = recorded.find((c) => c.message.id === fromSync[0]!.file.message_id)!;
    const contact = sb.data.contacts.find((c) => c.id === sample.message.contactId)!;
    expect(fromSync[0]).toMatchObject({
      source: 'crm',
      crm_contactName: contact.name,
      crm_email: contact.email,
      phone_number: contact.phone,
    });

    // The same window again imports nothing twice.
    const again = await call('POST', '/api/crm/sync', admin.auth, {
      location_id: acc.id,
      start_date: from,
      end_date: to,
    });
    const rerun = await waitForSync(h.app, admin.auth, again.json().id);
    expect(rerun.counts).toMatchObject({ found: expected.length, imported: 0, skipped: expected.length });
    const count = await h.database.db.execute(
      sql`select count(*)::int as n from recordings where location_id = ${acc.id}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(recorded.length);
  });

  it('uses HighLevel’s own transcript when it has one', async () => {
    const acc = synced;
    const withTranscript = sb.data.calls.find(
      (c) =>
        c.message.locationId === acc.location_id &&
        c.scriptId !== null &&
        c.hasTranscript &&
        Date.parse(c.message.dateAdded) > Date.now() - 59 * DAY,
    )!;
    const rows = await h.database.db.execute(
      sql`select id, transcript_text as t, num_speakers as n from recordings where crm_message_id = ${withTranscript.message.id}`,
    );
    const row = (rows as unknown as { rows: { id: number; t: string; n: number }[] }).rows[0]!;
    expect(row.t.length).toBeGreaterThan(20);
    expect(row.n).toBe(2);
  });

  it('imports everything through a 429 storm and a burst of 5xx', async () => {
    const acc = accounts.find((a) => a.id !== synced.id)!;
    const to = Date.now();
    const from = to - 60 * DAY;
    const recorded = callsOf(acc.location_id, from, to).filter((c) => c.scriptId !== null);
    const limitedBefore = sb.state().rateLimited;
    sb.faults.rateLimitStorm(6);
    sb.faults.failNext(4, 503);
    const start = await call('POST', '/api/crm/sync', admin.auth, {
      location_id: acc.id,
      start_date: from,
      end_date: to,
    });
    const run = await waitForSync(h.app, admin.auth, start.json().id);
    sb.faults.reset();
    expect(sb.state().rateLimited - limitedBefore).toBeGreaterThanOrEqual(6);
    expect(run).toMatchObject({ state: 'Success', counts: { imported: recorded.length, failed: 0 } });
  });

  it('refuses future dates and reversed windows, finds an account by exact name, 404 on an unknown name', async () => {
    const acc = accounts[1]!;
    const future = await call('POST', '/api/crm/sync', admin.auth, {
      location_id: acc.id,
      end_date: Date.now() + 3 * DAY,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual([
      { path: 'end_date', message: 'Dates after today cannot be synced.' },
    ]);
    // The field's message in the request's language, like the error's own.
    const inFrench = { ...admin.auth, 'accept-language': 'fr' };
    const futureFr = await call('POST', '/api/crm/sync', inFrench, {
      location_id: acc.id,
      start_date: Date.now() + 3 * DAY,
    });
    const futureText = 'Les dates postérieures à aujourd’hui ne peuvent pas être synchronisées.';
    expect(futureFr.json().error).toMatchObject({
      message: futureText,
      fields: [{ path: 'start_date', message: futureText }],
    });
    const reversed = await call('POST', '/api/crm/sync', admin.auth, {
      location_id: acc.id,
      start_date: Date.now() - DAY,
      end_date: Date.now() - 5 * DAY,
    });
    expect(reversed.statusCode).toBe(400);
    // Before 2000 (year 0 once reached PostgreSQL and answered 500), by name or id, in either language.
    for (const [field, value] of [
      ['start_date', '0000-01-01'],
      ['start_date', '1999-12-31T23:59:59Z'],
      ['start_date', 0],
      ['end_date', '0001-01-01'],
    ] as const) {
      const old = await call('POST', '/api/crm/sync', admin.auth, {
        location_name: acc.name,
        [field]: value,
      });
      expect(old.statusCode, `${field} ${value}`).toBe(400);
      expect(old.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: field, message: 'Dates before 1 January 2000 cannot be synced.' }],
      });
    }
    const oldFr = await call(
      'POST',
      '/api/crm/sync',
      { ...admin.auth, 'accept-language': 'fr' },
      {
        location_id: acc.id,
        start_date: '0000-01-01',
      },
    );
    expect(oldFr.json().error.message).toBe(
      'Les dates antérieures au 1er janvier 2000 ne peuvent pas être synchronisées.',
    );
    const noName = await call('POST', '/api/crm/sync', admin.auth, { location_name: `${acc.name} (not it)` });
    expect(noName.statusCode).toBe(404);
    const lower = await call('POST', '/api/crm/sync', admin.auth, { location_name: acc.name.toLowerCase() });
    expect(lower.statusCode).toBe(404);
    const byName = await call('POST', '/api/crm/sync', admin.auth, {
      location_name: acc.name,
      start_date: new Date(Date.now() - 2 * DAY).toISOString(),
    });
    expect(byName.statusCode).toBe(202);
    expect(byName.json().location).toEqual({ id: acc.id, name: acc.name });
    await waitForSync(h.app, admin.auth, byName.json().id);
  });

  it('keeps every id-bearing route inside the organization (another organization’s ids → 404)', async () => {
    const outsider = await createUser(h.app);
    const acc = accounts[0]!;
    const runId = (
      await call('POST', '/api/crm/sync', admin.auth, { location_id: acc.id, start_date: Date.now() - DAY })
    ).json().id as number;
    await waitForSync(h.app, admin.auth, runId);
    const probes: [string, string, object | undefined][] = [
      ['GET', `/api/locations/location?id=${acc.id}`, undefined],
      ['PUT', '/api/locations/location', { id: acc.id, name: 'Mine now' }],
      ['PUT', '/api/locations/active', { id: acc.id, status: false }],
      ['POST', '/api/crm/sync', { location_id: acc.id }],
      ['GET', `/api/crm/sync/${runId}`, undefined],
    ];
    for (const [method, url, payload] of probes) {
      const res = await call(method as 'GET', url, outsider.auth, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/api/locations', outsider.auth)).json().locations).toEqual([]);
    expect((await call('GET', '/api/locations/active-locations', outsider.auth)).json().locations).toEqual(
      [],
    );
    const mine = await call('GET', `/api/locations/location?id=${acc.id}`, admin.auth);
    expect(mine.json().location.name).toBe(acc.name);
  });

  it('lets only admins use the admin routes (user and manager 403), members read their accounts', async () => {
    const user = await memberOf(h, orgId, 'user');
    const manager = await memberOf(h, orgId, 'manager');
    const acc = accounts[1]!;
    const runId = (
      await call('POST', '/api/crm/sync', admin.auth, { location_id: acc.id, start_date: Date.now() - DAY })
    ).json().id as number;
    await waitForSync(h.app, admin.auth, runId);
    const adminRoutes: [string, string, object | undefined, number][] = [
      ['GET', '/api/locations', undefined, 200],
      ['GET', `/api/locations/location?id=${acc.id}`, undefined, 200],
      ['PUT', '/api/locations/location', { id: acc.id, name: acc.name }, 200],
      ['PUT', '/api/locations/active', { id: acc.id, status: true }, 200],
      ['POST', '/api/crm/oauth/start', { user_type: 'Location' }, 200],
      ['GET', `/api/crm/sync/${runId}`, undefined, 200],
      ['GET', '/api/crm/settings', undefined, 200],
      ['PUT', '/api/crm/settings', { writeBack: false }, 200],
      ['POST', '/api/crm/oauth/callback', { code: 'x', state: 'y' }, 400],
      ['POST', '/api/locations', { code: 'x', state: 'y' }, 400],
      ['POST', '/api/locations/company', { code: 'x', state: 'y' }, 400],
    ];
    for (const [method, url, payload, adminStatus] of adminRoutes) {
      for (const who of [user, manager]) {
        const res = await call(method as 'GET', url, who.auth, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const res = await call(method as 'GET', url, admin.auth, payload);
      expect(res.statusCode, `${method} ${url} as admin`).toBe(adminStatus);
    }
    const start = await call('POST', '/api/crm/sync', user.auth, { location_id: acc.id });
    expect(start.statusCode).toBe(403);
    for (const who of [user, manager, admin]) {
      expect((await call('GET', '/api/locations/profile', who.auth)).statusCode).toBe(200);
      expect((await call('GET', '/api/locations/active-locations', who.auth)).statusCode).toBe(200);
      expect((await call('GET', '/api/crm/provider', who.auth)).statusCode).toBe(200);
    }
    expect((await call('GET', '/api/locations/profile', {})).statusCode).toBe(401);
  });

  it('renames and turns Active sync off and on with the spec’s answers', async () => {
    const acc = accounts[2]!;
    const renamed = await call('PUT', '/api/locations/location', admin.auth, {
      id: acc.id,
      name: 'Renamed office',
    });
    expect(renamed.json()).toEqual({ msg: 'success' });
    expect(
      (await call('PUT', '/api/locations/location', admin.auth, { id: acc.id, name: '  ' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/locations/active', admin.auth, { id: acc.id, status: false })).json(),
    ).toEqual({
      msg: 'success',
    });
    const active = (await call('GET', '/api/locations/active-locations', admin.auth)).json().locations;
    expect(active.map((l: { id: number }) => l.id)).not.toContain(acc.id);
    await call('PUT', '/api/locations/active', admin.auth, { id: acc.id, status: true });
    await call('PUT', '/api/locations/location', admin.auth, { id: acc.id, name: acc.name });
  });

  it('never answers a token (every body of this suite scanned)', async () => {
    const sealer = createSealer(h.secrets.encryptionKey);
    const res = await h.database.db.execute(
      sql`select access_token_sealed as a, refresh_token_sealed as r from locations
          union all select access_token_sealed, refresh_token_sealed from crm_connections`,
    );
    const tokens = (res as unknown as { rows: { a: string | null; r: string | null }[] }).rows
      .flatMap((r) => [r.a, r.r])
      .filter((v): v is string => v !== null)
      .map((v) => sealer.open(v));
    expect(tokens.length).toBeGreaterThan(3);
    expect(bodies.length).toBeGreaterThan(40);
    for (const body of bodies) {
      for (const t of tokens) expect(body.includes(t)).toBe(false);
      expect(body).not.toMatch(/access_token|refresh_token|token_sealed/);
    }
  });
});

describe.each(BACKENDS)('sync quota and a location the sandbox no longer lets in on %s', (backend) => {
  let sb: Sandbox;
  let h: Harness;
  let admin: CreatedUser;
  let accounts: { id: number; name: string; location_id: string }[];

  beforeAll(async () => {
    sb = await startTestSandbox({ seed: 11 });
    h = await createHarness(backend, { ...sandboxEnv(sb), MAX_RECORDINGS_PER_ORG: '4' }, { worker: true });
    admin = await createUser(h.app);
    accounts = await installCompany(h, sb, admin);
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  it('stops at the organization’s quota (MaxCallExcided), then refuses a new sync (MaxCallAllreadyExcided)', async () => {
    const acc = accounts[0]!;
    const start = await h.app.inject({
      method: 'POST',
      url: '/api/crm/sync',
      headers: admin.auth,
      payload: { location_id: acc.id, start_date: Date.now() - 60 * DAY },
    });
    const run = await waitForSync(h.app, admin.auth, start.json().id);
    expect(run).toMatchObject({
      state: 'Error',
      errorKind: 'MaxCallExcided',
      message:
        'You have more recordings to sync than the limit for your account. Only part of the recordings were saved.',
      counts: { imported: 4 },
    });
    const bell = await h.app.inject({
      method: 'GET',
      url: '/api/notifications?limit=50',
      headers: admin.auth,
    });
    const crmEvents = (bell.json().items as { kind: string }[]).filter((n) => n.kind.startsWith('crm_'));
    expect(crmEvents[0]).toMatchObject({
      kind: 'crm_sync_failed',
      params: { location: acc.name, reason: 'MaxCallExcided' },
      link: { type: 'crm', id: acc.id },
    });
    const next = await h.app.inject({
      method: 'POST',
      url: '/api/crm/sync',
      headers: admin.auth,
      payload: { location_id: accounts[1]!.id },
    });
    expect(next.statusCode).toBe(202);
    expect(next.json()).toMatchObject({
      state: 'Error',
      errorKind: 'MaxCallAllreadyExcided',
      message: 'You have exceeded the maximum number of saved recordings.',
    });
  });

  it('shares the last places between a running sync and uploads, never going past the quota', async () => {
    const acc = accounts[0]!;
    // Room for 4 again; the account has more calls than that (the run above stopped at 4).
    await h.database.db.execute(sql`delete from recordings`);
    const [start, ...uploads] = await Promise.all([
      h.app.inject({
        method: 'POST',
        url: '/api/crm/sync',
        headers: admin.auth,
        payload: { location_id: acc.id, start_date: Date.now() - 60 * DAY },
      }),
      ...[1, 2, 3].map((i) => upload(h.app, admin.auth, { name: `race-${i}.wav`, data: toneWav(0.2) })),
    ]);
    expect(start!.statusCode).toBe(202);
    const run = await waitForSync(h.app, admin.auth, start!.json().id);
    expect(run).toMatchObject({ state: 'Error', errorKind: 'MaxCallExcided' });
    const uploaded = uploads.filter((r) => r.statusCode === 201).length;
    for (const refused of uploads.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('You have exceeded the maximum number of saved recordings.');
    }
    expect(run.counts.imported + uploaded).toBe(4);
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/analysis/transcriptions',
      headers: admin.auth,
    });
    expect(list.json().total).toBe(4);
  });

  it('ends with the AccessToken error when HighLevel refuses the tokens, and marks the account', async () => {
    const acc = accounts[2]!;
    // The company connection's refresh token is gone: nothing can mint a new location token.
    await h.database.db.execute(sql`update crm_connections set refresh_token_sealed = null`);
    await h.database.db.execute(sql`update locations set token_expires_at = now() where id = ${acc.id}`);
    await h.database.db.execute(sql`update crm_connections set token_expires_at = now()`);
    await h.database.db.execute(sql`delete from recordings`);
    const start = await h.app.inject({
      method: 'POST',
      url: '/api/crm/sync',
      headers: admin.auth,
      payload: { location_id: acc.id },
    });
    const run = await waitForSync(h.app, admin.auth, start.json().id);
    expect(run).toMatchObject({ state: 'Error', errorKind: 'AccessToken' });
    expect(run.message).toMatch(/^Error retrieving access token/);
    const profile = await h.app.inject({ method: 'GET', url: '/api/locations/profile', headers: admin.auth });
    const row = profile.json().locations.find((l: { id: number }) => l.id === acc.id);
    expect(row.needs_reconnect).toBe(true);
  });

  it('approves on the consent page only with a state the server gave', async () => {
    const start = await h.app.inject({
      method: 'POST',
      url: '/api/crm/oauth/start',
      headers: admin.auth,
      payload: { user_type: 'Company' },
    });
    const { url, expiresAt } = start.json();
    expect(expiresAt).toBeGreaterThan(Date.now() / 1000);
    const consentUrl = new URL(url);
    expect(consentUrl.searchParams.get('scope')?.split(' ')).toContain('conversations/message.readonly');
    const back = await approveConsent(url, `company:${sb.companyId}`);
    expect(back.state).toBe(consentUrl.searchParams.get('state'));
  });
});

describe.each(BACKENDS)('sync and the storage quota on %s', (backend) => {
  let sb: Sandbox;
  let h: Harness;
  let admin: CreatedUser;
  let accounts: { id: number; name: string; location_id: string }[];
  /** Audio files kept in storage (the sync's downloads included). */
  const storedAudio = () =>
    fs
      .readdirSync(path.join(h.dataDir, 'audio'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.wav') && !path.basename(f).startsWith('.tmp-'));

  beforeAll(async () => {
    sb = await startTestSandbox({ seed: 11 });
    h = await createHarness(backend, { ...sandboxEnv(sb), MAX_STORAGE_MB_PER_ORG: '1' }, { worker: true });
    admin = await createUser(h.app);
    accounts = await installCompany(h, sb, admin);
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  const sync = (locationId: number) =>
    h.app.inject({
      method: 'POST',
      url: '/api/crm/sync',
      headers: admin.auth,
      payload: { location_id: locationId, start_date: Date.now() - 60 * DAY },
    });

  it('refuses a sync when the storage is full, and stops one when no call fits what is left', async () => {
    // 1 MB exactly (44 + 2 × 524,266 = 1,048,576 bytes): nothing more fits.
    const full = await upload(h.app, admin.auth, { name: 'full.wav', data: toneWavOfSamples(524_266) });
    expect(full.statusCode).toBe(201);
    const refused = await sync(accounts[0]!.id);
    expect(refused.statusCode).toBe(202);
    expect(refused.json()).toMatchObject({ state: 'Error', errorKind: 'MaxCallAllreadyExcided' });

    // 1 KB left: the run starts, and its first call (a recording of seconds) does not fit.
    await h.database.db.execute(sql`delete from recordings`);
    for (const f of storedAudio()) fs.rmSync(path.join(h.dataDir, 'audio', f));
    const almost = await upload(h.app, admin.auth, { name: 'almost.wav', data: toneWavOfSamples(523_754) });
    expect(almost.statusCode).toBe(201);
    const start = await sync(accounts[0]!.id);
    const run = await waitForSync(h.app, admin.auth, start.json().id);
    expect(run).toMatchObject({ state: 'Error', errorKind: 'MaxCallExcided', counts: { imported: 0 } });
    // The refused call's audio was not kept.
    expect(storedAudio()).toHaveLength(1);
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/analysis/transcriptions',
      headers: admin.auth,
    });
    expect(list.json().total).toBe(1);
  });
});
