/**
 * Crash test: the real server process (embedded defaults: PGlite on disk, worker in-process) is
 * killed with SIGKILL while a recording is being transcribed; after a restart on the same data
 * folder the recording finishes, exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateFixtureAudio,
  loadCallFixture,
  type FixtureAudio,
} from '../src/modules/samples/sample-audio.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../src/test-support/stt-fake-openai-server.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('crash recovery', () => {
  let fake: FakeOpenAiServer;
  let audio: FixtureAudio;
  let child: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  let port: number;
  let log = '';

  const start = () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        TRANSCRIBER: 'openai',
        TRANSCRIBER_BASE_URL: fake.baseUrl,
        TRANSCRIBER_API_KEY: fake.apiKey,
        AUTH_RATE_LIMIT_MAX: '1000',
        SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  };
  const base = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    audio = await generateFixtureAudio(await loadCallFixture('roofing-price-follow-up'));
    fake = await startFakeOpenAiServer();
    fake.registerFixture(audio);
    port = await freePort();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a recording once after the worker is killed mid-transcription', async () => {
    start();
    await until('server start', async () => ((await fetch(`${base()}/api/health`)).ok ? true : undefined));
    const account = {
      firstName: 'Kim',
      lastName: 'Crash',
      userName: 'kim_crash',
      email: 'kim@example.com',
      organization: 'Crash Co',
      password: 'crash test password',
      confirmPassword: 'crash test password',
    };
    expect(
      (
        await fetch(`${base()}/api/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
        })
      ).status,
    ).toBe(201);
    const login = await fetch(`${base()}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { authorization: `Token ${accessToken}` };

    // The transcription vendor hangs on the first request: the job is mid-flight when we kill.
    fake.hangNext(1);
    const form = new FormData();
    form.append('json', JSON.stringify({ num_speakers: 2, upload_type: 'uploaded_file' }));
    form.append('file', new Blob([fs.readFileSync(audio.stereoPath)], { type: 'audio/wav' }), 'crash.wav');
    const up = await fetch(`${base()}/api/analysis/upload_file`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(up.status).toBe(201);
    const { id } = (await up.json()) as { id: number };
    await until('transcription in flight', async () => {
      const p = (await (
        await fetch(`${base()}/api/transcription/progress?id=${id}`, { headers: auth })
      ).json()) as { status: string };
      return p.status === 'transcribing' && fake.hits >= 1 ? true : undefined;
    });

    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const requestsBeforeCrash = fake.requests.length;

    start();
    await until('server restart', async () => ((await fetch(`${base()}/api/health`)).ok ? true : undefined));
    const done = await until(
      'recording done',
      async () => {
        const p = (await (
          await fetch(`${base()}/api/transcription/progress?id=${id}`, { headers: auth })
        ).json()) as {
          status: string;
          progress: number;
        };
        return p.status === 'done' || p.status === 'failed' ? p : undefined;
      },
      90_000,
    );
    expect(done, log.slice(-3000)).toMatchObject({ status: 'done', progress: 100 });
    // Once: each of the two channels was transcribed once after the restart, not twice.
    expect(fake.requests.length - requestsBeforeCrash).toBe(2);
    const list = (await (await fetch(`${base()}/api/analysis/transcriptions`, { headers: auth })).json()) as {
      total: number;
      items: { id: number; status: string }[];
    };
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id, status: 'done' });
  });
});
