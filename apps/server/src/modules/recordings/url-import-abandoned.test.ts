/**
 * A URL import whose client hangs up before the download ends (a closed tab, a cancelled request),
 * through the real HTTP server on both databases: the download stops at once, its partial file goes,
 * its place is given back (the next import of a user allowed one at a time goes through), no
 * recording is made, and the log says the client left instead of reporting a failure.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingReservations, recordings } from '../../db/schema.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser } from '../../test-support/factories.js';
import { toneWav } from '../../test-support/wav.js';

/** Every file under the harness's audio folder, temporary ones included. */
function audioFiles(h: Harness): string[] {
  const dir = path.join(h.dataDir, 'audio');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

async function waitFor(what: string, done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * An audio server on 127.0.0.1: `/slow/*` announces a 2-second WAV (32 KB), sends its first 8 KB,
 * then 64 bytes every 200 ms (over a minute for the rest); `/fast/*` sends a short WAV at once.
 */
function slowAudioServer() {
  const slow = { requests: 0, bytesSent: 0, closed: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const long = toneWav(2);
  const short = toneWav(0.2);
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/slow/')) {
      slow.requests++;
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': long.length });
      res.write(long.subarray(0, 8192));
      slow.bytesSent = 8192;
      const timer = setInterval(() => {
        if (slow.bytesSent >= long.length) return;
        res.write(long.subarray(slow.bytesSent, slow.bytesSent + 64));
        slow.bytesSent += 64;
      }, 200);
      timers.add(timer);
      res.once('close', () => {
        clearInterval(timer);
        timers.delete(timer);
        slow.closed++;
      });
    } else {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': short.length }).end(short);
    }
  });
  return {
    slow,
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(BACKENDS)('a URL import abandoned by its client (%s)', (backend) => {
  let h: Harness;
  let appPort = 0;
  let filesPort = 0;
  const files = slowAudioServer();
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    filesPort = await files.listen();
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    // One link at a time per user: a place kept by the abandoned import would refuse the next (429).
    h = await createHarness(
      backend,
      { MAX_CONCURRENT_URL_IMPORTS_PER_USER: '1' },
      { logStream, urlFetch: { addressPolicy: (t) => t.address === '127.0.0.1' && t.port === filesPort } },
    );
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    appPort = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await h?.close();
    await files.close();
  });

  /** POST /api/analysis/file-url over a real connection; `request` is there to hang up on. */
  function importOverHttp(auth: { authorization: string }, fileUrl: string) {
    const payload = JSON.stringify({ file_url: fileUrl, num_speakers: 2, upload_type: 'file_url' });
    const request = http.request({
      host: '127.0.0.1',
      port: appPort,
      method: 'POST',
      path: '/api/analysis/file-url',
      headers: { ...auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.once('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.once('error', reject);
    });
    request.end(payload);
    return { request, answered };
  }

  it('stops the download, keeps no file, gives its place back and makes no recording', async () => {
    const user = await createUser(h.app);
    const me = await h.app.inject({ method: 'GET', url: `/api/users/userId/${user.id}`, headers: user.auth });
    const organizationId = me.json<{ organizationId: number }>().organizationId;
    const slowBefore = files.slow.requests;
    const closedBefore = files.slow.closed;

    const abandoned = importOverHttp(user.auth, `http://127.0.0.1:${filesPort}/slow/call.wav`);
    abandoned.answered.catch(() => undefined);
    // The download is under way: its place is held and its audio is being written.
    await waitFor('the download to start', () => files.slow.requests === slowBefore + 1);
    await waitFor('the partial file', () => audioFiles(h).some((f) => path.basename(f).startsWith('.tmp-')));
    const held = await h.database.db
      .select({ id: recordingReservations.id })
      .from(recordingReservations)
      .where(eq(recordingReservations.organizationId, organizationId));
    expect(held).toHaveLength(1);

    abandoned.request.destroy();

    // The server stops reading the far file at once (not after its minute and more)…
    await waitFor('the download to stop', () => files.slow.closed === closedBefore + 1);
    expect(files.slow.bytesSent).toBeLessThan(toneWav(2).length);
    // …its place is given back…
    await waitFor('the place to be given back', async () => {
      const rows = await h.database.db
        .select({ id: recordingReservations.id })
        .from(recordingReservations)
        .where(eq(recordingReservations.organizationId, organizationId));
      return rows.length === 0;
    });
    // …and the log tells of a client that left, not of a failure.
    await waitFor('the log line', () => lines.some((l) => l.msg === 'request abandoned by the client'));
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(audioFiles(h)).toEqual([]);
    const rows = await h.database.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(eq(recordings.organizationId, organizationId));
    expect(rows).toEqual([]);

    // The user, allowed one link at a time, imports the next one at once.
    const next = importOverHttp(user.auth, `http://127.0.0.1:${filesPort}/fast/next.wav`);
    const answer = await next.answered;
    expect(answer.status, answer.body).toBe(201);
    const after = await h.database.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(eq(recordings.organizationId, organizationId));
    expect(after.map((r) => r.id)).toEqual([JSON.parse(answer.body).id]);
  });
});
