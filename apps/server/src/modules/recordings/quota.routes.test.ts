/**
 * Quotas through the routes on both databases: recordings and stored bytes per organization are
 * checked atomically with the insert, so imports racing for the last places never go past the
 * quota, sample calls come all or none, and a refused file leaves nothing in storage. A URL import
 * holds its place in the database from before its download: the user's concurrent imports are
 * counted there (a second API process sees them) and a failed one gives its place back.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { addMember } from '../../test-support/members.js';
import { upload } from '../../test-support/recordings-client.js';
import { toneWav as wav, toneWavOfSamples as wavOfSamples } from '../../test-support/wav.js';
import { hasAudioTools } from '../samples/sample-audio.js';

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

const MB = 1024 * 1024;
/** 25,600,044 bytes (24.41 MB): the first fits in 40 MB, a second does not. */
const BIG = wav(1600);
/** With BIG stored, exactly what is left of 40 MB: 41,943,040 − 25,600,044 = 16,342,996 bytes. */
const REST = wavOfSamples((40 * MB - BIG.length - 44) / 2);

/**
 * A local file server for URL imports: `/held/*` sends its first bytes and waits for `release()`,
 * `/fast/*` a small WAV at once, `/missing/*` a 404, `/declared-big/*` BIG with its length,
 * `/chunked-big/*` BIG without a length (its size is known only once read).
 */
function fileServer() {
  const held: (() => void)[] = [];
  const small = wav(0.2);
  const server = http.createServer((req, res) => {
    const [, kind] = (req.url ?? '').split('/');
    if (kind === 'held') {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': small.length });
      res.write(small.subarray(0, 64));
      held.push(() => res.end(small.subarray(64)));
    } else if (kind === 'fast') {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': small.length }).end(small);
    } else if (kind === 'declared-big') {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': BIG.length }).end(BIG);
    } else if (kind === 'chunked-big') {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      for (let at = 0; at < BIG.length; at += 1024 * 1024) res.write(BIG.subarray(at, at + 1024 * 1024));
      res.end();
    } else {
      res.writeHead(404).end();
    }
  });
  return {
    server,
    held,
    release: () => held.splice(0).forEach((finish) => finish()),
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function waitFor(what: string, done: () => boolean) {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

const importUrl = (h: Harness, port: number, user: CreatedUser, name: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/analysis/file-url',
    headers: user.auth,
    payload: { file_url: `http://127.0.0.1:${port}/${name}.wav`, num_speakers: 2, upload_type: 'file_url' },
  });

const samples = (h: Harness, user: CreatedUser) =>
  h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: user.auth });

const FULL = 'You have exceeded the maximum number of saved recordings.';

describe.each(BACKENDS)('recording quotas on %s', (backend) => {
  let h: Harness;
  const files = fileServer();
  let port = 0;

  beforeAll(async () => {
    port = await files.listen();
    // Six recordings and 40 MB of audio per organization; two links at once per user.
    h = await createHarness(
      backend,
      { MAX_RECORDINGS_PER_ORG: '6', MAX_STORAGE_MB_PER_ORG: '40', MAX_CONCURRENT_URL_IMPORTS_PER_USER: '2' },
      { urlFetch: { addressPolicy: (t) => t.address === '127.0.0.1' && t.port === port } },
    );
  });
  afterAll(async () => {
    files.release();
    await h?.close();
    await files.close();
  });

  it('lets a user import two links at once; a third waits its turn with a clear message', async () => {
    const user = await createUser(h.app);
    const first = importUrl(h, port, user, 'held/one');
    const second = importUrl(h, port, user, 'held/two');
    await waitFor('two downloads', () => files.held.length === 2);

    const third = await importUrl(h, port, user, 'fast/three');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(
      'You already have 2 links importing. Wait for one of them to finish, then try again.',
    );
    const fr = await h.app.inject({
      method: 'POST',
      url: '/api/analysis/file-url',
      headers: { ...user.auth, 'accept-language': 'fr' },
      payload: { file_url: `http://127.0.0.1:${port}/fast/x.wav`, num_speakers: 2 },
    });
    expect(fr.json().error.message).toBe(
      'Vous avez déjà 2 liens en cours d’import. Attendez que l’un d’eux se termine, puis réessayez.',
    );
    // Once they are done, the places are free again.
    files.release();
    expect((await first).statusCode).toBe(201);
    expect((await second).statusCode).toBe(201);
    const fourth = importUrl(h, port, user, 'held/four');
    await waitFor('the fourth download', () => files.held.length === 1);
    files.release();
    expect((await fourth).statusCode).toBe(201);
    expect(await total(h, user)).toBe(3);
  });

  it('gives a failed link’s place back at once', async () => {
    const user = await createUser(h.app);
    const failed = await Promise.all([
      importUrl(h, port, user, 'missing/a'),
      importUrl(h, port, user, 'missing/b'),
    ]);
    expect(failed.map((r) => r.statusCode)).toEqual([422, 422]);
    // Both places are free again: two more links download side by side.
    const two = [importUrl(h, port, user, 'held/c'), importUrl(h, port, user, 'held/d')];
    await waitFor('two downloads', () => files.held.length === 2);
    files.release();
    expect((await Promise.all(two)).map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await total(h, user)).toBe(2);
  });

  it('imports the sample calls all or none, and says how many places are left', async () => {
    const user = await createUser(h.app);
    const first = await samples(h, user);
    expect(first.statusCode).toBe(201);
    const n = (first.json().ids as number[]).length;
    expect(n).toBeGreaterThan(6 / 2);
    const filesBefore = storedFiles(h).length;

    const second = await samples(h, user);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      `This needs ${n} free places for recordings and your organization has ${6 - n} left.`,
    );
    expect(await total(h, user)).toBe(n);
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

  it('imports one set of sample calls when two requests race for room for one', async () => {
    const user = await createUser(h.app);
    const filesBefore = storedFiles(h).length;
    const race = await Promise.all([samples(h, user), samples(h, user)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const n = (race.find((r) => r.statusCode === 201)!.json().ids as number[]).length;
    expect(race.find((r) => r.statusCode === 409)!.json().error.message).toBe(
      `This needs ${n} free places for recordings and your organization has ${6 - n} left.`,
    );
    expect(await total(h, user)).toBe(n);
    // Only the kept calls' audio is in storage (none without the audio tools).
    expect(storedFiles(h).length - filesBefore).toBe((await hasAudioTools()) ? n : 0);
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
      expect(refused.json().error.message).toBe(FULL);
    }
    expect(await total(h, user)).toBe(6);
  });

  it('lets links, uploads and sample calls of three members racing for the last place take it once', async () => {
    const admin = await createUser(h.app);
    const members = [admin, await addMember(h, admin, 'user'), await addMember(h, admin, 'manager')];
    const small = wav(0.2);
    for (let i = 0; i < 5; i++) {
      expect((await upload(h.app, admin.auth, { name: `call-${i}.wav`, data: small })).statusCode).toBe(201);
    }
    const filesBefore = storedFiles(h).length;
    const race = await Promise.all([
      ...members.flatMap((m, i) => [
        importUrl(h, port, m, `fast/race-${i}-a`),
        importUrl(h, port, m, `fast/race-${i}-b`),
      ]),
      ...members.map((m, i) => upload(h.app, m.auth, { name: `race-${i}.wav`, data: small })),
      samples(h, admin),
    ]);
    expect(race.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = race.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 409));
    const messages = new Set(refused.map((r) => r.json().error.message as string));
    for (const m of messages) {
      expect([FULL, expect.stringMatching(/^This needs \d free places .* has 1 left\.$/)]).toContainEqual(m);
    }
    expect(await total(h, admin)).toBe(6);
    // Nothing of the refused imports stayed in storage.
    expect(storedFiles(h).length - filesBefore).toBe(1);
  });

  it('refuses an upload that would go past the stored bytes before reading it, then when none is left', async () => {
    const user = await createUser(h.app);
    expect((await upload(h.app, user.auth, { name: 'first.wav', data: BIG })).statusCode).toBe(201);
    const filesBefore = storedFiles(h).length;
    const second = await upload(h.app, user.auth, { name: 'second.wav', data: BIG });
    expect(second.statusCode).toBe(409);
    // 25,600,044 bytes announced (less the multipart allowance: 24.35 MB → 24); 16,342,996 left → 16.
    expect(second.json().error.message).toBe(
      'This import needs 24 MB and your organization has 16 MB of storage left (of 40 MB). Delete recordings to make room.',
    );
    expect(storedFiles(h).length).toBe(filesBefore);

    // What is left fits exactly; then nothing more does, however small.
    expect((await upload(h.app, user.auth, { name: 'rest.wav', data: REST })).statusCode).toBe(201);
    const tiny = await upload(h.app, user.auth, { name: 'tiny.wav', data: wav(0.1) });
    expect(tiny.statusCode).toBe(409);
    expect(tiny.json().error.message).toBe(
      'Your organization has used all of its storage space (40 MB). Delete recordings to make room.',
    );
    const fr = await h.app.inject({
      method: 'POST',
      url: '/api/analysis/file-url',
      headers: { ...user.auth, 'accept-language': 'fr' },
      payload: { file_url: `http://127.0.0.1:${port}/fast/x.wav`, num_speakers: 2 },
    });
    expect(fr.statusCode).toBe(409);
    expect(fr.json().error.message).toBe(
      'Votre organisation a utilisé tout son espace de stockage (40 Mo). Supprimez des enregistrements pour faire de la place.',
    );
    expect(await total(h, user)).toBe(2);
  });

  it('refuses a link too big for the storage left, announced or found out, and keeps nothing of it', async () => {
    const user = await createUser(h.app);
    expect((await upload(h.app, user.auth, { name: 'first.wav', data: BIG })).statusCode).toBe(201);
    const filesBefore = storedFiles(h).length;
    // 25,600,044 bytes (24.41 MB → 24) against 16,342,996 left (15.59 MB → 16).
    const tooBig =
      'This import needs 24 MB and your organization has 16 MB of storage left (of 40 MB). Delete recordings to make room.';
    const announced = await importUrl(h, port, user, 'declared-big/call');
    expect(announced.statusCode).toBe(409);
    expect(announced.json().error.message).toBe(tooBig);
    const found = await importUrl(h, port, user, 'chunked-big/call');
    expect(found.statusCode).toBe(409);
    expect(found.json().error.message).toBe(tooBig);
    expect(storedFiles(h).length).toBe(filesBefore);
    // Neither kept its place: two small links still fit side by side.
    const two = await Promise.all([importUrl(h, port, user, 'fast/a'), importUrl(h, port, user, 'fast/b')]);
    expect(two.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await total(h, user)).toBe(3);
  });
});

describe.runIf(BACKENDS.includes('postgres'))(
  'URL import places across two API processes (PostgreSQL only: PGlite is one process)',
  () => {
    let first: Harness;
    let second: Harness;
    const files = fileServer();
    let port = 0;

    beforeAll(async () => {
      port = await files.listen();
      const env = { MAX_RECORDINGS_PER_ORG: '3', MAX_CONCURRENT_URL_IMPORTS_PER_USER: '2' };
      const urlFetch = {
        addressPolicy: (t: { address: string; port: number }) => t.address === '127.0.0.1' && t.port === port,
      };
      first = await createHarness('postgres', env, { urlFetch });
      second = await createHarness('postgres', env, { urlFetch, postgresUrl: first.config.DATABASE_URL });
    });
    afterAll(async () => {
      files.release();
      await second?.close();
      await first?.close();
      await files.close();
    });

    it('counts a user’s links downloading through one process when they import through the other', async () => {
      const user = await createUser(first.app);
      const login = await second.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: user.email, password: user.password },
      });
      const elsewhere = { ...user, auth: { authorization: `Token ${login.json().accessToken as string}` } };
      const running = [importUrl(first, port, user, 'held/a'), importUrl(first, port, user, 'held/b')];
      await waitFor('two downloads', () => files.held.length === 2);

      const third = await importUrl(second, port, elsewhere, 'fast/c');
      expect(third.statusCode).toBe(429);
      files.release();
      expect((await Promise.all(running)).map((r) => r.statusCode)).toEqual([201, 201]);
      // The organization's last place, taken through the second process.
      expect((await importUrl(second, port, elsewhere, 'fast/d')).statusCode).toBe(201);
      const full = await importUrl(first, port, user, 'fast/e');
      expect(full.statusCode).toBe(409);
      expect(full.json().error.message).toBe(FULL);
    });
  },
);
