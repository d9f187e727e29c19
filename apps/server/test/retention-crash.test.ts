/**
 * Crash test of the `retention-sweep` job: the real server (embedded defaults, worker in-process)
 * is killed with SIGKILL right after a sweep is asked for, while it runs one recording at a time;
 * after a restart on the same data folder the sweep finishes: every recording past the period is
 * gone with its audio file, and every newer one is kept.
 * Sample calls are dated now, now − 26 h, now − 52 h and now − 78 h: with a 1-day retention, 3 of
 * each 4 go.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serverProcess,
  signUpAndSignIn,
  until,
  type ServerProcess,
} from '../src/test-support/server-process.js';

describe('retention crash recovery', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-crash-'));
  let server: ServerProcess;
  let auth: Record<string, string>;

  const api = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${server.base}/api${url}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
  const total = async () => (await api('GET', '/analysis/transcriptions')).json.total as number;
  const audioFiles = () =>
    fs.existsSync(path.join(dataDir, 'audio'))
      ? fs
          .readdirSync(path.join(dataDir, 'audio'), { recursive: true })
          .filter((f) => String(f).endsWith('.wav'))
      : [];

  beforeAll(async () => {
    server = await serverProcess({
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '1000',
      SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
      MAX_RECORDINGS_PER_ORG: '100',
      RETENTION_BATCH_SIZE: '1',
      JOB_EXPIRE_SECONDS: '30',
    });
    await server.start();
    auth = await signUpAndSignIn(server.base, {
      firstName: 'Rita',
      lastName: 'Tention',
      userName: 'rita_retention',
      email: 'rita.retention@example.com',
      organization: 'Keep Little Co',
      password: 'retention password',
    });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the sweep after a kill -9, deleting exactly the old recordings and their audio', async () => {
    for (let i = 0; i < 5; i++) expect((await api('POST', '/recordings/samples')).status).toBe(201);
    expect(await total()).toBe(20);
    const filesBefore = audioFiles().length;
    expect((await api('PUT', '/organization/settings', { retention_days: 1 })).status).toBe(200);
    expect((await api('POST', '/organization/retention/run')).status).toBe(202);
    await server.kill();

    await server.start();
    // The killed sweep's job is handed out again after JOB_EXPIRE_SECONDS; asking again starts a new one.
    expect((await api('POST', '/organization/retention/run')).status).toBe(202);
    await until('the sweep to finish', async () => ((await total()) === 5 ? true : undefined), 120_000);
    expect(await total()).toBe(5);
    if (filesBefore > 0) {
      // With espeak-ng the samples have audio: one file per recording left.
      expect(filesBefore).toBe(20);
      expect(audioFiles().length).toBe(5);
    }
  });
});
