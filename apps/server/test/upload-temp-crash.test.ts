/**
 * Crash test of an upload: the real server (embedded defaults) is killed with SIGKILL while a
 * file is streaming in. The half-written temporary file stays on disk and no recording exists;
 * the next start removes the orphan (here with the age threshold at 0) and the folder is clean.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serverProcess,
  signUpAndSignIn,
  until,
  type ServerProcess,
} from '../src/test-support/server-process.js';

describe('upload crash recovery', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-crash-'));
  let server: ServerProcess;
  let auth: Record<string, string>;

  const tempFiles = () =>
    fs.existsSync(path.join(dataDir, 'audio'))
      ? fs
          .readdirSync(path.join(dataDir, 'audio'), { recursive: true })
          .map(String)
          .filter((f) => path.basename(f).startsWith('.tmp-'))
      : [];

  beforeAll(async () => {
    server = await serverProcess({
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '1000',
      SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
    });
    await server.start();
    auth = await signUpAndSignIn(server.base, {
      firstName: 'Ulla',
      lastName: 'Pload',
      userName: 'ulla_upload',
      email: 'ulla.upload@example.com',
      organization: 'Half Files Co',
      password: 'upload crash password',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no half-written file behind after a kill -9 mid-upload and a restart', async () => {
    // A WAV announced as 8 MB, of which only the first 256 KB are ever sent.
    const boundary = '----crash' + Date.now();
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + 8_000_000, 4);
    header.write('WAVEfmt ', 8);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(8000, 24);
    header.writeUInt32LE(16000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36);
    header.writeUInt32LE(8_000_000, 40);
    const head = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n\r\n${JSON.stringify({ upload_type: 'uploaded_file', num_speakers: 2 })}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      header,
      Buffer.alloc(256 * 1024, 1),
    ]);
    const url = new URL('/api/analysis/upload_file', server.base);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 8_000_000),
      },
    });
    req.on('error', () => undefined);
    req.write(head);
    await until(
      'a temporary file being written',
      async () => (tempFiles().length > 0 ? true : undefined),
      30_000,
    );
    await server.kill();
    req.destroy();
    expect(tempFiles()).toHaveLength(1);

    await server.start({ UPLOAD_TEMP_MAX_AGE_MINUTES: '0' });
    expect(tempFiles()).toEqual([]);
    expect(server.log()).toMatch(/removed temporary files of unfinished uploads/);
    const list = await fetch(`${server.base}/api/analysis/transcriptions`, { headers: auth });
    expect(((await list.json()) as { total: number }).total).toBe(0);
  }, 180_000);
});
