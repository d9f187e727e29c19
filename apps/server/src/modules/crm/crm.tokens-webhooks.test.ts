/**
 * Tokens, webhooks and write-back against the sandbox over real HTTP: two workers racing to
 * refresh an expired token refresh it once; a token close to expiry is refreshed ahead; signed
 * call webhooks bring calls in (live sync) only for accounts with Active sync on; bad signatures,
 * old timestamps and replays are refused; UNINSTALL disconnects; analysis notes are written back once.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '@call-insights/highlevel-sandbox';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, type Composition } from '../../composition.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import {
  consent,
  installCompany,
  sandboxEnv,
  startTestSandbox,
  waitForSync,
} from '../../test-support/crm-sandbox.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { crmWriteBackJob } from './crm.jobs.js';

const DAY = 86_400_000;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(BACKENDS)('HighLevel tokens, webhooks and write-back on %s', (backend) => {
  let sb: Sandbox;
  let h: Harness;
  let second: Composition | undefined;
  let admin: CreatedUser;
  let accounts: { id: number; name: string; location_id: string }[];
  let hookUrl: string;
  const keys = crypto.generateKeyPairSync('ed25519');
  const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  const sign = (payload: object, key: crypto.KeyObject = keys.privateKey) => {
    const raw = Buffer.from(JSON.stringify(payload));
    return { raw, signature: crypto.sign(null, raw, key).toString('base64') };
  };
  const postHook = (raw: Buffer, signature: string) =>
    fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ghl-signature': signature },
      body: raw,
    });

  beforeAll(async () => {
    sb = await startTestSandbox({ seed: 3 });
    h = await createHarness(
      backend,
      {
        ...sandboxEnv(sb),
        HIGHLEVEL_WEBHOOK_PUBLIC_KEY: Buffer.from(publicPem).toString('base64'),
        PUBLIC_URL: 'https://calls.example.com',
      },
      { worker: true },
    );
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    hookUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/crm/webhooks/highlevel`;
    admin = await createUser(h.app);
    accounts = await installCompany(h, sb, admin);
    if (backend === 'postgres') {
      // A second worker process on the same database: its own pool, its own caches.
      second = await compose(h.config, pino({ level: 'silent' }), {
        secrets: h.secrets,
        database: { driver: 'postgres', connectionString: h.config.DATABASE_URL!, maxConnections: 4 },
      });
    }
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
    await sb?.close();
  });

  it('refreshes an expired token once when two workers hit the 401 together, and saves the rotated one', async () => {
    const { code, state } = await consent(h.app, admin.auth, 'Location', `location:${sb.locations[0]!.id}`);
    const install = await h.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: admin.auth,
      payload: { code, state },
    });
    expect(install.statusCode).toBe(201);
    const id = install.json().locations[0].id as number;
    const crmId = sb.locations[0]!.id;
    const before = await h.database.db.execute(
      sql`select refresh_token_sealed as r from locations where id = ${id}`,
    );

    sb.faults.expireTokensNow();
    const refreshes = sb.state().tokenRefreshCount;
    const workers = [h.container, second?.container ?? h.container];
    const names = await Promise.all(
      workers.map(async (c) => {
        const client = await c.highlevel.client();
        return (await client.getLocation(await c.locations.tokenSource(id), crmId)).name;
      }),
    );
    expect(names).toEqual([sb.locations[0]!.name, sb.locations[0]!.name]);
    expect(sb.state().tokenRefreshCount - refreshes).toBe(1);
    const after = await h.database.db.execute(
      sql`select refresh_token_sealed as r from locations where id = ${id}`,
    );
    expect(rows<{ r: string }>(after)[0]!.r).not.toBe(rows<{ r: string }>(before)[0]!.r);

    // Five minutes before expiry the token is refreshed ahead, without waiting for a 401.
    await h.database.db.execute(
      sql`update locations set token_expires_at = now() + interval '4 minutes' where id = ${id}`,
    );
    const client = await h.container.highlevel.client();
    await client.getLocation(await h.container.locations.tokenSource(id), crmId);
    expect(sb.state().tokenRefreshCount - refreshes).toBe(2);
  });

  it('mints a new location token from the company token when it expires, once for two workers', async () => {
    const acc = accounts[1]!;
    sb.faults.expireTokensNow();
    const minted = sb.state().locationTokensIssued;
    const workers = [h.container, second?.container ?? h.container];
    await Promise.all(
      workers.map(async (c) => {
        const client = await c.highlevel.client();
        await client.getLocation(await c.locations.tokenSource(acc.id), acc.location_id);
      }),
    );
    // The company token expired too: it is refreshed (once) and one location token minted.
    expect(sb.state().locationTokensIssued - minted).toBe(1);
  });

  it('brings a call in from a signed webhook when Active sync is on, and refuses a replay', async () => {
    const acc = accounts[0]!;
    const delivery = await sb.emitCallWebhook({ locationId: acc.location_id }, hookUrl, keys.privateKey);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({ status: 'accepted' });
    const messageId = delivery.payload.messageId;
    const rec = await until('live call imported', async () => {
      const r = await h.database.db.execute(
        sql`select id, crm_contact_name as n, location_id as l from recordings where crm_message_id = ${messageId}`,
      );
      return rows<{ id: number; n: string; l: number }>(r)[0];
    });
    expect(rec.l).toBe(acc.id);
    expect(rec.n).toBe(sb.data.contacts.find((c) => c.id === delivery.payload.contactId)!.name);

    const again = sign(delivery.payload);
    expect((await postHook(again.raw, again.signature)).status).toBe(409);
  });

  it('ignores calls of an account whose Active sync is off', async () => {
    const acc = accounts[2]!;
    await h.app.inject({
      method: 'PUT',
      url: '/api/locations/active',
      headers: admin.auth,
      payload: { id: acc.id, status: false },
    });
    const delivery = await sb.emitCallWebhook({ locationId: acc.location_id }, hookUrl, keys.privateKey);
    expect(JSON.parse(delivery.body)).toEqual({ status: 'ignored' });
    await new Promise((r) => setTimeout(r, 1500));
    const r = await h.database.db.execute(
      sql`select count(*)::int as n from recordings where crm_message_id = ${delivery.payload.messageId}`,
    );
    expect(rows<{ n: number }>(r)[0]!.n).toBe(0);
    await h.app.inject({
      method: 'PUT',
      url: '/api/locations/active',
      headers: admin.auth,
      payload: { id: acc.id, status: true },
    });
  });

  it('refuses unsigned, wrongly signed, old and id-less webhooks', async () => {
    const base = {
      type: 'InboundMessage',
      locationId: accounts[0]!.location_id,
      messageId: 'm-x',
      messageType: 'CALL',
      timestamp: new Date().toISOString(),
      webhookId: crypto.randomUUID(),
    };
    const unsigned = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(base),
    });
    expect(unsigned.status).toBe(401);
    const stranger = crypto.generateKeyPairSync('ed25519').privateKey;
    const forged = sign(base, stranger);
    expect((await postHook(forged.raw, forged.signature)).status).toBe(401);
    const ok = sign(base);
    const tampered = Buffer.from(ok.raw.toString().replace('m-x', 'm-y'));
    expect((await postHook(tampered, ok.signature)).status).toBe(401);
    const old = sign({
      ...base,
      webhookId: crypto.randomUUID(),
      timestamp: new Date(Date.now() - 3600_000).toISOString(),
    });
    const oldRes = await postHook(old.raw, old.signature);
    expect(oldRes.status).toBe(400);
    expect(((await oldRes.json()) as { error: { message: string } }).error.message).toMatch(/too old/);
    const noId = sign({ ...base, webhookId: undefined });
    expect((await postHook(noId.raw, noId.signature)).status).toBe(400);
  });

  it('writes a short analysis note to the contact once, when the organization turned write-back on', async () => {
    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/crm/settings',
      headers: admin.auth,
      payload: { writeBack: true },
    });
    expect(put.json()).toEqual({ writeBack: true });
    const acc = accounts[1]!;
    const start = await h.app.inject({
      method: 'POST',
      url: '/api/crm/sync',
      headers: admin.auth,
      payload: { location_id: acc.id, start_date: Date.now() - 60 * DAY },
    });
    await waitForSync(h.app, admin.auth, start.json().id);
    // Calls with HighLevel's transcript are analysed without a speech model; each gets a note.
    const analysed = await until('analysed CRM calls', async () => {
      const r = await h.database.db.execute(
        sql`select id, crm_contact_id as c from recordings where location_id = ${acc.id} and status = 'done'`,
      );
      const done = rows<{ id: number; c: string }>(r);
      const pending = await h.database.db.execute(
        sql`select count(*)::int as n from recordings where location_id = ${acc.id} and status = 'analyzing'`,
      );
      return done.length > 0 && rows<{ n: number }>(pending)[0]!.n === 0 ? done : undefined;
    });
    const notes = await until('notes written', async () => {
      const n = sb.state().notes.filter((x) => x.locationId === acc.location_id);
      return n.length >= analysed.length ? n : undefined;
    });
    expect(notes).toHaveLength(analysed.length);
    const first = analysed[0]!;
    const note = notes.find((n) => n.note.body?.includes(`/main/call-analysis/${first.id}`))!;
    expect(note.contactId).toBe(first.c);
    expect(note.note.body).toMatch(
      /^Call Insights analysis\nSummary: .+\nResult: (Appointment booked|Follow-up|Not interested|Other)\nNext step: .+\nAnalysis: https:\/\/calls\.example\.com\/main\/call-analysis\/\d+$/,
    );

    // Running the job again (a retry, a second worker) writes nothing twice.
    await h.queue.send(crmWriteBackJob, { recordingId: first.id });
    await h.database.db.execute(sql`delete from crm_write_backs where recording_id = ${first.id}`);
    await h.queue.send(crmWriteBackJob, { recordingId: first.id });
    await until('write-back recorded again', async () => {
      const r = await h.database.db.execute(
        sql`select count(*)::int as n from crm_write_backs where recording_id = ${first.id}`,
      );
      return rows<{ n: number }>(r)[0]!.n === 1 ? true : undefined;
    });
    expect(
      sb.state().notes.filter((n) => n.note.body?.includes(`/main/call-analysis/${first.id}`)),
    ).toHaveLength(1);
  });

  it('disconnects the accounts of an UNINSTALL', async () => {
    const acc = accounts[2]!;
    const event = sign({
      type: 'UNINSTALL',
      appId: 'app',
      companyId: sb.companyId,
      locationId: acc.location_id,
      timestamp: new Date().toISOString(),
      webhookId: crypto.randomUUID(),
    });
    const res = await postHook(event.raw, event.signature);
    expect(res.status).toBe(200);
    const profile = await h.app.inject({ method: 'GET', url: '/api/locations/profile', headers: admin.auth });
    expect(profile.json().locations.find((l: { id: number }) => l.id === acc.id)).toMatchObject({
      active: false,
      needs_reconnect: true,
    });
  });
});
