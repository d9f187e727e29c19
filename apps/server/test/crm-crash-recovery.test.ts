/**
 * Crash tests of the CRM jobs: the real server process (embedded defaults: PGlite on disk, worker
 * in-process), pointed at a HighLevel sandbox that lives in this test process, is killed with
 * SIGKILL in the middle of a `crm-sync` run and in the middle of `crm-write-back`; after a restart
 * on the same data folder every call is imported exactly once and every note written exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sandbox } from '@call-insights/highlevel-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveConsent, sandboxEnv, startTestSandbox } from '../src/test-support/crm-sandbox.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const DAY = 86_400_000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('CRM crash recovery', () => {
  let sb: Sandbox;
  let child: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-crash-'));
  let port: number;
  let log = '';
  let auth: Record<string, string>;

  const start = () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...sandboxEnv(sb),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMIT_MAX: '1000',
        SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
        // An orphaned job (its worker was killed) is handed out again after this long.
        JOB_EXPIRE_SECONDS: '30',
        CRM_SYNC_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  };
  const base = () => `http://127.0.0.1:${port}`;
  const kill = async () => {
    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
  };
  const restart = async () => {
    start();
    await until('server start', async () => ((await fetch(`${base()}/api/health`)).ok ? true : undefined));
  };
  const api = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${base()}/api${url}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: res.status,
      json: (await res.json()) as Record<string, unknown> & { [k: string]: never },
    };
  };

  beforeAll(async () => {
    sb = await startTestSandbox({
      seed: 5,
      callsPerLocation: 30,
      noRecordingFraction: 0.2,
      transcriptFraction: 1,
    });
    port = await freePort();
    await restart();
    const account = {
      firstName: 'Kim',
      lastName: 'Crash',
      userName: 'kim_crm_crash',
      email: 'kim.crm@example.com',
      organization: 'Crash CRM Co',
      password: 'crash test password',
      confirmPassword: 'crash test password',
    };
    await fetch(`${base()}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    const login = await fetch(`${base()}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    auth = { authorization: `Token ${((await login.json()) as { accessToken: string }).accessToken}` };
    const startRes = await api('POST', '/crm/oauth/start', { user_type: 'Company' });
    const back = await approveConsent(startRes.json.url as unknown as string, `company:${sb.companyId}`);
    expect((await api('POST', '/locations/company', back)).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await sb?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports every call of a window exactly once after the worker is killed mid-sync', async () => {
    const locations = (await api('GET', '/locations')).json.locations as unknown as {
      id: number;
      location_id: string;
    }[];
    const acc = locations[0]!;
    const from = Date.now() - 60 * DAY;
    const recorded = sb.data.calls.filter(
      (c) =>
        c.message.locationId === acc.location_id &&
        c.scriptId !== null &&
        Date.parse(c.message.dateAdded) >= from,
    );
    expect(recorded.length).toBeGreaterThan(8);

    sb.faults.slow(150);
    const run = await api('POST', '/crm/sync', { location_id: acc.id, start_date: from });
    expect(run.status).toBe(202);
    const runId = run.json.id as unknown as number;
    const before = await until('some calls imported', async () => {
      const list = await api('GET', '/analysis/transcriptions');
      const total = list.json.total as unknown as number;
      return total >= 3 ? total : undefined;
    });
    await kill();
    sb.faults.slow(0);

    await restart();
    const done = await until('sync finished', async () => {
      const r = await api('GET', `/crm/sync/${runId}`);
      return r.json.finishedAt ? r.json : undefined;
    });
    expect(done, log.slice(-3000)).toMatchObject({
      state: 'Success',
      counts: { imported: recorded.length, failed: 0 },
    });
    const list = await api('GET', '/analysis/transcriptions');
    expect(list.json.total).toBe(recorded.length);
    expect(before).toBeLessThan(recorded.length);
    const ids = new Set(
      (list.json.items as unknown as { file: { message_id: string } }[]).map((i) => i.file.message_id),
    );
    expect(ids.size).toBe((list.json.items as unknown as unknown[]).length);
  }, 180_000);

  it('writes each analysis note once after the worker is killed mid-write-back', async () => {
    expect((await api('PUT', '/crm/settings', { writeBack: true })).status).toBe(200);
    const locations = (await api('GET', '/locations')).json.locations as unknown as {
      id: number;
      location_id: string;
    }[];
    const acc = locations[1]!;
    const from = Date.now() - 60 * DAY;
    const recorded = sb.data.calls.filter(
      (c) =>
        c.message.locationId === acc.location_id &&
        c.scriptId !== null &&
        Date.parse(c.message.dateAdded) >= from,
    );
    const run = await api('POST', '/crm/sync', { location_id: acc.id, start_date: from });
    const runId = run.json.id as unknown as number;
    await until('sync finished', async () => {
      const r = await api('GET', `/crm/sync/${runId}`);
      return r.json.finishedAt ? true : undefined;
    });
    // Every answer now takes a while: a note POST is in flight when the first note lands.
    sb.faults.slow(400);
    const notesOf = () => sb.state().notes.filter((n) => n.locationId === acc.location_id);
    await until('first note written', async () => (notesOf().length >= 1 ? true : undefined), 120_000);
    await kill();
    sb.faults.slow(0);

    await restart();
    // Every recorded call has HighLevel's transcript here, so each is analysed and gets its note.
    const notes = await until(
      'every note written',
      async () => (notesOf().length >= recorded.length ? notesOf() : undefined),
      300_000,
    );
    // The orphaned write-back job comes back after its expiry; give it time to (not) write again.
    await new Promise((r) => setTimeout(r, 35_000));
    expect(notesOf(), log.slice(-2000)).toHaveLength(recorded.length);
    const links = notes.map((n) => /call-analysis\/(\d+)/.exec(n.note.body ?? '')?.[1]);
    expect(new Set(links).size).toBe(recorded.length);
  }, 540_000);
});
