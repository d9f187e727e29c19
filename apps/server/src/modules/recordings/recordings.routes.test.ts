import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicAddressesOnly } from '../../adapters/net/address-policy.js';
import type { RecordingListItem } from '@call-insights/contracts/recordings';
import { recordings } from '../../db/schema.js';
import { generateFixtureAudio, loadCallFixture, type FixtureAudio } from '../samples/sample-audio.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { addMember } from '../../test-support/members.js';
import { multipartBody, upload, waitForRecording } from '../../test-support/recordings-client.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/stt-fake-openai-server.js';

/** A local file server for URL imports: the only private address the test lets the fetcher reach. */
async function startFileServer(
  files: Record<string, { body: Buffer; type?: string }>,
  redirects: Record<string, string>,
) {
  const server = http.createServer((req, res) => {
    const p = (req.url ?? '/').split('?')[0]!;
    const target = redirects[p];
    if (target) {
      res.writeHead(302, { location: target }).end();
      return;
    }
    const file = files[p];
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': file.type ?? 'application/octet-stream',
      'content-length': file.body.length,
    });
    res.end(file.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let audio: FixtureAudio;
let fake: FakeOpenAiServer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rec-test-'));

beforeAll(async () => {
  audio = await generateFixtureAudio(await loadCallFixture('discovery-demo-booked'));
  fake = await startFakeOpenAiServer();
  fake.registerFixture(audio);
});
afterAll(async () => {
  await fake?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.each(BACKENDS)('recordings on %s', (backend) => {
  let h: Harness;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  let user: CreatedUser;

  beforeAll(async () => {
    const wav = fs.readFileSync(audio.stereoPath);
    files = await startFileServer(
      {
        '/call.wav': { body: wav, type: 'audio/wav' },
        '/notes.txt': { body: Buffer.from('hello, not audio at all '.repeat(50)), type: 'audio/wav' },
        '/empty.wav': { body: Buffer.alloc(0), type: 'audio/wav' },
      },
      {
        '/to-loopback': 'http://127.0.0.1:1/secret',
        '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      },
    );
    const port = files.port;
    h = await createHarness(
      backend,
      {
        TRANSCRIBER: 'openai',
        TRANSCRIBER_BASE_URL: fake.baseUrl,
        TRANSCRIBER_API_KEY: fake.apiKey,
        MAX_UPLOAD_MB: '4',
        JOB_RETRY_LIMIT: '0',
      },
      {
        worker: true,
        urlFetch: {
          addressPolicy: (t) => (t.address === '127.0.0.1' && t.port === port) || publicAddressesOnly(t),
        },
      },
    );
    user = await createUser(h.app);
  });
  afterAll(async () => {
    await h?.close();
    await files?.close();
  });

  const get = (url: string, auth = user.auth) => h.app.inject({ method: 'GET', url, headers: auth });

  it('imports a stereo call, transcribes each channel as a speaker, and lists and finds it', async () => {
    const res = await upload(h.app, user.auth, { name: 'Discovery call.wav', path: audio.stereoPath });
    expect(res.statusCode).toBe(201);
    const { success, id } = res.json();
    expect(success).toBe('file uploaded successfully');
    const done = await waitForRecording(h.app, user.auth, id);
    expect(done).toEqual({ progress: 100, status: 'done', error: null });

    const [row] = await h.database.db.select().from(recordings).where(eq(recordings.id, id));
    expect(row!.segments).toEqual(audio.expectedSegments);
    expect(new Set(audio.expectedSegments.map((s) => s.speaker))).toEqual(
      new Set(['Speaker 1', 'Speaker 2']),
    );
    expect(row!.durationSec).toBeCloseTo(audio.durationSec, 0);

    const list = await get('/api/analysis/transcriptions');
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({
      num_speakers: 2,
      status: 'done',
      progress: 100,
      source: 'uploaded_file',
      file: { originalname: 'Discovery call.wav' },
      location: null,
    });

    const word = audio.expectedSegments[1]!.text.split(/\W+/).find((w) => w.length > 5)!;
    const found = await get(`/api/analysis/transcriptions?q=${encodeURIComponent(word.slice(0, -1))}`);
    expect(found.json().items.map((i: { id: number }) => i.id)).toContain(id);
    const byName = await get('/api/analysis/transcriptions?q=discovery%20call');
    expect(byName.json().items.map((i: { id: number }) => i.id)).toContain(id);
    const byDate = await get(`/api/analysis/transcriptions?q=${new Date().toISOString().slice(0, 10)}`);
    expect(byDate.json().items.map((i: { id: number }) => i.id)).toContain(id);
    const none = await get('/api/analysis/transcriptions?q=zzyzx-nothing');
    expect(none.json()).toMatchObject({ items: [], total: 0, pageCount: 1 });
  });

  it('streams the audio to its organization only, with HTTP Range', async () => {
    const res = await upload(h.app, user.auth, { name: 'range.wav', path: audio.stereoPath });
    const { id } = res.json();
    const original = fs.readFileSync(audio.stereoPath);
    const full = await h.app.inject({
      method: 'GET',
      url: `/api/recordings/${id}/audio?download=1`,
      headers: user.auth,
    });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(original)).toBe(true);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-disposition']).toContain('range.wav');
    const part = await h.app.inject({
      method: 'GET',
      url: `/api/recordings/${id}/audio`,
      headers: { ...user.auth, range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${original.length}`);
    expect(part.rawPayload.equals(original.subarray(100, 200))).toBe(true);
    const tail = await h.app.inject({
      method: 'GET',
      url: `/api/recordings/${id}/audio`,
      headers: { ...user.auth, range: 'bytes=-10' },
    });
    expect(tail.rawPayload.equals(original.subarray(original.length - 10))).toBe(true);
    const bad = await h.app.inject({
      method: 'GET',
      url: `/api/recordings/${id}/audio`,
      headers: { ...user.auth, range: `bytes=${original.length + 10}-` },
    });
    expect(bad.statusCode).toBe(416);

    const signed = (await get(`/api/recordings/${id}/audio-url`)).json() as {
      url: string;
      expiresAt: number;
    };
    const viaUrl = await h.app.inject({ method: 'GET', url: signed.url, headers: { range: 'bytes=0-9' } });
    expect(viaUrl.statusCode).toBe(206);
    expect(viaUrl.rawPayload.equals(original.subarray(0, 10))).toBe(true);
    const forged = await h.app.inject({ method: 'GET', url: signed.url.replace(/sig=[^&]+/, 'sig=AAAA') });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.message).toBe(
      'This audio link is not valid. Reload the page to get a new one.',
    );
    const otherId = signed.url.replace(`/recordings/${id}/`, `/recordings/${id + 1}/`);
    expect((await h.app.inject({ method: 'GET', url: otherId })).statusCode).toBe(403);
    const expired = signed.url.replace(/exp=\d+/, `exp=${Math.floor(Date.now() / 1000) - 10}`);
    const late = await h.app.inject({ method: 'GET', url: expired });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe('This audio link has expired. Reload the page to get a new one.');
    // A link is the member's who asked for it: it stops working when they are removed, and naming
    // someone else in it breaks its signature.
    const manager = await addMember(h, user, 'manager');
    const theirs = (await get(`/api/recordings/${id}/audio-url`, manager.auth)).json() as { url: string };
    expect(
      (await h.app.inject({ method: 'GET', url: theirs.url, headers: { range: 'bytes=0-9' } })).statusCode,
    ).toBe(206);
    const borrowed = theirs.url.replace(/u=\d+/, `u=${user.id}`);
    expect((await h.app.inject({ method: 'GET', url: borrowed })).statusCode).toBe(403);
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/members/${manager.id}`,
      headers: user.auth,
    });
    expect(removed.statusCode).toBe(204);
    const afterRemoval = await h.app.inject({ method: 'GET', url: theirs.url });
    expect(afterRemoval.statusCode).toBe(403);
    expect(afterRemoval.json().error.message).toBe(
      'This audio link is not valid. Reload the page to get a new one.',
    );
    // The owner's own link still plays.
    expect(
      (await h.app.inject({ method: 'GET', url: signed.url, headers: { range: 'bytes=0-9' } })).statusCode,
    ).toBe(206);

    const stranger = await createUser(h.app);
    expect((await get(`/api/recordings/${id}/audio-url`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/recordings/${id}/audio`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/transcription/progress?id=${id}`, stranger.auth)).statusCode).toBe(404);
    expect(
      (await h.app.inject({ method: 'POST', url: `/api/recordings/${id}/retry`, headers: stranger.auth }))
        .statusCode,
    ).toBe(404);
    expect((await get('/api/analysis/transcriptions', stranger.auth)).json().total).toBe(0);
    expect((await h.app.inject({ method: 'GET', url: `/api/recordings/${id}/audio` })).statusCode).toBe(401);
    await waitForRecording(h.app, user.auth, id);
  });

  it('answers 413 as an upload passes the cap, and keeps no partial file when the client then hangs up', async () => {
    const audioDir = path.join(h.dataDir, 'audio');
    const temps = () =>
      fs.existsSync(audioDir)
        ? fs
            .readdirSync(audioDir, { recursive: true, encoding: 'utf8' })
            .filter((f) => path.basename(f).startsWith('.tmp-'))
        : [];
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('error', () => undefined);
    const chunk = (data: Buffer) =>
      socket.write(
        Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]),
      );
    socket.write(
      `POST /api/analysis/upload_file HTTP/1.1\r\nHost: x\r\nAuthorization: ${user.auth.authorization}\r\n` +
        'Content-Type: multipart/form-data; boundary=cut\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    chunk(
      Buffer.concat([
        Buffer.from('--cut\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\n\r\n'),
        fs.readFileSync(audio.stereoPath).subarray(0, 44),
      ]),
    );
    // 5 MB against a 4 MB cap, and the form never ends: the answer must not wait for it.
    for (let i = 0; i < 80; i++) chunk(Buffer.alloc(64 * 1024));
    for (let i = 0; i < 200 && !answer.includes('\r\n\r\n'); i++) await new Promise((r) => setTimeout(r, 25));
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    socket.destroy();
    for (let i = 0; i < 200 && temps().length > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(temps()).toEqual([]);
  });

  it('refuses what is not audio, empty files and oversize files, leaving nothing behind', async () => {
    const audioDir = path.join(h.dataDir, 'audio');
    const before = fs.existsSync(audioDir) ? fs.readdirSync(audioDir, { recursive: true }).length : 0;

    const text = await upload(h.app, user.auth, {
      name: 'song.wav',
      data: Buffer.from('just text, renamed to .wav '.repeat(200)),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toMatch(/not a supported audio format/);

    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000),
    ]);
    expect(
      (await upload(h.app, user.auth, { name: 'call.mp3', data: png, type: 'audio/mpeg' })).statusCode,
    ).toBe(415);

    const empty = await upload(h.app, user.auth, { name: 'empty.wav', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(415);
    expect(empty.json().error.message).toBe('The file is empty.');

    const big = Buffer.concat([
      fs.readFileSync(audio.stereoPath).subarray(0, 44),
      Buffer.alloc(5 * 1024 * 1024),
    ]);
    const tooBig = await upload(h.app, user.auth, { name: 'big.wav', data: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('PAYLOAD_TOO_LARGE');

    const missing = await upload(h.app, user.auth, undefined);
    expect(missing.statusCode).toBe(400);
    const badJson = await upload(
      h.app,
      user.auth,
      { name: 'a.wav', path: audio.stereoPath },
      '{"num_speakers":',
    );
    expect(badJson.statusCode).toBe(400);
    const badType = await upload(
      h.app,
      user.auth,
      { name: 'a.wav', path: audio.stereoPath },
      { num_speakers: 'many' },
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.fields[0].path).toBe('num_speakers');
    const notMultipart = await h.app.inject({
      method: 'POST',
      url: '/api/analysis/upload_file',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    // multipart/form-data without a boundary cannot be read (it answered 500 "Boundary not found").
    const { payload } = multipartBody({ name: 'a.wav', data: fs.readFileSync(audio.stereoPath) });
    for (const [type, lang] of [
      ['multipart/form-data', 'en'],
      ['multipart/form-data; boundary=', 'en'],
      ['multipart/form-data; charset=utf-8', 'fr'],
    ] as const) {
      const noBoundary = await h.app.inject({
        method: 'POST',
        url: '/api/analysis/upload_file',
        headers: { ...user.auth, 'content-type': type, 'accept-language': lang },
        payload,
      });
      expect(noBoundary.statusCode, type).toBe(400);
      expect(noBoundary.json().error).toEqual({
        code: 'BAD_REQUEST',
        message:
          lang === 'fr'
            ? 'Envoyez l’enregistrement en multipart/form-data avec un délimiteur (boundary) et une partie « file ».'
            : 'Send the recording as multipart/form-data with a boundary and a "file" part.',
      });
    }

    const after = fs.existsSync(audioDir) ? fs.readdirSync(audioDir, { recursive: true }).length : 0;
    expect(after).toBe(before);
  });

  it('checks that phone number and account come together, and the uploader is the caller', async () => {
    const file = { name: 'a.wav', path: audio.stereoPath };
    const phoneOnly = await upload(h.app, user.auth, file, {
      phone_number: '2025550123',
      phone_country: 'US',
    });
    expect(phoneOnly.statusCode).toBe(400);
    expect(phoneOnly.json().error.message).toBe(
      'Upload failed: Please select an account when providing a phone number.',
    );
    const accountOnly = await upload(h.app, user.auth, file, { location_id: 1 });
    expect(accountOnly.statusCode).toBe(400);
    expect(accountOnly.json().error.message).toBe(
      'Upload failed: Please provide both a phone number and an account.',
    );
    const unknownAccount = await upload(h.app, user.auth, file, {
      location_id: 999,
      phone_number: '2025550123',
    });
    expect(unknownAccount.statusCode).toBe(404);
    const badPhone = await upload(h.app, user.auth, file, { location_id: 999, phone_number: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields[0].path).toBe('phone_number');
    // A field of the upload's JSON that fails its schema says what to fix, in the reader's language.
    const badSpeakers = await upload(
      h.app,
      { ...user.auth, 'accept-language': 'fr-FR' },
      file,
      JSON.stringify({ upload_type: 'uploaded_file', num_speakers: 'deux' }),
    );
    expect(badSpeakers.statusCode).toBe(400);
    expect(badSpeakers.json().error.fields).toEqual([
      { path: 'num_speakers', message: 'doit être un nombre' },
    ]);
    const noFile = await upload(h.app, { ...user.auth, 'accept-language': 'fr-FR' }, undefined);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.fields).toEqual([{ path: 'file', message: 'est obligatoire' }]);
    const other = await upload(h.app, user.auth, file, { user_id: user.id + 1000 });
    expect(other.statusCode).toBe(403);
  });

  it('marks undecodable audio as failed with a clear error, and lets a transient failure be retried', async () => {
    const wav = fs.readFileSync(audio.stereoPath);
    const header = Buffer.from(wav.subarray(0, 44));
    const truncated = Buffer.concat([header, Buffer.from('garbage that is not pcm data at all')]);
    const res = await upload(h.app, user.auth, { name: 'truncated.wav', data: truncated });
    expect(res.statusCode).toBe(201);
    const failed = await waitForRecording(h.app, user.auth, res.json().id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/could not be decoded|incomplete|no audio|empty/i);
    // The reason was stored as a message, so a French reader gets it in French everywhere it shows.
    const fr = { ...user.auth, 'accept-language': 'fr-FR,fr;q=0.9' };
    const failedId = res.json().id as number;
    const get = (url: string, headers: Record<string, string>) =>
      h.app.inject({ method: 'GET', url, headers });
    const frenchReason = (await get(`/api/transcription/progress?id=${failedId}`, fr)).json().error as string;
    expect(frenchReason).not.toBe(failed.error);
    expect(frenchReason).toMatch(/décod|incomplet|audio|vide/i);
    const listed = (await get('/api/analysis/transcriptions?page=1', fr)).json().items as {
      id: number;
      error: string | null;
    }[];
    expect(listed.find((i) => i.id === failedId)?.error).toBe(frenchReason);
    expect((await get(`/api/analysis/analysis?id=${failedId}`, fr)).json().error).toBe(frenchReason);
    expect((await get(`/api/transcription/progress?id=${failedId}`, user.auth)).json().error).toBe(
      failed.error,
    );
    const bell = (await get('/api/notifications?limit=20', fr)).json().items as {
      kind: string;
      params: Record<string, unknown>;
    }[];
    const told = bell.find((n) => n.kind === 'call_failed' && n.params.name === 'truncated.wav');
    expect(told?.params.reason).toBe(frenchReason);
    expect(Object.keys(told?.params ?? {}).sort()).toEqual(['name', 'reason']);

    // One attempt = the request plus the provider's two quick retries; the job itself is not retried (limit 0).
    fake.failNext(3, 500);
    const flaky = await upload(h.app, user.auth, { name: 'flaky.wav', path: audio.stereoPath });
    const { id } = flaky.json();
    const first = await waitForRecording(h.app, user.auth, id);
    expect(first.status).toBe('failed');
    // A transient cause, said as such; no retry promised once the recording has failed (Retry is the member's).
    expect(first.error).toMatch(/temporary problem \(HTTP 500\)/u);
    expect(first.error).not.toMatch(/will be retried|retrying/u);
    const retry = await h.app.inject({
      method: 'POST',
      url: `/api/recordings/${id}/retry`,
      headers: user.auth,
    });
    expect(retry.statusCode).toBe(200);
    expect((await waitForRecording(h.app, user.auth, id)).status).toBe('done');
    const again = await h.app.inject({
      method: 'POST',
      url: `/api/recordings/${id}/retry`,
      headers: user.auth,
    });
    expect(again.statusCode).toBe(409);
  });

  it('says a speech-to-text setting is wrong in plain words to sales users, and which setting to admins only', async () => {
    // The signed-up user owns the organization (admin); a manager sees every call, a user their own.
    const manager = await addMember(h, user, 'manager');
    const rep = await addMember(h, user, 'user');
    const get = (url: string, who: CreatedUser) => h.app.inject({ method: 'GET', url, headers: who.auth });
    const failOn = async (who: CreatedUser, name: string) => {
      fake.failNext(1, 401); // the vendor refuses the API key: nothing a rep can fix
      const res = await upload(h.app, who.auth, { name, path: audio.stereoPath });
      expect(res.statusCode).toBe(201);
      const failed = await waitForRecording(h.app, who.auth, res.json().id);
      expect(failed.status).toBe('failed');
      return res.json().id as number;
    };
    const listed = async (who: CreatedUser, id: number) =>
      ((await get('/api/analysis/transcriptions?page=1', who)).json().items as RecordingListItem[]).find(
        (i) => i.id === id,
      );

    const adminsCall = await failOn(user, 'key-refused.wav');
    const forAdmin = await listed(user, adminsCall);
    expect(forAdmin?.error).toMatch(/not set up correctly.*administrator/i);
    expect(forAdmin?.error).not.toMatch(/TRANSCRIBER|HTTP 401/);
    expect(forAdmin?.error_setup).toBe(
      'The OpenAI-compatible transcription service rejected the API key (HTTP 401). Check TRANSCRIBER_API_KEY.',
    );
    expect((await get(`/api/analysis/analysis?id=${adminsCall}`, user)).json().error_setup).toBe(
      forAdmin?.error_setup,
    );
    // An admin reading French reads the hint in French too (the setting's name stays as it is).
    const adminFr = { ...user.auth, 'accept-language': 'fr-FR,fr;q=0.9' };
    const frenchSetup =
      'Le service de transcription compatible OpenAI a refusé la clé d’API (HTTP 401). Vérifiez TRANSCRIBER_API_KEY.';
    const adminFrList = (
      await h.app.inject({ method: 'GET', url: '/api/analysis/transcriptions?page=1', headers: adminFr })
    ).json().items as RecordingListItem[];
    expect(adminFrList.find((i) => i.id === adminsCall)?.error_setup).toBe(frenchSetup);
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: `/api/analysis/analysis?id=${adminsCall}`,
          headers: adminFr,
        })
      ).json().error_setup,
    ).toBe(frenchSetup);

    const forManager = await listed(manager, adminsCall);
    expect(forManager?.error).toBe(forAdmin?.error);
    expect(forManager?.error_setup).toBeNull();
    const managerPage = (await get(`/api/analysis/analysis?id=${adminsCall}`, manager)).json();
    expect(managerPage.error).toBe(forAdmin?.error);
    expect(managerPage.error_setup).toBeNull();
    expect(JSON.stringify(managerPage)).not.toMatch(/TRANSCRIBER/);

    const repsCall = await failOn(rep, 'rep-key-refused.wav');
    const forRep = await listed(rep, repsCall);
    expect(forRep?.error_setup).toBeNull();
    const repPage = (await get(`/api/analysis/analysis?id=${repsCall}`, rep)).json();
    expect(repPage.error_setup).toBeNull();
    expect(JSON.stringify(repPage)).not.toMatch(/TRANSCRIBER/);
    const fr = { ...rep.auth, 'accept-language': 'fr-FR,fr;q=0.9' };
    const french = (
      await h.app.inject({ method: 'GET', url: `/api/analysis/analysis?id=${repsCall}`, headers: fr })
    ).json();
    expect(french.error).toMatch(/pas correctement configurée.*administrateur/);
    // The bell tells the rep in the same plain words.
    const bell = (await get('/api/notifications?limit=20', rep)).json().items as {
      kind: string;
      params: Record<string, unknown>;
    }[];
    const told = bell.find((n) => n.kind === 'call_failed' && n.params.name === 'rep-key-refused.wav');
    expect(told?.params.reason).toBe(forRep?.error);
  });

  it('imports from a URL and refuses hostile ones with a clear reason', async () => {
    const ok = await h.app.inject({
      method: 'POST',
      url: '/api/analysis/file-url',
      headers: user.auth,
      payload: {
        file_url: `http://127.0.0.1:${files.port}/call.wav`,
        num_speakers: 2,
        upload_type: 'file_url',
      },
    });
    expect(ok.statusCode).toBe(201);
    expect((await waitForRecording(h.app, user.auth, ok.json().id)).status).toBe('done');

    const refuse = async (file_url: string) => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/analysis/file-url',
        headers: user.auth,
        payload: { file_url },
      });
      return { status: res.statusCode, message: res.json().error?.message as string };
    };
    const privateMsg = 'This URL points to a private or local network address, which is not allowed.';
    expect(await refuse(`http://127.0.0.1:${files.port + 1}/call.wav`)).toEqual({
      status: 400,
      message: privateMsg,
    });
    expect(await refuse('http://[::1]/call.wav')).toEqual({ status: 400, message: privateMsg });
    expect(await refuse('http://169.254.169.254/latest/meta-data/')).toEqual({
      status: 400,
      message: privateMsg,
    });
    expect(await refuse('http://10.0.0.1/call.wav')).toEqual({ status: 400, message: privateMsg });
    expect(await refuse('http://localhost/call.wav')).toEqual({ status: 400, message: privateMsg });
    expect(await refuse(`http://127.0.0.1:${files.port}/to-loopback`)).toEqual({
      status: 400,
      message: privateMsg,
    });
    expect(await refuse(`http://127.0.0.1:${files.port}/to-metadata`)).toEqual({
      status: 400,
      message: privateMsg,
    });
    expect((await refuse('file:///etc/passwd')).message).toBe(
      'Only http:// and https:// links can be imported.',
    );
    expect((await refuse('ftp://example.com/call.wav')).status).toBe(400);
    expect((await refuse(`http://127.0.0.1:${files.port}/empty.wav`)).status).toBe(422);
    expect((await refuse(`http://127.0.0.1:${files.port}/notes.txt`)).status).toBe(415);
    expect((await refuse(`http://127.0.0.1:${files.port}/missing.wav`)).status).toBe(422);
  });

  it('exports the list as CSV with the spec columns, safe against formulas, honouring the search', async () => {
    const res = await upload(h.app, user.auth, { name: '=SUM(1+1) call.wav', path: audio.stereoPath });
    await waitForRecording(h.app, user.auth, res.json().id);
    const csv = await get('/api/recordings/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="recordings-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Date Created,Transcription Text,User,File Name,First Name,Last Name,Account Name,Phone Number,Email,Industry,Sub-Industry,Location ID,Contact ID,Source,Targeting,Content,Last Activity Date,Rating,Summary',
    );
    const total = (await get('/api/analysis/transcriptions')).json().total;
    expect(csv.body.match(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/g)!.length).toBeGreaterThanOrEqual(total);
    expect(csv.body).toContain(",'=SUM(1+1) call.wav,");
    expect(csv.body).toContain('Ada Lovelace');
    const filtered = await get('/api/recordings/export.csv?q=SUM');
    const rows = filtered.body.split('\r\n').filter((l) => /^\d{4}-/.test(l));
    expect(rows).toHaveLength(1);
  });

  it('paginates ten per page, newest first, and sorts both ways', async () => {
    const other = await createUser(h.app);
    for (let i = 0; i < 12; i++) {
      await h.container.recordingsRepo.insert({
        organizationId: (await get(`/api/users/userId/${other.id}`, other.auth)).json().organizationId,
        userId: other.id,
        source: 'uploaded_file',
        originalName: `call-${String(i).padStart(2, '0')}.wav`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        status: 'done',
      });
    }
    const page1 = (await get('/api/analysis/transcriptions', other.auth)).json();
    expect(page1).toMatchObject({ total: 12, page: 1, pageSize: 10, pageCount: 2 });
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0].file.originalname).toBe('call-11.wav');
    const page2 = (await get('/api/analysis/transcriptions?page=2', other.auth)).json();
    expect(page2.items.map((i: { file: { originalname: string } }) => i.file.originalname)).toEqual([
      'call-01.wav',
      'call-00.wav',
    ]);
    const asc = (await get('/api/analysis/transcriptions?sort=createdAt:asc', other.auth)).json();
    expect(asc.items[0].file.originalname).toBe('call-00.wav');
    expect((await get('/api/analysis/transcriptions?page=0', other.auth)).statusCode).toBe(400);
    expect((await get('/api/analysis/transcriptions?sort=name', other.auth)).statusCode).toBe(400);
    expect((await get('/api/analysis/transcriptions?q=2026-01-05', other.auth)).json().total).toBe(1);
  });

  it('lists active accounts for the import dialog (none before a CRM sync)', async () => {
    const res = await get('/api/locations/active-locations');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locations: [] });
  });
});

describe('sample calls', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('pglite', {}, { worker: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('imports the shipped calls with transcripts and audio, and they finish without a speech engine', async () => {
    const u = await createUser(h.app);
    const res = await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: u.auth });
    expect(res.statusCode).toBe(201);
    const { ids } = res.json() as { ids: number[] };
    expect(ids.length).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect((await waitForRecording(h.app, u.auth, id)).status).toBe('done');
    const list = (
      await h.app.inject({ method: 'GET', url: '/api/analysis/transcriptions', headers: u.auth })
    ).json();
    expect(list.total).toBe(ids.length);
    expect(
      list.items.every(
        (i: { source: string; num_speakers: number }) => i.source === 'sample' && i.num_speakers === 2,
      ),
    ).toBe(true);
    const audio = await h.app.inject({
      method: 'GET',
      url: `/api/recordings/${ids[0]}/audio`,
      headers: u.auth,
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const search = await h.app.inject({
      method: 'GET',
      url: '/api/analysis/transcriptions?q=month',
      headers: u.auth,
    });
    expect(search.json().total).toBeGreaterThan(0);
  });
});
