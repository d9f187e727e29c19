/**
 * Quotas through the routes on both databases: recordings and stored bytes per organization are
 * checked atomically with the insert, so imports racing for the last places never go past the
 * quota, sample calls come all or none, and a refused file leaves nothing in storage.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { upload } from '../../test-support/recordings-client.js';

/** A mono 16-bit PCM WAV of `seconds` of a quiet tone: real audio the sniffer accepts. */
function wav(seconds: number, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(800 * Math.sin((i * 2 * Math.PI * 440) / sampleRate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Every stored audio file under the harness's data folder. */
function storedFiles(h: Harness): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(wav|mp3|m4a|ogg|webm|flac)$/.test(entry.name)) out.push(full);
    }
  };
  walk(path.join(h.dataDir, 'audio'));
  return out;
}

const total = async (h: Harness, user: CreatedUser) =>
  (await h.app.inject({ method: 'GET', url: '/api/analysis/transcriptions', headers: user.auth })).json()
    .total as number;

describe.each(BACKENDS)('recording quotas on %s', (backend) => {
  let h: Harness;
  let slow: http.Server;
  let port = 0;
  /** Requests the slow file server holds open until `release()`. */
  const held: (() => void)[] = [];
  const release = () => held.splice(0).forEach((finish) => finish());

  beforeAll(async () => {
    const body = wav(0.2);
    slow = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': body.length });
      res.write(body.subarray(0, 64));
      held.push(() => res.end(body.subarray(64)));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    port = (slow.address() as AddressInfo).port;
    // Six recordings and 40 MB of audio per organization; two links at once per user.
    h = await createHarness(
      backend,
      { MAX_RECORDINGS_PER_ORG: '6', MAX_STORAGE_MB_PER_ORG: '40', MAX_CONCURRENT_URL_IMPORTS_PER_USER: '2' },
      { urlFetch: { addressPolicy: (t) => t.address === '127.0.0.1' && t.port === port } },
    );
  });
  afterAll(async () => {
    release();
    await h?.close();
    await new Promise((resolve) => slow?.close(resolve));
  });

  it('lets a user import two links at once; a third waits its turn with a clear message', async () => {
    const user = await createUser(h.app);
    const importUrl = (name: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/analysis/file-url',
        headers: user.auth,
        payload: {
          file_url: `http://127.0.0.1:${port}/${name}.wav`,
          num_speakers: 2,
          upload_type: 'file_url',
        },
      });
    const first = importUrl('one');
    const second = importUrl('two');
    for (let i = 0; held.length < 2 && i < 200; i++) await new Promise((r) => setTimeout(r, 25));
    expect(held).toHaveLength(2);

    const third = await importUrl('three');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(
      'You already have 2 links importing. Wait for one of them to finish, then try again.',
    );
    // Once they are done, the places are free again.
    release();
    expect((await first).statusCode).toBe(201);
    expect((await second).statusCode).toBe(201);
    const fourth = importUrl('four');
    for (let i = 0; held.length < 1 && i < 200; i++) await new Promise((r) => setTimeout(r, 25));
    release();
    expect((await fourth).statusCode).toBe(201);
  });

  it('imports the sample calls all or none, and says how many places are left', async () => {
    const user = await createUser(h.app);
    const first = await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: user.auth });
    expect(first.statusCode).toBe(201);
    const n = (first.json().ids as number[]).length;
    expect(n).toBeGreaterThan(6 / 2);
    const filesBefore = storedFiles(h).length;

    const second = await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: user.auth });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      `This needs ${n} free places for recordings and your organization has ${6 - n} left.`,
    );
    expect(await total(h, user)).toBe(n);
    // The audio made for the refused calls is gone too.
    expect(storedFiles(h).length).toBe(filesBefore);

    const fr = await h.app.inject({
      method: 'POST',
      url: '/api/recordings/samples',
      headers: { ...user.auth, 'accept-language': 'fr' },
    });
    expect(fr.json().error.message).toBe(
      `Il faut ${n} places libres pour des enregistrements et il en reste ${6 - n} à votre organisation.`,
    );
  });

  it('lets uploads racing for the last places take exactly those places', async () => {
    const user = await createUser(h.app);
    const small = wav(0.2);
    for (let i = 0; i < 4; i++) {
      expect((await upload(h.app, user.auth, { name: `call-${i}.wav`, data: small })).statusCode).toBe(201);
    }
    const race = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(h.app, user.auth, { name: `race-${i}.wav`, data: small })),
    );
    const codes = race.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    for (const refused of race.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.message).toBe('You have exceeded the maximum number of saved recordings.');
    }
    expect(await total(h, user)).toBe(6);
  });

  it('refuses a file that would go past the stored bytes, and keeps nothing of it', async () => {
    const user = await createUser(h.app);
    // 25 MB each at 8 kHz 16-bit: the first fits in 40 MB, the second does not.
    const big = wav(1600);
    expect((await upload(h.app, user.auth, { name: 'first.wav', data: big })).statusCode).toBe(201);
    const filesBefore = storedFiles(h).length;
    const second = await upload(h.app, user.auth, { name: 'second.wav', data: big });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'Your organization has used all of its storage space (40 MB). Delete recordings to make room.',
    );
    expect(storedFiles(h).length).toBe(filesBefore);
    expect(await total(h, user)).toBe(1);
  });
});
