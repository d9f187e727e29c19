/**
 * Crash test of a URL import: the real server (embedded defaults) is killed with SIGKILL while a
 * link is downloading. The import's place (the organization's only one, and the user's only
 * concurrent import) is held in the database, so it outlives the process; it lapses after the
 * download's time cap plus a margin, and the restarted server then lets the user import again:
 * nothing leaks, and no recording or audio is left of the dead import.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serverProcess,
  signUpAndSignIn,
  until,
  type ServerProcess,
} from '../src/test-support/server-process.js';
import { toneWav } from '../src/test-support/wav.js';

describe('URL import crash recovery', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'url-import-crash-'));
  const small = toneWav(0.2);
  /** Downloads the file server holds open (their first bytes sent) until it closes. */
  const held: http.ServerResponse[] = [];
  const files = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': small.length });
    if (req.url?.startsWith('/held/')) {
      res.write(small.subarray(0, 64));
      held.push(res);
    } else res.end(small);
  });
  let server: ServerProcess;
  let auth: Record<string, string>;

  const importUrl = (name: string) =>
    fetch(`${server.base}/api/analysis/file-url`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        file_url: `http://127.0.0.1:${(files.address() as AddressInfo).port}/${name}.wav`,
        num_speakers: 2,
      }),
    });
  const audioFiles = () =>
    fs.existsSync(path.join(dataDir, 'audio'))
      ? fs
          .readdirSync(path.join(dataDir, 'audio'), { recursive: true })
          .map(String)
          .filter((f) => f.endsWith('.wav'))
      : [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    server = await serverProcess({
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '1000',
      SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
      URL_IMPORT_ALLOW_PRIVATE: `127.0.0.1:${(files.address() as AddressInfo).port}`,
      // One place per organization, one link at a time; a download may take 5 s at most.
      MAX_RECORDINGS_PER_ORG: '1',
      MAX_CONCURRENT_URL_IMPORTS_PER_USER: '1',
      URL_IMPORT_TIMEOUT_SECONDS: '5',
    });
    await server.start();
    auth = await signUpAndSignIn(server.base, {
      firstName: 'Lin',
      lastName: 'Kimport',
      userName: 'lin_kimport',
      email: 'lin.kimport@example.com',
      organization: 'Dead Links Co',
      password: 'url import crash password',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    for (const res of held) res.destroy();
    await new Promise((resolve) => files.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the place of a link that was downloading back after a kill -9 and a restart', async () => {
    const dying = importUrl('held/dying').catch(() => undefined);
    await until('the download to start', async () => (held.length > 0 ? true : undefined), 30_000);
    await server.kill();
    await dying;

    await server.start();
    // The dead import's place lapses (5 s cap + margin); until then the organization is full.
    const again = await until(
      'the place to come back',
      async () => {
        const res = await importUrl('fast/again');
        return res.status === 201 ? res : undefined;
      },
      120_000,
    );
    expect(again.status).toBe(201);
    // It was held in the database, past the process, and removed once it had lapsed.
    expect(server.log()).toMatch(/removed places held by imports that never finished/);
    const list = await fetch(`${server.base}/api/analysis/transcriptions`, { headers: auth });
    const body = (await list.json()) as { total: number; items: { file: { originalname: string } }[] };
    expect(body.total).toBe(1);
    expect(body.items[0]?.file.originalname).toBe('again.wav');
    // Only the new import's audio is kept.
    expect(audioFiles()).toHaveLength(1);
  }, 240_000);
});
